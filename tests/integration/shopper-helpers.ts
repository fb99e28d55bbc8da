/**
 * Shoppers and products for the order and payment tests: a signed-in shopper with one saved
 * address (in Bandra unless told where), a seeded product set to a known price and stock, and
 * the stock a product has left.
 */
import { eq } from 'drizzle-orm';

import type { Db } from '../../server/db/client';
import { addresses, products } from '../../server/db/schema';
import type { TestApp } from '../setup/test-app';
import { setStock } from '../support/stock';
import { signIn, type SignedIn } from './auth-helpers';

export interface Shopper extends SignedIn {
  addressId: string;
}

export interface ShopperCtx {
  app: TestApp;
  config: { dataDir: string };
  database: { db: Db };
}

/** The address a shopper gets unless a test says otherwise (Bandra West, Mumbai). */
export const BANDRA_ADDRESS = {
  tag: 'Home',
  locality: 'Hill Road, Bandra West',
  buildingName: 'Flat 4, Sea View',
  name: 'Asha',
  city: 'Mumbai',
  pincode: '400050',
  latitude: 19.06,
  longitude: 72.83,
};

/** Signs `mobile` in from `ip` and saves one address for them, straight into the database. */
export async function shopperWithAddress(
  ctx: ShopperCtx,
  mobile: string,
  ip: string,
  address: Partial<typeof BANDRA_ADDRESS> = {},
): Promise<Shopper> {
  const session = await signIn(ctx, mobile, ip);
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({ ...BANDRA_ADDRESS, ...address, customerId: session.customerId })
    .returning({ id: addresses.id });
  return { ...session, addressId: row!.id };
}

/**
 * The seeded product at `offset` (by id), set to sell at `pricePaise` (its MRP too) with `stock`
 * in its store: each test takes an offset of its own so that tests never share a product.
 */
export async function pricedProduct(db: Db, offset: number, pricePaise: number, stock: number): Promise<number> {
  const [row] = await db.select({ id: products.id }).from(products).orderBy(products.id).offset(offset).limit(1);
  await db.update(products).set({ pricePaise, mrpPaise: pricePaise, sold: true }).where(eq(products.id, row!.id));
  await setStock(db, row!.id, stock);
  return row!.id;
}

/** A product's stock (the national sum). */
export const stockOf = async (db: Db, id: number) =>
  (await db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

export const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });
