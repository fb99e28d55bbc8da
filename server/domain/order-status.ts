/** An order's life: processing, then dispatched, then delivered; or cancelled while processing. */
export const ORDER_STATUSES = ['processing', 'dispatched', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export type OrderEvent = 'advance' | 'cancel';

export type Transition = { ok: true; next: OrderStatus } | { ok: false; message: string };

const NEXT: Partial<Record<OrderStatus, OrderStatus>> = { processing: 'dispatched', dispatched: 'delivered' };

export function transition(status: OrderStatus, event: OrderEvent): Transition {
  if (event === 'cancel') {
    if (status === 'processing') return { ok: true, next: 'cancelled' };
    if (status === 'cancelled') return { ok: false, message: 'This order is already cancelled.' };
    return { ok: false, message: `This order can no longer be cancelled: it has been ${status}.` };
  }
  const next = NEXT[status];
  if (next) return { ok: true, next };
  return { ok: false, message: `A ${status} order cannot move on.` };
}

export const isOrderStatus = (value: string): value is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(value);

export const canCancel = (status: OrderStatus) => transition(status, 'cancel').ok;
