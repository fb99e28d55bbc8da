import {
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';

import { ChevronDownIcon } from './Icons';
import * as styles from './Popover.css';

export interface PopoverApi {
  /** Closes the panel; with `restoreFocus` the trigger gets focus back (as after Escape). */
  close: (restoreFocus?: boolean) => void;
}

interface Props {
  /** What the trigger button shows. */
  label: ReactNode;
  /** Accessible name of the trigger, when `label` alone does not say enough (icons, values). */
  triggerLabel?: string;
  triggerClassName?: string;
  panelClassName?: string;
  className?: string;
  /** Accessible name of the panel. */
  panelLabel?: string;
  /**
   * `dialog`: a panel with form controls (focus goes to the first one on open).
   * `menu`: the panel holds a role="menu" list, arrow keys move between its items.
   * `disclosure`: a plain list of links or buttons (navigation), arrow keys move too.
   */
  kind?: 'dialog' | 'menu' | 'disclosure';
  /** Which edge of the trigger the panel lines up with. */
  align?: 'start' | 'end';
  /** Show a chevron after the label that flips while open. */
  chevron?: boolean;
  children: ReactNode | ((api: PopoverApi) => ReactNode);
}

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex="0"]';

/**
 * A button that opens a floating panel below it. Escape closes it and returns focus to the
 * button, a click outside closes it, and following a link inside closes it.
 */
export function Popover({
  label,
  triggerLabel,
  triggerClassName,
  panelClassName,
  className,
  panelLabel,
  kind = 'disclosure',
  align = 'start',
  chevron = true,
  children,
}: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();

  // Bumped to hand focus back to the trigger once the panel has closed.
  const [focusRequest, setFocusRequest] = useState(0);

  const close = useCallback((restoreFocus = false) => {
    setOpen(false);
    if (restoreFocus) setFocusRequest((count) => count + 1);
  }, []);

  useEffect(() => {
    if (focusRequest > 0) triggerRef.current?.focus();
  }, [focusRequest]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  useEffect(() => {
    if (!open || !panelRef.current) return;
    const panel = panelRef.current;
    const target =
      panel.querySelector<HTMLElement>('[data-autofocus]') ??
      (kind === 'dialog' ? panel.querySelector<HTMLElement>(FOCUSABLE) : null);
    target?.focus();
  }, [open, kind]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
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

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Tabbing out of the popover closes it; a click on plain text inside has no relatedTarget.
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  };

  const onPanelClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a[href]')) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={[styles.root, className].filter(Boolean).join(' ')}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
    >
      <button
        ref={triggerRef}
        type="button"
        className={[styles.trigger, triggerClassName].filter(Boolean).join(' ')}
        aria-label={triggerLabel}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup={kind === 'dialog' ? 'dialog' : kind === 'menu' ? 'menu' : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {chevron && <ChevronDownIcon className={styles.chevron} strokeWidth={3.6} />}
      </button>
      {open && (
        <div
          ref={panelRef}
          id={panelId}
          className={[styles.panel[align], panelClassName].filter(Boolean).join(' ')}
          role={kind === 'dialog' ? 'dialog' : undefined}
          aria-label={panelLabel}
          onClick={onPanelClick}
        >
          {typeof children === 'function' ? children({ close }) : children}
        </div>
      )}
    </div>
  );
}
