import { QuantityStepper } from '../../../components/QuantityStepper';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import type { CartItem } from '../cart-logic';
import { MAX_ITEM_QUANTITY, maxQuantityNote } from '../constants';
import { CART_TEXT } from '../texts';
import * as styles from './CartLine.css';
import { Thumbnail } from '../../../components/Thumbnail';

interface Props {
  item: CartItem;
  priceChanged: boolean;
  onIncrement: () => void;
  onDecrement: () => void;
  onRemove: () => void;
}

/** One cart item: picture, name, pack size, price, quantity and remove; greyed when unavailable. */
export function CartLine({ item, priceChanged, onIncrement, onDecrement, onRemove }: Props) {
  const unavailable = Boolean(item.unavailable);
  return (
    <li className={styles.line({ unavailable })}>
      <Thumbnail className={styles.image} src={item.img} size={64} />
      <div className={styles.info}>
        <p className={styles.name}>{item.name}</p>
        {item.size && <p className={styles.muted}>{item.size}</p>}
        {unavailable ? (
          <p className={styles.unavailable}>{CART_TEXT.unavailable}</p>
        ) : (
          <p className={styles.price}>
            <span>{formatRupees(item.price)}</span>
            {item.mrp > item.price && (
              <s className={styles.mrp}>
                <span className={visuallyHidden}>MRP </span>
                {formatRupees(item.mrp)}
              </s>
            )}
            {item.discount && <span className={styles.discount}>{item.discount}</span>}
          </p>
        )}
        {priceChanged && !unavailable && <p className={styles.priceUpdated}>{CART_TEXT.priceUpdated}</p>}
      </div>
      <div className={styles.actions}>
        {!unavailable && (
          <QuantityStepper
            quantity={item.quantity}
            label={`${item.name} quantity`}
            max={MAX_ITEM_QUANTITY}
            maxNote={maxQuantityNote}
            onIncrement={onIncrement}
            onDecrement={onDecrement}
          />
        )}
        <button type="button" className={styles.remove} aria-label={`Remove ${item.name} from cart`} onClick={onRemove}>
          Remove
        </button>
      </div>
    </li>
  );
}
