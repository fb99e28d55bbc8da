import { and, eq } from 'drizzle-orm';

import { transition, type OrderStatus } from '../../domain/order-status';
import { ORDER_MESSAGES } from '../../domain/orders';
import { cashOnDelivery } from '../../domain/payments';
import { closeOnlinePayment } from '../payments';
import type { Db, Executor } from '../client';
import { lockCustomer } from '../locks';
import { orderPayments, orders } from '../schema';
import { releaseHeld } from './release';
import { loadOrder, toStatus, type OrderDetail } from './read';

export type ChangeStatusResult =
  /** refundIds: refunds of online payments to start through the gateway once this is committed. */
  | { outcome: 'changed'; order: OrderDetail; refundIds?: string[] }
  | { outcome: 'not-found' }
  | { outcome: 'refused'; message: string; order: OrderDetail };

/**
 * Cancels an order awaiting payment, processing or packed: the stock goes back on the shelf, any wallet
 * payment back to the wallet, and a paid online payment gets a refund (to start through the
 * gateway), in one transaction. `customerId` null is the store (ops command).
 */
export const cancelOrder = (db: Db, input: CancelInput): Promise<ChangeStatusResult> =>
  db.transaction((tx) => cancelOrderIn(tx, input));

export interface CancelInput {
  customerId: string | null;
  orderId: string;
  reason: string;
  now: Date;
  /**
   * Only while it awaits its online payment and no payment has reached it (none paid, none being
   * confirmed): a payment that arrived meanwhile wins.
   */
  unpaidOnly?: boolean;
}

/** cancelOrder inside the caller's transaction (placing an order that replaces an unpaid one). */
export async function cancelOrderIn(tx: Executor, input: CancelInput): Promise<ChangeStatusResult> {
  const [head] = await tx
    .select({ customerId: orders.customerId })
    .from(orders)
    .where(
      input.customerId
        ? and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId))
        : eq(orders.id, input.orderId),
    );
  if (!head) return { outcome: 'not-found' };
  await lockCustomer(tx, head.customerId);
  const [row] = await tx
    .select({
      status: orders.status,
      walletPaise: orders.walletPaise,
      number: orders.number,
      paymentMethod: orders.paymentMethod,
      payablePaise: orders.payablePaise,
    })
    .from(orders)
    .where(eq(orders.id, input.orderId))
    .for('update');
  const status = toStatus(row!.status);
  if (input.unpaidOnly && status !== 'cancelled' && !(await stillUnpaid(tx, input.orderId, status))) {
    return {
      outcome: 'refused',
      message: ORDER_MESSAGES.noLongerUnpaid,
      order: (await loadOrder(tx, null, input.orderId))!,
    };
  }
  const step = transition(status, 'cancel');
  if (!step.ok) {
    return { outcome: 'refused', message: step.message, order: (await loadOrder(tx, null, input.orderId))! };
  }
  await tx
    .update(orders)
    .set({
      status: step.next,
      cancelReason: input.reason,
      cancelledBy: input.customerId ? 'customer' : 'store',
      updatedAt: input.now,
    })
    .where(eq(orders.id, input.orderId));
  await releaseHeld(tx, {
    orderId: input.orderId,
    customerId: head.customerId,
    walletPaise: row!.walletPaise,
    now: input.now,
  });
  // An online order: a paid one is refunded through the gateway (started once this commits);
  // an unpaid one takes no more payments (one that still arrives is refunded as late).
  const refundIds = await closeOnlinePayment(tx, input.orderId, input.now);
  if (row!.paymentMethod === 'cod') {
    await cashOnDelivery.refund({ orderId: input.orderId, orderNumber: row!.number, amountPaise: row!.payablePaise });
  }
  return { outcome: 'changed', order: (await loadOrder(tx, null, input.orderId))!, refundIds };
}

/** Awaiting its online payment, and none has reached it (its payment neither paid nor being confirmed). */
async function stillUnpaid(tx: Executor, orderId: string, status: OrderStatus): Promise<boolean> {
  if (status !== 'awaiting-payment') return false;
  const [payment] = await tx
    .select({ state: orderPayments.state })
    .from(orderPayments)
    .where(eq(orderPayments.orderId, orderId));
  return payment?.state === 'awaiting' || payment?.state === 'failed';
}

/** Moves an order one step on (processing -> packed -> dispatched -> delivered): store staff only. */
export async function advanceOrder(db: Db, orderId: string, now: Date): Promise<ChangeStatusResult> {
  return db.transaction(async (tx): Promise<ChangeStatusResult> => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) return { outcome: 'not-found' };
    const step = transition(toStatus(row.status), 'advance');
    if (!step.ok) return { outcome: 'refused', message: step.message, order: (await loadOrder(tx, null, orderId))! };
    await tx.update(orders).set({ status: step.next, updatedAt: now }).where(eq(orders.id, orderId));
    return { outcome: 'changed', order: (await loadOrder(tx, null, orderId))! };
  });
}
