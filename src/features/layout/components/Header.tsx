import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

import { HEADER_HEIGHT_PROPERTY } from '../../../styles/header-height';
import { CartButton } from '../../cart';
import { LocationPicker } from '../../location';
import { SearchBox } from '../../search';
import { AccountSlot } from './AccountSlot';
import { BackButton } from './BackButton';
import { CategoryNav } from './CategoryNav';
import * as styles from './Header.css';

export function Header() {
  // What the page scrolls into view (a focused control, a note, an anchor) and the sticky columns
  // (a product's picture, a listing's categories) stay below the sticky header, whatever its
  // height: three rows on a phone, two from 768 px, taller with larger text.
  const header = useRef<HTMLElement>(null);
  useEffect(() => {
    const root = document.documentElement.style;
    const observer = new ResizeObserver(([entry]) =>
      root.setProperty(HEADER_HEIGHT_PROPERTY, `${Math.ceil(entry!.borderBoxSize[0]!.blockSize)}px`),
    );
    observer.observe(header.current!);
    return () => {
      observer.disconnect();
      root.removeProperty(HEADER_HEIGHT_PROPERTY);
    };
  }, []);
  return (
    <header ref={header} className={styles.header}>
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
