import { Button } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import { NeedsConnection } from '../../../components/NeedsConnection';
import type { PlaceFeedback } from '../use-place-order';
import * as styles from './Checkout.css';

interface Props {
  feedback: PlaceFeedback | null;
  canPlace: boolean;
  placing: boolean;
  /** What is left to pay, once the bill is worked out. */
  toPay: number | undefined;
  onPlace: () => void;
}

/** What the last attempt said, and the Place order button (which needs a connection). */
export function PlaceOrder({ feedback, canPlace, placing, toPay, onPlace }: Props) {
  return (
    <>
      {feedback && (
        <p className={feedback.tone === 'notice' ? styles.info : styles.error} role="alert">
          {feedback.message}
        </p>
      )}
      <NeedsConnection what="Placing an order">
        <Button className={styles.placeButton} onClick={onPlace} disabled={!canPlace} aria-busy={placing}>
          {placing
            ? 'Placing your order…'
            : toPay !== undefined
              ? `Place order · ${formatRupees(toPay)}`
              : 'Place order'}
        </Button>
      </NeedsConnection>
    </>
  );
}
