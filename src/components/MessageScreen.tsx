import { useEffect, useRef, type ReactNode } from 'react';

import * as styles from './Message.css';

interface Props {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}

/**
 * A full-page message (not found, error, empty). Focus moves to its title so it is announced, but
 * not out of a field or an open popover the shopper is using meanwhile (offline, 'Not available
 * offline' comes a moment after the page was asked for, and took the focus from the location
 * panel): an element after an expanded trigger is that trigger's panel (a dialog or menu of the
 * header). A modal <dialog> keeps the focus by itself.
 */
export function MessageScreen({ title, children, actions }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const inUse = 'input,select,textarea,[aria-expanded=true],[aria-expanded=true]~*';
    if (!document.activeElement?.closest(inUse)) heading.current?.focus();
  }, []);
  return (
    <section className={styles.screen}>
      <h1 className={styles.title} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  );
}
