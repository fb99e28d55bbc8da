import { Button } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { PAYMENT_TEXT, PaymentStatus, endedUnpaid, type PayStep } from '../../payment';
import type { PlaceFeedback } from '../use-place-order';
import * as styles from './Checkout.css';

interface Props {
  feedback: PlaceFeedback | null;
  canPlace: boolean;
  placing: boolean;
  /** Paying online: from opening the gateway's checkout until the order is paid or left unpaid. */
  paying: boolean;
  /** What is left to pay, once the bill is worked out. */
  toPay: number | undefined;
  onPlace: () => void;
  payState: PayStep;
  /** The order placed and not paid yet: until when it holds its items. */
  payBy: string | null;
  /** Pays the order placed (a fresh session); absent when no order awaits payment. */
  onTryAgain?: () => void;
  /** Cancels the unpaid order so that another way to pay can be chosen; absent when none awaits. */
  onPayAnotherWay?: () => void;
  /** The unpaid order is being cancelled. */
  switching?: boolean;
}

/** What the last attempt said, where its payment stands, and the Place order button (which needs a connection). */
export function PlaceOrder({
  feedback,
  canPlace,
  placing,
  paying,
  toPay,
  onPlace,
  payState,
  payBy,
  onTryAgain,
  onPayAnotherWay,
  switching = false,
}: Props) {
  const busy = placing || paying;
  // After a failed, closed or unopened payment: the way out besides Try again.
  const anotherWay = onPayAnotherWay && endedUnpaid(payState) && (
    <Button tone="outline" onClick={onPayAnotherWay} disabled={switching} aria-busy={switching}>
      {switching ? 'Cancelling the unpaid order…' : PAYMENT_TEXT.payAnotherWay}
    </Button>
  );
  return (
    <>
      {feedback && (
        <p className={feedback.tone === 'notice' ? styles.info : styles.error} role="alert">
          {feedback.message}
        </p>
      )}
      <PaymentStatus state={payState} payBy={payBy} onTryAgain={onTryAgain} extra={anotherWay || undefined} />
      {!onTryAgain && (
        <NeedsConnection what="Placing an order">
          <Button className={styles.placeButton} onClick={onPlace} disabled={!canPlace} aria-busy={busy}>
            {placing
              ? 'Placing your order…'
              : paying
                ? 'Paying…'
                : toPay !== undefined
                  ? `Place order · ${formatRupees(toPay)}`
                  : 'Place order'}
          </Button>
        </NeedsConnection>
      )}
    </>
  );
}
