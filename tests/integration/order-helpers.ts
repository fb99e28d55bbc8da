/**
 * Shoppers with an address in a chosen store's area, and cash on delivery orders placed through
 * the real API: for the order events bus and the orders board tests.
 */
import { and, asc, eq, gte } from 'drizzle-orm';
import { expect } from 'vitest';

import { addresses, products, stores } from '../../server/db/schema';
import { json, numberFactory, signIn } from './auth-helpers';
import type { Shopper, ShopperCtx } from './shopper-helpers';

export type { Shopper };
export type OrderCtx = ShopperCtx;

export function orderHelpers(getCtx: () => OrderCtx, prefix: string) {
  const nextNumber = numberFactory(prefix);
  let ip = 1;
  let key = 0;

  /** The active stores, by id. */
  const storeList = async () =>
    getCtx()
      .database.db.select({ id: stores.id, name: stores.name, latitude: stores.latitude, longitude: stores.longitude })
      .from(stores)
      .where(eq(stores.active, true))
      .orderBy(asc(stores.id));

  /** A new shopper whose address is at the store's own location (so that store serves it). */
  async function shopper(store: { latitude: number; longitude: number }): Promise<Shopper> {
    const session = await signIn(getCtx(), nextNumber(), `198.51.100.${ip++ % 250}`);
    const [row] = await getCtx()
      .database.db.insert(addresses)
      .values({
        customerId: session.customerId,
        tag: 'Home',
        locality: 'Near the store',
        buildingName: 'Flat 1',
        name: 'Asha',
        city: 'Test',
        pincode: '400050',
        latitude: store.latitude,
        longitude: store.longitude,
      })
      .returning({ id: addresses.id });
    return { ...session, addressId: row!.id };
  }

  /** Seeded products that are sold and have stock, cheapest id first. */
  const stocked = async (count: number) =>
    getCtx()
      .database.db.select({ id: products.id, pricePaise: products.pricePaise, name: products.name })
      .from(products)
      .where(and(eq(products.sold, true), gte(products.stock, 20)))
      .orderBy(asc(products.id))
      .limit(count);

  /** Places a cash on delivery order through POST /api/order; answers the order as the API gives it. */
  async function placeOrder(s: Shopper, lines: { productId: number; quantity: number; pricePaise: number }[]) {
    const res = await getCtx().app.inject(
      json(
        'POST',
        '/api/order',
        {
          addressId: s.addressId,
          items: lines.map((l) => ({ productId: l.productId, quantity: l.quantity, price: l.pricePaise / 100 })),
          useGiftCardBalance: false,
        },
        { headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': `order-helper-${prefix}-${key++}` } },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ data: { id: string; number: number; status: string } }>().data;
  }

  return { storeList, shopper, stocked, placeOrder };
}
