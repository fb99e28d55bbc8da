/**
 * Stock for tests (decision 034): it lives per dark store, and `products.stock` is the national
 * sum that the database keeps (writing it directly is refused).
 */
import { eq, sql } from 'drizzle-orm';

import type { Executor } from '../../server/db/client';
import { storeStock } from '../../server/db/schema';
import { listStores } from '../../server/db/stores';
import { findServingStore, type LatLng } from '../../server/domain/delivery';

/** Where most tests' shoppers live: served by the Bandra West store. */
export const MUMBAI_BANDRA = { latitude: 19.06, longitude: 72.83 };

/** The id of the store that serves a place (throws if none does). */
export async function storeServing(db: Executor, place: LatLng = MUMBAI_BANDRA): Promise<number> {
  const served = findServingStore(place, await listStores(db));
  if (!served.serviceable) throw new Error(`no store serves ${place.latitude},${place.longitude}`);
  return served.store.id;
}

/**
 * Gives a product `stock` units at the store serving `at` (Bandra by default) and none at the
 * others, so that the national sum is `stock` too; `at: 'every store'` gives each store `stock`.
 */
export async function setStock(
  db: Executor,
  productId: number,
  stock: number,
  at: LatLng | 'every store' = MUMBAI_BANDRA,
): Promise<void> {
  const only = at === 'every store' ? null : await storeServing(db, at);
  await db
    .update(storeStock)
    .set({
      stock: only === null ? stock : sql`case when ${storeStock.storeId} = ${only} then ${stock}::int else 0 end`,
    })
    .where(eq(storeStock.productId, productId));
}

/** A product's stock at one store. */
export async function stockAt(db: Executor, productId: number, storeId: number): Promise<number> {
  const [row] = await db
    .select({ stock: storeStock.stock })
    .from(storeStock)
    .where(sql`${storeStock.productId} = ${productId} and ${storeStock.storeId} = ${storeId}`);
  return row?.stock ?? 0;
}
