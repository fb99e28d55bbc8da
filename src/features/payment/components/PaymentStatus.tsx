import { useEffect, useRef, type ReactNode } from 'react';

import { Button } from '../../../components/Button';
import { failureText, PAYMENT_TEXT } from '../constants';
import type { PayStep } from '../use-pay';
import { PayBy } from './PayBy';
import * as styles from './Payment.css';

interface Props {
  state: PayStep;
  /** Until when the order holds its items (shown while it is not paid). */
  payBy: string | null;
  /** Try again: a fresh session for the same order. Absent when paying again is not possible. */
  onTryAgain?: () => void;
  /** More ways out, shown beside Try again (e.g. "View order"). */
  extra?: ReactNode;
}

/** The payment ended without the money: failed, the gateway closed, or it could not be started. */
export const endedUnpaid = (state: PayStep) => ['failed', 'dismissed', 'error'].includes(state.step);

/**
 * Where a payment stands, announced as it changes (a live region; failures as alerts) with the
 * focus moved to it once the gateway's window has closed, and what the shopper can do next.
 */
export function PaymentStatus({ state, payBy, onTryAgain, extra }: Props) {
  const region = useRef<HTMLDivElement>(null);
  const settled = !['idle', 'opening', 'in-gateway'].includes(state.step);
  useEffect(() => {
    if (settled) region.current?.focus({ preventScroll: false });
  }, [state.step, settled]);

  if (state.step === 'idle') return <div aria-live="polite" className={styles.status} />;

  let body: ReactNode;
  switch (state.step) {
    case 'opening':
      body = <p role="status">{PAYMENT_TEXT.opening}</p>;
      break;
    case 'in-gateway':
      body = <p className={styles.info}>{PAYMENT_TEXT.inGateway}</p>;
      break;
    case 'verifying':
      body = <p role="status">{PAYMENT_TEXT.verifying}</p>;
      break;
    case 'pending':
      body = (
        <p className={styles.info} role="status">
          {PAYMENT_TEXT.pending}
        </p>
      );
      break;
    case 'paid':
      body = (
        <p className={styles.success} role="status">
          {PAYMENT_TEXT.paid}
        </p>
      );
      break;
    case 'failed':
      body = (
        <p className={styles.error} role="alert">
          {failureText(state.reason)}
        </p>
      );
      break;
    case 'dismissed':
      body = (
        <p className={styles.info} role="status">
          {PAYMENT_TEXT.dismissed}
        </p>
      );
      break;
    case 'not-payable':
    case 'error':
      body = (
        <p className={styles.error} role="alert">
          {state.message}
        </p>
      );
      break;
  }
  const unpaid = endedUnpaid(state);
  const canRetry = onTryAgain && unpaid;
  return (
    <div ref={region} tabIndex={-1} className={styles.status} aria-live="polite" data-pay-step={state.step}>
      {body}
      {payBy && unpaid && <PayBy payBy={payBy} />}
      {(canRetry || extra) && (
        <div className={styles.actions}>
          {canRetry && <Button onClick={onTryAgain}>{PAYMENT_TEXT.tryAgain}</Button>}
          {extra}
        </div>
      )}
    </div>
  );
}
