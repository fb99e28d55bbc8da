import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { addressLine } from '../../../lib/address-line';
import { serverMessage } from '../../../lib/server-message';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountPage } from '../../account';
import {
  PAYMENT_METHOD_NAMES,
  PAYMENT_TEXT,
  failureText,
  PayBy,
  payOrderHref,
  pollDelay,
  type OrderWithPayment,
} from '../../payment';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import { CANCEL_REASONS, ORDER_TEXT, paymentStatusText, placedAt, statusNote } from '../format';
import { useOrderStream } from '../use-order-stream';
import { useReorder } from '../use-reorder';
import { OrderNotFound } from './OrderNotFound';
import * as styles from './Orders.css';
import { OrdersError } from './OrdersError';
import { OrderTimeline } from './OrderTimeline';
import { PushPrompt } from './PushPrompt';
import { StaleNote } from './StaleNote';
import { StatusBadge } from './StatusBadge';
import { Thumbnail } from '../../../components/Thumbnail';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order (spec point 2): status and cancel reason, items, bill details, order details. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const valid = UUID.test(orderId);
  const query = useQuery({
    ...orderQueryOptions(orderId),
    enabled: valid,
    // A payment the bank is confirming is looked at again, less and less often; an order waiting
    // for payment now and then (a payment made elsewhere, or the hold running out).
    refetchInterval: (q) => {
      const order = q.state.data;
      if (order?.payment.state === 'pending') return pollDelay(q.state.dataUpdateCount);
      return order?.status === 'awaiting-payment' ? 30_000 : false;
    },
  });
  // Live while the page is open: each change to the order lands in the query's cache (issue 19).
  const { connected } = useOrderStream();
  if (!valid || (query.error as { response?: Response } | null)?.response?.status === 404) return <OrderNotFound />;
  // A failed refetch keeps the order on screen, marked with when it was last heard of.
  if (query.isError && !query.data) return <OrdersError onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner label="Loading the order" />;
  return (
    <OrderView
      order={query.data}
      onHoldOver={() => void query.refetch()}
      live={connected && !query.isError}
      updatedAt={query.dataUpdatedAt}
    />
  );
}

interface ViewProps {
  order: OrderWithPayment;
  onHoldOver: () => void;
  /** Whether the page hears about changes as they happen (else it says when it last heard). */
  live: boolean;
  updatedAt: number;
}

function OrderView({ order, onHoldOver, live, updatedAt }: ViewProps) {
  const { reorder, pending, message, failed } = useReorder(order.id, order.items);
  const [cancelOpen, setCancelOpen] = useState(false);
  const when = placedAt(order.placedAt);
  const { address } = order;
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <AccountPage title={`Order #${order.number}`}>
      <StaleNote connected={live} updatedAt={updatedAt} />
      <PushPrompt order={order} />
      <section className={styles.section} aria-label="Order status">
        <div className={styles.statusRow}>
          <StatusBadge status={order.status} />
          <span className={styles.muted}>{statusNote(order)}</span>
        </div>
        {order.status === 'cancelled' && order.cancelReason && (
          <p>
            <strong>Reason:</strong> {order.cancelReason}
          </p>
        )}
        <PaymentDue order={order} onHoldOver={onHoldOver} />
        <div className={styles.actions}>
          {order.canCancel && (
            <Button tone="outline" onClick={() => setCancelOpen(true)}>
              Cancel order
            </Button>
          )}
          <Button onClick={() => void reorder()} disabled={pending} aria-busy={pending}>
            {pending ? 'Adding to cart…' : 'Reorder'}
          </Button>
        </div>
        {message && (
          <p className={failed ? styles.error : styles.notice} role={failed ? 'alert' : 'status'}>
            {message}
          </p>
        )}
      </section>

      <OrderTimeline order={order} />

      <section className={styles.section} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.sectionTitle}>
          {itemCount} {itemCount === 1 ? 'item' : 'items'} in this order
        </h2>
        <ul className={styles.list}>
          {order.items.map((item) => (
            <li key={item.productId} className={styles.itemRow}>
              <Thumbnail className={styles.itemImage} src={item.img} size={56} />
              <div>
                <p>{item.name}</p>
                <p className={styles.muted}>
                  {item.size} × {item.quantity}
                </p>
              </div>
              <p className={styles.itemPrice}>
                {item.mrp > item.price && (
                  <s className={styles.muted}>
                    <span className={visuallyHidden}>MRP </span>
                    {formatRupees(item.mrp * item.quantity)}
                  </s>
                )}{' '}
                <strong>{formatRupees(item.price * item.quantity)}</strong>
              </p>
            </li>
          ))}
        </ul>
      </section>

      <BillSection order={order} />

      <section className={styles.section} aria-labelledby="order-details">
        <h2 id="order-details" className={styles.sectionTitle}>
          Order details
        </h2>
        <dl className={styles.dl}>
          <dt className={styles.dt}>Order id</dt>
          <dd className={styles.dd}>
            #{order.number} <span className={styles.muted}>({order.id})</span>
          </dd>
          <dt className={styles.dt}>Payment</dt>
          <dd className={styles.dd}>{order.payment.label}</dd>
          <dt className={styles.dt}>Payment status</dt>
          <dd className={styles.dd}>{paymentStatusText(order.payment, order.status)}</dd>
          <dt className={styles.dt}>Deliver to</dt>
          <dd className={styles.dd}>
            <strong>
              {address.tag} · {address.name}
            </strong>
            <br />
            {addressLine(address)}
          </dd>
          <dt className={styles.dt}>Order placed</dt>
          <dd className={styles.dd}>
            {when.day}, {when.date} at {when.time}
          </dd>
        </dl>
      </section>

      <CancelDialog
        orderId={order.id}
        paidOnline={order.payment.state === 'paid' && order.payment.amount > 0 ? order.payment.amount : 0}
        open={cancelOpen}
        onClose={() => setCancelOpen(false)}
      />
    </AccountPage>
  );
}

