/** Stock per dark store (decision 034): the console's list, adjustments and the catalogue's count. */
import { and, asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import type { SignedInStaff } from '../domain/staff';
import { applyAdjustment, LOW_STOCK, type AdjustKind } from '../domain/stock';
import type { Db, Executor } from './client';
import { products, stores, storeStock } from './schema';
import { recordAudit } from './staff-queries';

/**
 * Sets a product's count at one store, or at every store (`storeId` null). The caller holds the
 * product's row lock. The national sum follows by trigger (migration 0013).
 */
export async function setStoreStock(tx: Executor, productId: number, storeId: number | null, stock: number) {
  await tx.execute(sql`
    insert into ${storeStock} (store_id, product_id, stock)
    select s.id, ${productId}::int, ${stock}::int from ${stores} s
    where ${storeId === null ? sql`true` : sql`s.id = ${storeId}::int`}
    on conflict (store_id, product_id) do update set stock = excluded.stock`);
}

export type StockFilter = 'all' | 'low' | 'out';

export interface StoreStockLine {
  productId: number;
  name: string;
  brand: string;
  packSize: string;
  image: string;
  photo: string | null;
  sold: boolean;
  stock: number;
}

const stockAtStore = sql<number>`coalesce(${storeStock.stock}, 0)`.mapWith(Number);

/** A page of one store's stock: by name, brand or id; optionally only low or out, or those first. */
export async function listStoreStock(
  db: Db,
  query: {
    storeId: number;
    q?: string | undefined;
    filter: StockFilter;
    lowFirst: boolean;
    page: number;
    pageSize: number;
  },
): Promise<{ rows: StoreStockLine[]; total: number }> {
  const conditions: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(products.name, pattern), ilike(products.brand, pattern))!;
    conditions.push(/^\d{1,9}$/.test(q) ? or(byText, eq(products.id, Number(q)))! : byText);
  }
  if (query.filter === 'out') conditions.push(sql`${stockAtStore} = 0`);
  if (query.filter === 'low') conditions.push(sql`${stockAtStore} <= ${LOW_STOCK}`);
  const where = conditions.length ? and(...conditions) : sql`true`;
  const join = and(eq(storeStock.productId, products.id), eq(storeStock.storeId, query.storeId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        productId: products.id,
        name: products.name,
        brand: products.brand,
        packSize: products.packSize,
        image: products.image,
        photo: products.photo,
        sold: products.sold,
        stock: stockAtStore,
      })
      .from(products)
      .leftJoin(storeStock, join)
      .where(where)
      .orderBy(...(query.lowFirst ? [asc(stockAtStore)] : []), asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(products).leftJoin(storeStock, join).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** One product's count at one store, or undefined when there is no such product. */
export async function findStoreStock(db: Executor, storeId: number, productId: number) {
  const [row] = await db
    .select({ productId: products.id, name: products.name, sold: products.sold, stock: stockAtStore })
    .from(products)
    .leftJoin(storeStock, and(eq(storeStock.productId, products.id), eq(storeStock.storeId, storeId)))
    .where(eq(products.id, productId))
    .limit(1);
  return row;
}

export type AdjustOutcome =
  | { outcome: 'not-found' }
  | { outcome: 'invalid'; message: string }
  | { outcome: 'saved'; productId: number; storeId: number; before: number; after: number };

/**
 * Changes a store's count (count the shelf, take a delivery, write off) with its audit record,
 * in one transaction. The product's row is locked first and then the store's row, as orders and
 * cancels lock them (no deadlocks); a count that would go below zero is refused, and the table's
 * check constraint stands behind that. `actor` null is the server's command line.
 */
export async function adjustStock(
  db: Db,
  actor: SignedInStaff | null,
  input: { storeId: number; productId: number; kind: AdjustKind; quantity: number; reason: string },
  now: Date,
): Promise<AdjustOutcome> {
  return db.transaction(async (tx): Promise<AdjustOutcome> => {
    const [product] = await tx
      .select({ id: products.id, sold: products.sold })
      .from(products)
      .where(eq(products.id, input.productId))
      .for('update');
    if (!product) return { outcome: 'not-found' };
    if (!product.sold) {
      return {
        outcome: 'invalid',
        message: 'productId: this product is not sold; sell it again in the catalogue first',
      };
    }
    const [store] = await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, input.storeId));
    if (!store) return { outcome: 'not-found' };
    const [row] = await tx
      .select({ stock: storeStock.stock })
      .from(storeStock)
      .where(and(eq(storeStock.storeId, input.storeId), eq(storeStock.productId, input.productId)))
      .for('update');
    const before = row?.stock ?? 0;
    const applied = applyAdjustment(before, input.kind, input.quantity);
    if (!applied.ok) return { outcome: 'invalid', message: applied.message };
    await setStoreStock(tx, input.productId, input.storeId, applied.after);
    await recordAudit(tx, {
      staff: actor,
      action: `stock.${input.kind}`,
      targetType: 'store-stock',
      targetId: `${input.storeId}:${input.productId}`,
      productId: input.productId,
      before: { storeId: input.storeId, stock: before },
      after: { storeId: input.storeId, stock: applied.after, quantity: input.quantity, reason: input.reason },
      at: now,
    });
    return { outcome: 'saved', productId: input.productId, storeId: input.storeId, before, after: applied.after };
  });
}
