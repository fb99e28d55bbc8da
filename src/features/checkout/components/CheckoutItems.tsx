import type { CurrentLine } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import type { CartItem } from '../../cart';
import { CHECKOUT_TEXT } from '../constants';
import * as styles from './Checkout.css';
import { Thumbnail } from '../../../components/Thumbnail';

const PROBLEM_TEXT: Record<NonNullable<CurrentLine['problem']>, (line: CurrentLine) => string> = {
  'price-changed': (line) => `Price changed to ${formatRupees(line.price)}`,
  'out-of-stock': () => 'Out of stock',
  'not-enough-stock': (line) => `Only ${line.available} left`,
  unavailable: () => 'No longer sold',
};

interface Props {
  titleId: string;
  cartItems: readonly CartItem[];
  /** The lines as the server prices them now, once the bill is worked out. */
  current: readonly CurrentLine[] | undefined;
  /** The lines that changed since they were added (price, stock, no longer sold). */
  problems: readonly CurrentLine[];
  onUpdateCart: () => void;
}

/** The items card: each line at today's price, what changed since it was added, Update my cart. */
export function CheckoutItems({ titleId, cartItems, current, problems, onUpdateCart }: Props) {
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        Items
      </h2>
      {problems.length > 0 && (
        <div className={styles.info} role="status">
          <p>{CHECKOUT_TEXT.itemsChanged}</p>
          <Button size="sm" tone="outline" onClick={onUpdateCart}>
            Update my cart
          </Button>
        </div>
      )}
      {cartItems.some((item) => item.unavailable) && <p className={styles.muted}>{CHECKOUT_TEXT.unavailableLeftOut}</p>}
      <ul className={styles.list}>
        {cartItems
          .filter((item) => !item.unavailable)
          .map((item) => {
            const line = current?.find((candidate) => candidate.productId === item.id);
            return (
              <li key={item.id} className={styles.item}>
                <Thumbnail className={styles.itemImage} src={item.img} size={48} />
                <div>
                  <p>{item.name}</p>
                  <p className={styles.muted}>
                    {item.size} × {item.quantity}
                  </p>
                  {line?.problem && <p className={styles.problem}>{PROBLEM_TEXT[line.problem](line)}</p>}
                </div>
                <strong>{formatRupees((line?.price ?? item.price) * item.quantity)}</strong>
              </li>
            );
          })}
      </ul>
    </section>
  );
}
