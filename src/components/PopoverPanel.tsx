import { useEffect, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

interface Props {
  id: string;
  className: string;
  kind: 'dialog' | 'menu' | 'disclosure';
  label?: string;
  /** The popover (trigger and panel): a pointer down outside it closes the panel. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Where the panel puts its key handling, which the popover calls for keys pressed inside it. */
  keyHandlerRef: RefObject<((event: KeyboardEvent<HTMLDivElement>) => void) | null>;
  close: (restoreFocus?: boolean) => void;
  children: ReactNode;
}

/** The open panel of a Popover, with its focus, key and outside-click handling. */
export default function PopoverPanel({ id, className, kind, label, rootRef, keyHandlerRef, close, children }: Props) {
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [rootRef, close]);

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const target =
      panel.querySelector<HTMLElement>('[data-autofocus]') ??
      (kind === 'dialog' ? panel.querySelector<HTMLElement>(FOCUSABLE) : null);
    target?.focus();
  }, [kind]);

  useEffect(() => {
    keyHandlerRef.current = (event) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close(true);
        return;
      }
      if (kind === 'dialog' || !panelRef.current) return;
      const items = Array.from(panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (items.length === 0) return;
      const index = items.indexOf(document.activeElement as HTMLElement);
      let next: number | undefined;
      if (event.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % items.length;
      else if (event.key === 'ArrowUp') next = index < 0 ? items.length - 1 : (index - 1 + items.length) % items.length;
      else if (event.key === 'Home') next = 0;
      else if (event.key === 'End') next = items.length - 1;
      if (next === undefined) return;
      event.preventDefault();
      items[next]?.focus();
    };
    return () => {
      keyHandlerRef.current = null;
    };
  }, [keyHandlerRef, kind, close]);

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a[href]')) close();
  };

  return (
    <div
      ref={panelRef}
      id={id}
      className={className}
      role={kind === 'dialog' ? 'dialog' : undefined}
      aria-label={label}
      onClick={onClick}
    >
      {children}
    </div>
  );
}
