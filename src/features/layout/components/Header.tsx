import { Link } from '@tanstack/react-router';

import * as styles from './Header.css';

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <Link to="/" className={styles.logo} aria-label="QuickCart home">
          <span>
            quick<span className={styles.logoMark}>cart</span>
          </span>
        </Link>
      </div>
    </header>
  );
}