/** What the bill's last line is called: what the payment method collects, or collected. */
function toPayLabel(order: OrderWithPayment): string {
  const { method, state } = order.payment;
  if (method === 'upi' || method === 'card') return state === 'paid' ? 'Paid online' : 'To pay online';
  if (method === 'gift-card') return 'To pay';
  return order.status === 'cancelled' ? 'Was to pay on delivery' : 'To pay on delivery';
}

/**
 * An order waiting for its online payment: until when it holds its items, the last attempt's
 * failure, and Pay now (the checkout page pays it: the gateway's script is allowed only there);
 * or that the bank is confirming a payment.
 */
function PaymentDue({ order, onHoldOver }: { order: OrderWithPayment; onHoldOver: () => void }) {
  if (order.status !== 'awaiting-payment') return null;
  const { payment } = order;
  if (payment.state === 'pending') {
    return (
      <p className={styles.payBox} role="status">
        {PAYMENT_TEXT.pending}
      </p>
    );
  }
  return (
    <div className={styles.payBox}>
      {payment.state === 'failed' && <p>{failureText(payment.failureReason)}</p>}
      <p>
        {formatRupees(payment.amount)} to pay by{' '}
        {payment.method === 'card' ? PAYMENT_METHOD_NAMES.card.toLowerCase() : PAYMENT_METHOD_NAMES.upi}
        {order.bill.giftCardPaid > 0 && ' (your E-Gift Card paid the rest)'}.
      </p>
      {payment.payBy && <PayBy payBy={payment.payBy} onExpired={onHoldOver} />}
      {/* A full page load: the checkout document carries the policy that allows the gateway. */}
      <a href={payOrderHref(order.id)} className={styles.payLink}>
        Pay now · {formatRupees(payment.amount)}
      </a>
    </div>
  );
}

function BillSection({ order }: { order: OrderWithPayment }) {
  const { bill } = order;
  return (
    <section className={styles.section} aria-labelledby="bill-details">
      <h2 id="bill-details" className={styles.sectionTitle}>
        Bill details
      </h2>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row" className={styles.th}>
              MRP
            </th>
            <td className={styles.td}>{formatRupees(bill.mrpTotal)}</td>
          </tr>
          <tr>
            <th scope="row" className={styles.th}>
              Product discount
            </th>
            <td className={styles.td}>
              {bill.productDiscount > 0 ? `-${formatRupees(bill.productDiscount)}` : formatRupees(0)}
            </td>
          </tr>
          <tr>
            <th scope="row" className={styles.th}>
              Item total
            </th>
            <td className={styles.td}>{formatRupees(bill.itemsTotal)}</td>
          </tr>
          <tr>
            <th scope="row" className={styles.th}>
              Handling charge
            </th>
            <td className={styles.td}>{formatRupees(bill.handlingCharge)}</td>
          </tr>
          <tr>
            <th scope="row" className={styles.th}>
              Delivery charges
            </th>
            <td className={styles.td}>{bill.deliveryCharge > 0 ? formatRupees(bill.deliveryCharge) : 'FREE'}</td>
          </tr>
          <tr className={styles.totalRow}>
            <th scope="row" className={styles.th}>
              Bill total
            </th>
            <td className={styles.td}>{formatRupees(bill.billTotal)}</td>
          </tr>
          {bill.giftCardPaid > 0 && (
            <>
              <tr>
                <th scope="row" className={styles.th}>
                  {order.status === 'cancelled' ? 'Paid by e-gift card, back on its balance' : 'Paid by e-gift card'}
                </th>
                <td className={styles.td}>-{formatRupees(bill.giftCardPaid)}</td>
              </tr>
              <tr className={styles.totalRow}>
                <th scope="row" className={styles.th}>
                  {toPayLabel(order)}
                </th>
                <td className={styles.td}>{formatRupees(bill.toPay)}</td>
              </tr>
            </>
          )}
        </tbody>
      </table>
    </section>
  );
}

interface CancelProps {
  orderId: string;
  /** Rupees paid online, refunded when the order is cancelled. */
  paidOnline: number;
  open: boolean;
  onClose: () => void;
}

function CancelDialog({ orderId, paidOnline, open, onClose }: CancelProps) {
  const id = useId();
  // No reason is chosen for the shopper: the order records the one they pick.
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reasonField = useRef<HTMLSelectElement>(null);
  const cancel = useCancelOrder(orderId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!reason) {
      setError(ORDER_TEXT.chooseCancelReason);
      reasonField.current?.focus();
      return;
    }
    try {
      await cancel.cancel(reason);
      onClose();
    } catch (failure) {
      setError(serverMessage(failure) ?? ORDER_TEXT.cancelFailed);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Cancel this order?"
      actions={
        <>
          <Button tone="outline" onClick={onClose}>
            Keep order
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel order'}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={(event) => void submit(event)} className={styles.field}>
        <label htmlFor={`${id}-reason`}>Why are you cancelling?</label>
        <select
          ref={reasonField}
          id={`${id}-reason`}
          className={styles.select}
          value={reason}
          aria-invalid={error === ORDER_TEXT.chooseCancelReason || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => {
            setReason(e.target.value);
            if (error === ORDER_TEXT.chooseCancelReason) setError(null);
          }}
        >
          <option value="" disabled>
            Choose a reason
          </option>
          {CANCEL_REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        {paidOnline > 0 && (
          <p>The {formatRupees(paidOnline)} you paid online will be refunded to the account you paid it from.</p>
        )}
        {error && (
          <p id={`${id}-error`} className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
