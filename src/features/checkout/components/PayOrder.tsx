import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';

import { Button } from '../../../components/Button';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { Spinner } from '../../../components/Spinner';
import { formatRupees } from '../../../lib/money';
import { useSession } from '../../auth';
import { clearCartAtom, decrementCartItemAtom } from '../../cart';
import {
  attemptOrderId,
  forgetAttempt,
  LocalGatewayDialog,
  opensGatewayOnLoad,
  PAYMENT_TEXT,
  PaymentStatus,
  payOrderQueryOptions,
  usePay,
  type OrderWithPayment,
} from '../../payment';
import * as styles from './Checkout.css';

/**
 * /checkout?pay=<order id>: pays an order placed earlier and not paid yet (Pay now on the order
 * page). It is the checkout page so that the gateway's script is allowed (its
 * Content-Security-Policy); once paid it leaves for the order, emptying the cart if the order
 * came from it, or taking out of the cart what it ordered if it is the order of the cart before it
 * changed.
 */
export function PayOrder({ orderId }: { orderId: string }) {
  const query = useQuery(payOrderQueryOptions(orderId));
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus({ preventScroll: true }), []);
  if (query.isPending) return <Spinner label="Loading the order" />;
  if (query.isError) {
    return (
      <section className={styles.emptyPage}>
        <p className={styles.error} role="alert">
          {PAYMENT_TEXT.loadFailed}
        </p>
        <Button tone="outline" onClick={() => void query.refetch()}>
          {PAYMENT_TEXT.tryAgain}
        </Button>
      </section>
    );
  }
  return <PayOrderView order={query.data} heading={heading} />;
}

function PayOrderView({
  order,
  heading,
}: {
  order: OrderWithPayment;
  heading: React.RefObject<HTMLHeadingElement | null>;
}) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const clearCart = useSetAtom(clearCartAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const payable = order.status === 'awaiting-payment' && order.payment.state !== 'pending';
  const pay = usePay({
    method: order.payment.method === 'card' ? 'card' : 'upi',
    contact: session?.user.mobile ?? '',
    onOrder: (next) => queryClient.setQueryData(payOrderQueryOptions(next.id).queryKey, next),
    onPaid: async (paid) => {
      // The checkout's order for a cart changed since (paid instead of the cart as it is now).
      const ofEarlierCart = attemptOrderId() === paid.id;
      const fromCart = forgetAttempt(paid.id);
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate({ to: '/account/orders/$orderId', params: { orderId: paid.id } });
      if (fromCart) await clearCart();
      else if (ofEarlierCart) {
        // What it ordered leaves the cart; what was added since stays, to order next.
        for (const item of paid.items) for (let i = 0; i < item.quantity; i++) await decrement(item.productId);
      }
    },
  });
  const { watch, payAgain } = pay;
  useEffect(() => {
    if (order.payment.state === 'pending') void watch(order.id);
    else if (payable && opensGatewayOnLoad(window.location.search)) {
      // Sent here to pay (the page before could not open the gateway): open it, once.
      const url = new URL(window.location.href);
      url.searchParams.delete('open');
      window.history.replaceState(window.history.state, '', url);
      void payAgain(order.id);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the order as loaded
  }, []);

  return (
    <section className={styles.payPage} aria-labelledby="pay-order-title">
      <h1 id="pay-order-title" ref={heading} tabIndex={-1} className={styles.title}>
        Pay for order #{order.number}
      </h1>
      <div className={styles.card}>
        <p>
          To pay: <strong>{formatRupees(order.payment.amount)}</strong> by {order.payment.label}
        </p>
        {payable ? (
          <>
            <PaymentStatus
              state={pay.state}
              payBy={order.payment.payBy}
              onTryAgain={pay.busy ? undefined : () => void pay.payAgain(order.id)}
            />
            {pay.state.step === 'idle' && (
              <NeedsConnection what="Paying">
                {(online) => (
                  <Button
                    className={styles.placeButton}
                    disabled={!online || pay.busy}
                    aria-busy={pay.busy}
                    onClick={() => void pay.payAgain(order.id)}
                  >
                    Pay now · {formatRupees(order.payment.amount)}
                  </Button>
                )}
              </NeedsConnection>
            )}
          </>
        ) : (
          <PaymentStatus
            state={
              order.payment.state === 'pending'
                ? pay.state
                : { step: 'not-payable', message: PAYMENT_TEXT.nothingToPay }
            }
            payBy={null}
          />
        )}
        <Link to="/account/orders/$orderId" params={{ orderId: order.id }} className={styles.secondaryLink}>
          View order
        </Link>
      </div>
      <LocalGatewayDialog session={pay.localSession} onOutcome={pay.onLocalOutcome} />
    </section>
  );
}
