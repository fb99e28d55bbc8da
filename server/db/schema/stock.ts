/** Stock per dark store (issue 18, decision 034). */

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';

import { products } from './catalog';
import { stores } from './orders';

/**
 * How many of a product a dark store has. An order takes from the store that serves its
 * address; `products.stock` is the national sum of these, kept by triggers (migration 0013).
 * A store without a row for a product has none of it.
 */
export const storeStock = pgTable(
  'store_stock',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    stock: integer('stock').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.productId] }),
    index('store_stock_product_idx').on(t.productId),
    check('store_stock_non_negative', sql`${t.stock} >= 0`),
  ],
);

export type StoreStockRow = typeof storeStock.$inferSelect;
