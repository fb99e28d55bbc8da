import type { ReactNode } from 'react';

import * as styles from './EmptyState.css';

interface Props {
  /** An icon from the icon set, drawn in a tinted circle. */
  icon: ReactNode;
  title: string;
  /** The heading's level where the empty state sits (2 on a page, 3 in a panel). */
  level?: 2 | 3;
  children?: ReactNode;
  action?: ReactNode;
}

/** What a list shows while it has nothing in it: an icon, a title, a line of text and a way on. */
export function EmptyState({ icon, title, level = 2, children, action }: Props) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <div className={styles.root}>
      <span className={styles.icon}>{icon}</span>
      <Heading className={styles.title}>{title}</Heading>
      {children && <p className={styles.body}>{children}</p>}
      {action}
    </div>
  );
}
