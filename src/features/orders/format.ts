import { formatDate, formatDay, formatTime } from '../../lib/india-time';
import { formatRupees } from '../../lib/money';
import type { OrderPayment, OrderWithPayment, PayStatus } from '../payment';

/** When an order was placed, as shoppers in India read it: day, date and time in IST. */
export function placedAt(iso: string): { day: string; date: string; time: string } {
  return { day: formatDay(iso), date: formatDate(iso), time: formatTime(iso) };
}

export const STATUS_LABEL: Record<PayStatus, string> = {
  'awaiting-payment': 'Awaiting payment',
  processing: 'Processing',
  packed: 'Packed',
  dispatched: 'Dispatched',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

export const ORDER_TEXT = {
  title: 'My Orders',
  notFound: 'Order not found.',
  noOrders: 'No orders yet',
  noOrdersBody: 'Your orders and their status will appear here once you have placed one.',
  startShopping: 'Start shopping',
  viewDetails: 'View Details',
  loadFailed: 'We could not load your orders. Please check your connection and try again.',
  cancelFailed: 'We could not cancel this order. Please try again.',
  chooseCancelReason: 'Choose why you are cancelling.',
  reorderFailed: 'We could not add these items to your cart. Please try again.',
  reorderNoneAvailable: 'None of these items are in stock right now.',
} as const;

export const CANCEL_REASONS = [
  'Ordered by mistake',
  'Want to change items',
  'Delivery address is wrong',
  'Found a better price',
  'Other',
] as const;

/** Payment states as the orders list and detail show them. */
export const PAYMENT_STATE_LABEL: Record<OrderPayment['state'], string> = {
  'due-on-delivery': 'Pay on delivery',
  'not-required': 'Paid by gift card',
  awaiting: 'Awaiting payment',
  pending: 'Payment being confirmed',
  paid: 'Paid',
  failed: 'Payment failed',
  // Also an unpaid online order the shopper or the store cancelled (the status and the
  // cancellation line say which). Not 'no money taken': a payment the bank had authorised but
  // not confirmed is returned by the gateway, and a refund line shows once the server records one.
  expired: 'Not paid',
};

const REFUND_STATE = { pending: 'pending', processed: 'processed', failed: 'failed' } as const;

/**
 * Where an order's payment stands, in a few words: 'Paid', 'Awaiting payment', 'Refund of ₹120.00
 * pending'... A cancelled order that was to be paid on delivery has nothing left to pay, and one
 * an e-gift card paid in full has its amount back on the card's balance (the cancel returns it).
 */
export function paymentStatusText(payment: Pick<OrderPayment, 'state' | 'refund'>, status?: PayStatus): string {
  if (payment.refund) return `Refund of ${formatRupees(payment.refund.amount)} ${REFUND_STATE[payment.refund.state]}`;
  if (status === 'cancelled' && payment.state === 'due-on-delivery') return 'Nothing to pay';
  if (status === 'cancelled' && payment.state === 'not-required') return 'Returned to your gift card balance';
  return PAYMENT_STATE_LABEL[payment.state];
}

type NoteOrder = Pick<OrderWithPayment, 'status' | 'store' | 'cancelledBy' | 'placedAt' | 'timeline'>;

/**
 * The line beside the status badge: what the badge does not already say. A delivered order says
 * how quickly it came (or, after an hour, when), never 'Delivered' a second time.
 */
export function statusNote(order: NoteOrder): string | null {
  switch (order.status) {
    case 'awaiting-payment':
      return 'Waiting for your payment';
    case 'processing':
      return `Being packed at ${order.store.name}`;
    case 'packed':
      return `Packed at ${order.store.name}, leaving soon`;
    case 'dispatched':
      return 'On the way to you';
    case 'delivered':
      return arrivedText(order);
    case 'cancelled':
      return cancelledByText(order.cancelledBy);
  }
}

function arrivedText(order: NoteOrder): string | null {
  const delivered = order.timeline.findLast((entry) => entry.status === 'delivered')?.at;
  // Orders from before the timeline was kept: the badge alone says it.
  if (!delivered) return null;
  // From when the store had the order: an online order's time to pay is the shopper's, not the ride's.
  const placed =
    (order.timeline.find((entry) => entry.status === 'processing') ?? order.timeline[0])?.at ?? order.placedAt;
  const minutes = Math.max(1, Math.round((Date.parse(delivered) - Date.parse(placed)) / 60_000));
  if (minutes < 60) return `Arrived in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  return `Arrived on ${formatDate(delivered)} at ${formatTime(delivered)}`;
}

/** Who ended a cancelled order: the shopper, the store, or the payment's hold running out (no one). */
export function cancelledByText(by: OrderWithPayment['cancelledBy']): string {
  if (by === 'customer') return 'Cancelled by you';
  if (by === 'store') return 'Cancelled by the store';
  return 'Cancelled automatically';
}

/**
 * A cancelled order's line in My Orders: who cancelled it and why ('Cancelled by you: Replaced by
 * order #12'), so the list alone explains an order that never came. Null for any other order, and
 * for one a live event has just marked cancelled, whose who and why the next fetch brings.
 */
export function cancellationText(order: Pick<OrderWithPayment, 'status' | 'cancelledBy' | 'cancelReason'>) {
  if (order.status !== 'cancelled' || (order.cancelledBy === null && order.cancelReason === null)) return null;
  const by = cancelledByText(order.cancelledBy);
  return order.cancelReason ? `${by}: ${order.cancelReason}` : by;
}
