import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';

import { prefetch, retryingImport } from '../lib/retrying-import';
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
  /** The trigger's `data-focus-key`: a dialog whose opener is gone hands focus to it (see focusStandIn). */
  focusKey?: string;
  children: ReactNode | ((api: PopoverApi) => ReactNode);
}

// The panel's behaviour (focus, keys, outside clicks) is needed only once a popover opens, which
// never happens before the first paint: it loads then, or as the pointer or focus reaches a
// trigger (decision 021).
const loadPanel = retryingImport(() => import('./PopoverPanel'));
const PopoverPanel = lazy(loadPanel);
const preloadPanel = () => prefetch(loadPanel);

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
  focusKey,
  children,
}: Props) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  // Set by the open panel: its handling of Escape and the arrow keys, for the whole popover.
  const keyHandlerRef = useRef<((event: KeyboardEvent<HTMLDivElement>) => void) | null>(null);
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

  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    // Tabbing out of the popover closes it; a click on plain text inside has no relatedTarget.
    const next = event.relatedTarget as Node | null;
    if (open && next && !rootRef.current?.contains(next)) setOpen(false);
  };

  return (
    <div
      ref={rootRef}
      className={[styles.root, className].filter(Boolean).join(' ')}
      onKeyDown={(event) => {
        if (open) keyHandlerRef.current?.(event);
      }}
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
        data-focus-key={focusKey}
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => setOpen((value) => !value)}
      >
        {label}
        {chevron && <ChevronDownIcon className={styles.chevron} strokeWidth={3.6} />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <PopoverPanel
            id={panelId}
            className={[styles.panel[align], panelClassName].filter(Boolean).join(' ')}
            kind={kind}
            label={panelLabel}
            rootRef={rootRef}
            keyHandlerRef={keyHandlerRef}
            close={close}
          >
            {typeof children === 'function' ? children({ close }) : children}
          </PopoverPanel>
        </Suspense>
      )}
    </div>
  );
}
