import { and, asc, eq, sql } from 'drizzle-orm';

import { transition } from '../../domain/order-status';
import { PAYMENT_PROVIDERS, type PaymentMethodId } from '../../domain/payments';
import type { Db } from '../client';
import { lockCustomer, lockProducts } from '../locks';
import { orderItems, orders, products, walletLedger } from '../schema';
import { loadOrder, toStatus, type OrderDetail } from './read';

export type ChangeStatusResult =
  | { outcome: 'changed'; order: OrderDetail }
  | { outcome: 'not-found' }
  | { outcome: 'refused'; message: string; order: OrderDetail };

/**
 * Cancels a processing order: the stock goes back on the shelf and any wallet payment back to
 * the wallet, in one transaction. `customerId` null is the store (ops command).
 */
export async function cancelOrder(
  db: Db,
  input: { customerId: string | null; orderId: string; reason: string; now: Date },
): Promise<ChangeStatusResult> {
  return db.transaction(async (tx): Promise<ChangeStatusResult> => {
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
    const step = transition(toStatus(row!.status), 'cancel');
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
    const lines = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, input.orderId))
      .orderBy(asc(orderItems.productId));
    // Locked in id order, as orders lock them, so a cancel and an order never deadlock.
    await lockProducts(
      tx,
      lines.map((line) => line.productId),
    );
    const values = sql.join(
      lines.map((line) => sql`(${line.productId}::int, ${line.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${products} set stock = ${products.stock} + v.qty
      from (values ${values}) as v(id, qty) where ${products.id} = v.id`);
    if (row!.walletPaise > 0) {
      await tx.insert(walletLedger).values({
        customerId: head.customerId,
        amountPaise: row!.walletPaise,
        kind: 'refund',
        orderId: input.orderId,
        createdAt: input.now,
      });
    }
    await PAYMENT_PROVIDERS[row!.paymentMethod as PaymentMethodId].refund({
      orderId: input.orderId,
      orderNumber: row!.number,
      amountPaise: row!.payablePaise,
    });
    return { outcome: 'changed', order: (await loadOrder(tx, null, input.orderId))! };
  });
}

/** Moves an order one step on (processing -> dispatched -> delivered): store staff only. */
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
