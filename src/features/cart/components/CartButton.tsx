import { useAtomValue, useSetAtom } from 'jotai';

import { formatRupees } from '../../../lib/money';
import { popupActionAtom } from '../../popups';
import { cartTotalsAtom } from '../atoms';
import { EMPTY_CART_BUTTON_LABEL, itemsLabel } from '../constants';
import * as styles from './CartButton.css';
import { CartIcon } from '../../../components/Icons';

/**
 * The header's cart button (spec point 2): 'N Items' and the total to two decimals while the cart
 * holds something, otherwise 'My Card'. Opens the cart panel.
 */
export function CartButton() {
  const { totalQuantity, itemsTotal } = useAtomValue(cartTotalsAtom);
  const popup = useSetAtom(popupActionAtom);
  const filled = totalQuantity > 0 && itemsTotal > 0;
  return (
    <button
      type="button"
      className={styles.button[filled ? 'filled' : 'empty']}
      aria-haspopup="dialog"
      onClick={() => void popup({ name: 'cart', type: 'open' })}
    >
      <CartIcon size={22} className={styles.icon} />
      {filled ? (
        <span className={styles.summary}>
          <span>{itemsLabel(totalQuantity)}</span> <span>{formatRupees(itemsTotal)}</span>
        </span>
      ) : (
        <span>{EMPTY_CART_BUTTON_LABEL}</span>
      )}
    </button>
  );
}
