import { Link } from '@tanstack/react-router';

import { CartButton } from '../../cart';
import { LocationPicker } from '../../location';
import { SearchBox } from '../../search';
import { AccountSlot } from './AccountSlot';
import { BackButton } from './BackButton';
import { CategoryNav } from './CategoryNav';
import * as styles from './Header.css';

export function Header() {
  return (
    <header className={styles.header}>
      <div className={styles.bar}>
        <div className={styles.start}>
          <BackButton />
          <Link to="/" className={styles.logo} aria-label="QuickCart home">
            <span aria-hidden>
              quick<span className={styles.logoMark}>cart</span>
            </span>
          </Link>
        </div>
        <LocationPicker className={styles.location} />
        <SearchBox className={styles.search} />
        <div className={styles.actions}>
          <AccountSlot />
          <CartButton />
        </div>
      </div>
      <CategoryNav />
    </header>
  );
}
