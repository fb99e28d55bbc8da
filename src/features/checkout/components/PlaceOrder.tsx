import { useId } from 'react';

import { Button } from '../../../components/Button';
import { formatRupees } from '../../../lib/money';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { formatTime } from '../../../lib/india-time';
import {
  PAYMENT_TEXT,
  PaymentStatus,
  endedUnpaid,
  payOrderHref,
  type OrderWithPayment,
  type PayStep,
} from '../../payment';
import { CHECKOUT_TEXT } from '../constants';
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
  /** An earlier cart's order still waiting for payment, which placing this cart cancels. */
  earlier?: OrderWithPayment | null;
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
  earlier = null,
}: Props) {
  const earlierId = useId();
  const busy = placing || paying;
  // How a payment ended is the order's to show while it waits (Try again); not once the cart changed.
  const shownState: PayStep = onTryAgain || !endedUnpaid(payState) ? payState : { step: 'idle' };
  // After a failed, closed or unopened payment: the way out besides Try again.
  const anotherWay = onPayAnotherWay && endedUnpaid(shownState) && (
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
      {earlier && !onTryAgain && (
        <p id={earlierId} className={styles.info} data-earlier-order={earlier.id}>
          {CHECKOUT_TEXT.earlierUnpaid(
            earlier.number,
            earlier.payment.payBy && formatTime(Date.parse(earlier.payment.payBy)),
          )}{' '}
          <a href={payOrderHref(earlier.id)}>{CHECKOUT_TEXT.payEarlierInstead(earlier.number)}</a>
        </p>
      )}
      <PaymentStatus state={shownState} payBy={payBy} onTryAgain={onTryAgain} extra={anotherWay || undefined} />
      {!onTryAgain && (
        <NeedsConnection what="Placing an order">
          <Button
            className={styles.placeButton}
            onClick={onPlace}
            disabled={!canPlace}
            aria-busy={busy}
            // Placing cancels the earlier cart's unpaid order: said with the button, not only before it.
            aria-describedby={earlier ? earlierId : undefined}
          >
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
