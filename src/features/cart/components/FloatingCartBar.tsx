import { useLocation } from '@tanstack/react-router';
import { useAtomValue, useSetAtom } from 'jotai';

import { formatRupees } from '../../../lib/money';
import { popupActionAtom } from '../../popups';
import { cartTotalsAtom } from '../atoms';
import { itemsLabel } from '../constants';
import { CartIcon } from '../../../components/Icons';
import * as styles from './FloatingCartBar.css';

/** Spec point 2: on small screens, a bar pinned to the bottom while the cart holds items. */
export function FloatingCartBar() {
  const { totalQuantity, itemsTotal } = useAtomValue(cartTotalsAtom);
  const popup = useSetAtom(popupActionAtom);
  // Checkout lists the cart itself; there the bar only covered its content and messages.
  const atCheckout = useLocation({ select: (location) => location.pathname === '/checkout' });
  if (totalQuantity <= 0 || atCheckout) return null;
  return (
    <div className={styles.region}>
      {/* Holds the bar's height in the page so it never hides the end of the content. */}
      <div className={styles.spacer} />
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.button}
          aria-haspopup="dialog"
          onClick={() => void popup({ name: 'cart', type: 'open' })}
        >
          <span className={styles.icon}>
            <CartIcon size={22} />
          </span>
          <span className={styles.summary}>
            <span>{itemsLabel(totalQuantity)}</span> <span className={styles.total}>{formatRupees(itemsTotal)}</span>
          </span>
          <span className={styles.cta}>
            View cart{' '}
            <span aria-hidden className={styles.chevron}>
              ›
            </span>
          </span>
        </button>
      </div>
    </div>
  );
}
