import type { ReactNode, Ref } from 'react';

import * as styles from './EmptyState.css';

interface Props {
  /** An icon from the icon set, drawn in a tinted circle. */
  icon: ReactNode;
  title: string;
  /** The heading's level where the empty state sits (1 as a page's only content, 2 on a page, 3 in a panel). */
  level?: 1 | 2 | 3;
  /** For a page whose heading takes the focus when it opens. */
  headingId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a list shows while it has nothing in it: an icon, a title, a line of text and a way on. */
export function EmptyState({ icon, title, level = 2, headingId, headingRef, children, action }: Props) {
  const Heading = level === 1 ? 'h1' : level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.root}>
      <span className={styles.icon}>{icon}</span>
      <Heading id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={styles.title}>
        {title}
      </Heading>
      {children && <p className={styles.body}>{children}</p>}
      {action}
    </div>
  );
}
