import { useEffect, useRef, type ReactNode } from 'react';

import { isBackdropClick, useModalDialog } from './Dialog';
import * as styles from './Sheet.css';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The title element's id, for content that wants to point at it. */
  titleId: string;
  children: ReactNode;
  /** Before the title, e.g. a back button. */
  leading?: ReactNode;
  /** Pinned under the scrolling content, e.g. the main action. */
  footer?: ReactNode;
  closeLabel?: string;
}

/**
 * A side panel over the page: full width on phones, a column on the right from the md breakpoint.
 * Built on the native modal <dialog>; focus goes to the title on open and whenever the title
 * changes (a new view), and back to the opener on close.
 */
export function Sheet({ open, onClose, title, titleId, children, leading, footer, closeLabel = 'Close' }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ref = useModalDialog(open, onClose, heading);
  const shownTitle = useRef(title);

  useEffect(() => {
    if (open && shownTitle.current !== title) heading.current?.focus();
    shownTitle.current = title;
  }, [open, title]);

  return (
    <dialog
      ref={ref}
      className={styles.sheet}
      aria-labelledby={titleId}
      onClick={(event) => {
        if (isBackdropClick(event)) onClose();
      }}
    >
      {open && (
        <div className={styles.layout}>
          <header className={styles.header}>
            {leading}
            <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
              {title}
            </h2>
            <button type="button" className={styles.close} aria-label={closeLabel} onClick={onClose}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden>
                <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </button>
          </header>
          <div className={styles.body}>{children}</div>
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  );
}
