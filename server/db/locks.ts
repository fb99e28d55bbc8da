import { asc, eq, inArray } from 'drizzle-orm';

import type { Executor } from './client';
import { customers, products } from './schema';

/**
 * Every write to a customer's orders or wallet first locks the customer's row: one at a time.
 * False when the customer does not exist.
 */
export async function lockCustomer(tx: Executor, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  return Boolean(row);
}

/** Locks products for a change of their stock, in id order (as every writer does: no deadlocks). */
export async function lockProducts(tx: Executor, productIds: number[]) {
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id))
    .for('update');
}
