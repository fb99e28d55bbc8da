import { useEffect, useId, useRef, type ReactNode, type RefObject, type SyntheticEvent } from 'react';

import * as styles from './Dialog.css';

/**
 * Drives a native <dialog> from React state: `showModal()` while `open` (the browser traps focus,
 * makes the page inert and closes on Escape), `initialFocus` focused on open, and focus handed
 * back to whatever had it before on close (or to what stands in for it, see focusStandIn).
 * Closing by the browser (Escape) reports to `onClose`.
 */
export function useModalDialog(
  open: boolean,
  onClose: () => void,
  initialFocus: RefObject<HTMLElement | null>,
): RefObject<HTMLDialogElement | null> {
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    initialFocus.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
      else focusStandIn(opener);
    };
  }, [open, initialFocus]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const handleClose = () => {
      // The close event is queued: the dialog may have been opened again since (StrictMode).
      if (!dialog.open) onCloseRef.current();
    };
    dialog.addEventListener('close', handleClose);
    return () => dialog.removeEventListener('close', handleClose);
  }, []);

  return ref;
}

/**
 * Where focus goes when what opened a dialog is gone once it closes (Login turned into My Account,
 * a menu closed, a deleted address's card): what took its place (an element with the same
 * `data-focus-key`, shown), else the page's main content, where it is (not scrolled to), so that
 * focus never falls to the body.
 */
export function focusStandIn(opener: HTMLElement | null) {
  const key = opener?.dataset.focusKey;
  const taken = key
    ? [...document.querySelectorAll<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`)].find(
        (element) => element.getClientRects().length > 0,
      )
    : undefined;
  taken?.focus();
  // None, or not one that takes focus yet (a part still loading shows a placeholder there).
  if (!taken || document.activeElement !== taken) document.getElementById('main')?.focus({ preventScroll: true });
}

/** True when a click landed on the dialog's backdrop rather than on its content. */
export const isBackdropClick = (event: React.MouseEvent<HTMLDialogElement>) => event.target === event.currentTarget;

interface FrameProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** The content is rendered only while open, so closing resets it. */
  open: boolean;
  labelledBy: string;
  /** `compact` for a message and its actions, `comfortable` for a header above a form. */
  density?: 'compact' | 'comfortable';
  onBackdropClick: () => void;
  onCancel?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  children: ReactNode;
}

/** The modal box every dialog shares: the native <dialog>, its backdrop and its padded panel. */
export function DialogFrame({ dialogRef, open, labelledBy, density, onBackdropClick, onCancel, children }: FrameProps) {
  return (
    <dialog
      ref={dialogRef}
      className={styles.dialog}
      aria-labelledby={labelledBy}
      onCancel={onCancel}
      onClick={(event) => {
        if (isBackdropClick(event)) onBackdropClick();
      }}
    >
      {open && <div className={styles.panel({ density })}>{children}</div>}
    </dialog>
  );
}

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  /** Buttons along the bottom, e.g. a confirmation. */
  actions?: ReactNode;
}

/** A small centred modal dialog with a title, content and actions. */
export function Dialog({ open, onClose, title, children, actions }: Props) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const ref = useModalDialog(open, onClose, heading);
  return (
    <DialogFrame dialogRef={ref} open={open} labelledBy={titleId} onBackdropClick={onClose}>
      <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
        {title}
      </h2>
      <div className={styles.body}>{children}</div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </DialogFrame>
  );
}
