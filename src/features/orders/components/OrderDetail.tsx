import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';

import type { Order } from '../../../../server/schemas/order';
import { Button } from '../../../components/Button';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { serverMessage } from '../../../lib/server-message';
import { formatRupees } from '../../../lib/money';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountPage } from '../../account';
import { useCancelOrder } from '../api/cancel-order';
import { orderQueryOptions } from '../api/get-order';
import { CANCEL_REASONS, ORDER_TEXT, placedAt } from '../format';
import { useReorder } from '../use-reorder';
import { OrderNotFound } from './OrderNotFound';
import * as styles from './Orders.css';
import { OrdersError } from './OrdersError';
import { StatusBadge } from './StatusBadge';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One order (spec point 2): status and cancel reason, items, bill details, order details. */
export function OrderDetail({ orderId }: { orderId: string }) {
  const valid = UUID.test(orderId);
  const query = useQuery({ ...orderQueryOptions(orderId), enabled: valid });
  if (!valid || (query.error as { response?: Response } | null)?.response?.status === 404) return <OrderNotFound />;
  if (query.isError) return <OrdersError onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Spinner label="Loading the order" />;
  return <OrderView order={query.data} />;
}

function OrderView({ order }: { order: Order }) {
  const { reorder, pending, message, failed } = useReorder(order.items);
  const [cancelOpen, setCancelOpen] = useState(false);
  const when = placedAt(order.placedAt);
  const { address } = order;
  const addressLine = [address.buildingName, address.floor, address.locality, address.nearBy, address.city]
    .filter(Boolean)
    .join(', ');
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);

  return (
    <AccountPage title={`Order #${order.number}`}>
      <section className={styles.section} aria-label="Order status">
        <div className={styles.statusRow}>
          <StatusBadge status={order.status} />
          <span className={styles.muted}>
            {order.status === 'processing' && `Arriving in about ${order.etaMinutes} minutes from ${order.store.name}`}
            {order.status === 'dispatched' && 'On the way to you'}
            {order.status === 'delivered' && 'Delivered'}
            {order.status === 'cancelled' && `Cancelled by ${order.cancelledBy === 'store' ? 'the store' : 'you'}`}
          </span>
        </div>
        {order.status === 'cancelled' && order.cancelReason && (
          <p>
            <strong>Reason:</strong> {order.cancelReason}
          </p>
        )}
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

      <section className={styles.section} aria-labelledby="order-items">
        <h2 id="order-items" className={styles.sectionTitle}>
          {itemCount} {itemCount === 1 ? 'item' : 'items'} in this order
        </h2>
        <ul className={styles.list}>
          {order.items.map((item) => (
            <li key={item.productId} className={styles.itemRow}>
              <img className={styles.itemImage} src={item.img} alt="" width={56} height={56} loading="lazy" />
              <div>
                <p>{item.name}</p>
                <p className={styles.muted}>
                  {item.size} × {item.quantity}
                </p>
              </div>
              <p>
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
          <dd className={styles.dd}>{order.paymentMethod}</dd>
          <dt className={styles.dt}>Deliver to</dt>
          <dd className={styles.dd}>
            <strong>
              {address.tag} · {address.name}
            </strong>
            <br />
            {addressLine}
          </dd>
          <dt className={styles.dt}>Order placed</dt>
          <dd className={styles.dd}>
            {when.day}, {when.date} at {when.time}
          </dd>
        </dl>
      </section>

      <CancelDialog orderId={order.id} open={cancelOpen} onClose={() => setCancelOpen(false)} />
    </AccountPage>
  );
}

function BillSection({ order }: { order: Order }) {
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
            <td className={styles.td}>-{formatRupees(bill.productDiscount)}</td>
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
                  Paid by e-gift card
                </th>
                <td className={styles.td}>-{formatRupees(bill.giftCardPaid)}</td>
              </tr>
              <tr className={styles.totalRow}>
                <th scope="row" className={styles.th}>
                  {order.status === 'cancelled' ? 'Was to pay on delivery' : 'To pay on delivery'}
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

function CancelDialog({ orderId, open, onClose }: { orderId: string; open: boolean; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<string>(CANCEL_REASONS[0]);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelOrder(orderId);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
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
          id={`${id}-reason`}
          className={styles.select}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        >
          {CANCEL_REASONS.map((r) => (
            <option key={r}>{r}</option>
          ))}
        </select>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
