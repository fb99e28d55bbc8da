/**
 * An order's life: an online order first awaits payment (its stock held), then, like a cash on
 * delivery order, processing, packed, dispatched, delivered; or cancelled while awaiting payment,
 * processing or packed (an unpaid online order is also cancelled when its hold runs out).
 */
export const ORDER_STATUSES = [
  'awaiting-payment',
  'processing',
  'packed',
  'dispatched',
  'delivered',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** advance: store staff; cancel: shopper or store; pay: a verified payment; expire: the hold job. */
export type OrderEvent = 'advance' | 'cancel' | 'pay' | 'expire';

export type Transition = { ok: true; next: OrderStatus } | { ok: false; message: string };

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = {
  processing: 'packed',
  packed: 'dispatched',
  dispatched: 'delivered',
};

export function transition(status: OrderStatus, event: OrderEvent): Transition {
  if (event === 'pay' || event === 'expire') {
    if (status === 'awaiting-payment') return { ok: true, next: event === 'pay' ? 'processing' : 'cancelled' };
    return { ok: false, message: `This order is not awaiting payment: it is ${status}.` };
  }
  if (event === 'cancel') {
    if (status === 'processing' || status === 'packed' || status === 'awaiting-payment')
      return { ok: true, next: 'cancelled' };
    if (status === 'cancelled') return { ok: false, message: 'This order is already cancelled.' };
    return { ok: false, message: `This order can no longer be cancelled: it has been ${status}.` };
  }
  if (status === 'awaiting-payment') {
    return { ok: false, message: 'This order is awaiting payment and cannot be dispatched until it is paid.' };
  }
  const next = NEXT[status];
  if (next) return { ok: true, next };
  return { ok: false, message: `A ${status} order cannot move on.` };
}

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export const canCancel = (status: OrderStatus) => transition(status, 'cancel').ok;
