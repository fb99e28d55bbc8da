import { eq } from 'drizzle-orm';
import { expect } from 'vitest';

import { addresses, orders, products } from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import type { createTestApp } from '../setup/test-app';
import { setStock } from '../support/stock';
import { json, type SignedIn } from './auth-helpers';
import { BANDRA_ADDRESS } from './shopper-helpers';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

let keyCounter = 0;

/** A cash on delivery order of one item for the shopper, placed through the API. */
export async function placeCodOrder(ctx: Ctx, shopper: SignedIn): Promise<{ id: string; number: number }> {
  const [address] = await ctx.database.db
    .insert(addresses)
    .values({ customerId: shopper.customerId, ...BANDRA_ADDRESS })
    .returning({ id: addresses.id });
  const [product] = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
  await ctx.database.db.update(products).set({ pricePaise: 5000, mrpPaise: 5000 }).where(eq(products.id, product!.id));
  await setStock(ctx.database.db, product!.id, 10_000, 'every store');
  const res = await ctx.app.inject(
    json(
      'POST',
      '/api/order',
      { addressId: address!.id, items: [{ productId: product!.id, quantity: 1, price: 50 }], paymentMethod: 'cod' },
      {
        headers: {
          authorization: `Bearer ${shopper.token}`,
          'idempotency-key': `events-${Date.now()}-${keyCounter++}`,
        },
      },
    ),
  );
  expect(res.statusCode, res.body).toBe(201);
  const order = res.json<{ data: { id: string; number: number } }>().data;
  return order;
}

/** Moves the order one step on with the ops command, as store staff would. */
export const advanceOrder = (ctx: Ctx, number: number) =>
  runOps(['order:advance', String(number)], ctx.database, ctx.config.jwtSecret);

export async function statusOf(ctx: Ctx, id: string) {
  const [row] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id));
  return row!.status;
}

/** Advances the order until it has the status (processing, packed, dispatched, delivered). */
export async function advanceTo(ctx: Ctx, order: { id: string; number: number }, status: string) {
  for (let step = 0; step < 5 && (await statusOf(ctx, order.id)) !== status; step++) {
    await advanceOrder(ctx, order.number);
  }
  expect(await statusOf(ctx, order.id)).toBe(status);
}
