import { formatRupees } from '../../../lib/money';
import * as styles from './Checkout.css';

interface Props {
  /** The customer's e-gift card balance, once the bill is worked out. */
  giftCardBalance: number | undefined;
  /** What is left to pay, once the bill is worked out. */
  toPay: number | undefined;
  useGiftCard: boolean;
  onUseGiftCardChange: (use: boolean) => void;
}

/** Payment method: the gift card balance (when there is one) and cash on delivery. */
export function PaymentMethod({ giftCardBalance, toPay, useGiftCard, onUseGiftCardChange }: Props) {
  return (
    <fieldset className={styles.card}>
      <legend className={styles.cardTitle}>Payment method</legend>
      {giftCardBalance !== undefined && giftCardBalance > 0 && (
        <label className={styles.option}>
          <input
            type="checkbox"
            checked={useGiftCard}
            onChange={(event) => onUseGiftCardChange(event.target.checked)}
          />
          <span>
            Use gift card balance ({formatRupees(giftCardBalance)})
            <br />
            <span className={styles.muted}>It pays as much of the order as it covers.</span>
          </span>
        </label>
      )}
      <label className={styles.option}>
        <input type="radio" name="payment" value="cod" checked readOnly />
        <span>
          Cash on delivery
          {toPay === 0 && <span className={styles.muted}> (nothing left to pay)</span>}
        </span>
      </label>
      <p className={styles.muted}>UPI and cards are coming soon.</p>
    </fieldset>
  );
}
