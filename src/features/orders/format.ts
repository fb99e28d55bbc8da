import { formatRupees } from '../../lib/money';
import type { OrderPayment, OrderWithPayment, PayStatus } from '../payment';

const TIME_ZONE = 'Asia/Kolkata';
const dayFormat = new Intl.DateTimeFormat('en-IN', { weekday: 'long', timeZone: TIME_ZONE });
const dateFormat = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const timeFormat = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: TIME_ZONE,
});

/** When an order was placed, as shoppers in India read it: day, date and time in IST. */
export function placedAt(iso: string): { day: string; date: string; time: string } {
  const when = new Date(iso);
  return {
    day: dayFormat.format(when),
    date: dateFormat.format(when),
    time: timeFormat.format(when).replace(/\b(am|pm)\b/, (m) => m.toUpperCase()),
  };
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
  expired: 'Expired: items released',
};

const REFUND_STATE = { pending: 'pending', processed: 'processed', failed: 'failed' } as const;

/** Where an order's payment stands, in a few words: 'Paid', 'Awaiting payment', 'Refund of ₹120.00 pending'... */
export function paymentStatusText(payment: Pick<OrderPayment, 'state' | 'refund'>): string {
  if (payment.refund) return `Refund of ${formatRupees(payment.refund.amount)} ${REFUND_STATE[payment.refund.state]}`;
  return PAYMENT_STATE_LABEL[payment.state];
}

/** Who ended a cancelled order: the shopper, the store, or the payment's hold running out (no one). */
export function cancelledByText(by: OrderWithPayment['cancelledBy']): string {
  if (by === 'customer') return 'Cancelled by you';
  if (by === 'store') return 'Cancelled by the store';
  return 'Cancelled automatically';
}
