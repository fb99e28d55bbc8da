import { Link } from '@tanstack/react-router';
import { useEffect, useId, useRef, type ReactNode } from 'react';

import * as styles from './Account.css';
import { ArrowLeftIcon } from '../../../components/Icons';

interface Props {
  title: string;
  children: ReactNode;
}

/**
 * One page of the account area: its title, and on phones a back arrow to the account menu
 * (the page then covers the screen). Focus goes to the title so the new page is announced.
 */
export function AccountPage({ title, children }: Props) {
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.pageHeader}>
        <Link to="/account" className={styles.back} aria-label="Back to My Account">
          <ArrowLeftIcon />
        </Link>
        <h1 id={titleId} ref={heading} tabIndex={-1} className={styles.pageTitle}>
          {title}
        </h1>
      </div>
      {children}
    </section>
  );
}
