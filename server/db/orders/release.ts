import { asc, eq, sql } from 'drizzle-orm';

import type { Executor } from '../client';
import { lockProducts } from '../locks';
import { orderItems, orders, products, storeStock, walletLedger } from '../schema';

/**
 * Gives back what an order held: its items to its store's stock (products locked in id order, as orders lock
 * them, so a cancel and an order never deadlock) and any e-gift card share to the wallet. The
 * caller holds the customer's lock and has moved the order to cancelled.
 */
export async function releaseHeld(
  tx: Executor,
  input: { orderId: string; customerId: string; walletPaise: number; now: Date },
) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, input.orderId))
    .orderBy(asc(orderItems.productId));
  await lockProducts(
    tx,
    lines.map((line) => line.productId),
  );
  const values = sql.join(
    lines.map((line) => sql`(${line.productId}::int, ${line.quantity}::int)`),
    sql`, `,
  );
  // Back to the store that packed it (decision 034), whose rows the order took from; the national
  // sum follows by trigger. A product no longer sold takes nothing back (decision 033): a manager
  // gives it a count when it is sold again.
  await tx.execute(sql`
    update ${storeStock} set stock = ${storeStock.stock} + v.qty
    from (values ${values}) as v(id, qty), ${orders} o, ${products} p
    where o.id = ${input.orderId}::uuid and ${storeStock.storeId} = o.store_id
      and ${storeStock.productId} = v.id and p.id = v.id and p.sold`);
  if (input.walletPaise > 0) {
    await tx.insert(walletLedger).values({
      customerId: input.customerId,
      amountPaise: input.walletPaise,
      kind: 'refund',
      orderId: input.orderId,
      createdAt: input.now,
    });
  }
}
