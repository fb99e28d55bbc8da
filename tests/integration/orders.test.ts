import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { placeOrder as placeOrderInDb } from '../../server/db/orders/place';
import { addresses, orderItems, orders, products } from '../../server/db/schema';
import { cashOnDelivery } from '../../server/domain/payments';
import { runOps } from '../../server/ops/cli';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';
import { BANDRA_ADDRESS } from './shopper-helpers';
import { setStock } from '../support/stock';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('72');
let ipCounter = 1;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MUMBAI_BANDRA = { latitude: 19.06, longitude: 72.83 };
const CHENNAI = { latitude: 13.0827, longitude: 80.2707 };

interface Shopper extends SignedIn {
  addressId: string;
}

async function shopper(place = MUMBAI_BANDRA): Promise<Shopper> {
  const session = await signIn(ctx, nextNumber(), `198.51.100.${ipCounter++}`);
  const addressId = await addAddress(session.customerId, place);
  return { ...session, addressId };
}

async function addAddress(customerId: string, place: { latitude: number; longitude: number }) {
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({ ...BANDRA_ADDRESS, ...place, customerId })
    .returning({ id: addresses.id });
  return row!.id;
}

/** A product of the seeded catalogue set to a known price and stock (each test takes its own). */
let nextProduct = 0;
async function product(pricePaise: number, stock: number, mrpPaise = pricePaise) {
  const [row] = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.id)
    .offset(nextProduct++)
    .limit(1);
  await ctx.database.db.update(products).set({ pricePaise, mrpPaise }).where(eq(products.id, row!.id));
  await setStock(ctx.database.db, row!.id, stock);
  return row!.id;
}

const stockOf = async (id: number) =>
  (await ctx.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

let keyCounter = 0;
const newKey = () => `test-key-${Date.now()}-${keyCounter++}`;

function placeOrder(
  s: Shopper,
  items: { productId: number; quantity: number; price: number }[],
  { key = newKey(), addressId = s.addressId, useGiftCardBalance = false } = {},
) {
  return ctx.app.inject(
    json(
      'POST',
      '/api/order',
      { addressId, items, useGiftCardBalance },
      { headers: { ...bearer(s), 'idempotency-key': key } },
    ),
  );
}

const countOrders = async (customerId: string) =>
  (await ctx.database.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId))).length;

describe('charges at the free-delivery boundary', () => {
  it.each([
    [99, 25, 129],
    [99.01, 0, 104.01],
    [100, 0, 105],
  ])('items total %f: delivery %f, bill total %f', async (price, delivery, total) => {
    const s = await shopper();
    const id = await product(Math.round(price * 100), 10, 15000);
    const quote = await ctx.app.inject(
      json(
        'POST',
        '/api/order/quote',
        { addressId: s.addressId, items: [{ productId: id, quantity: 1, price }] },
        { headers: bearer(s) },
      ),
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.bill).toMatchObject({
      itemsTotal: price,
      deliveryCharge: delivery,
      handlingCharge: 5,
      billTotal: total,
    });
    expect(quote.json().data.delivery).toMatchObject({
      serviceable: true,
      message: expect.stringMatching(/^Delivery in \d+ minutes$/),
    });

    const res = await placeOrder(s, [{ productId: id, quantity: 1, price }]);
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().data;
    expect(order.bill).toEqual({
      mrpTotal: 150,
      productDiscount: Math.round((150 - price) * 100) / 100,
      itemsTotal: price,
      deliveryCharge: delivery,
      handlingCharge: 5,
      billTotal: total,
      giftCardPaid: 0,
      toPay: total,
    });
    expect(order).toMatchObject({ status: 'processing', paymentMethod: 'Cash on delivery', canCancel: true });
    expect(order.items).toEqual([expect.objectContaining({ productId: id, price, mrp: 150, quantity: 1 })]);
    expect(order.address).toMatchObject({ name: 'Asha', city: 'Mumbai', gps: MUMBAI_BANDRA, pincode: '400050' });
    expect(await stockOf(id)).toBe(9);
  });
});

describe("the order's copy of the address and its PIN code", () => {
  it('keeps the PIN code in the order, whatever happens to the saved address later', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const placed = (await placeOrder(s, [{ productId: id, quantity: 1, price: 50 }])).json().data;
    expect(placed.address.pincode).toBe('400050');
    const [row] = await ctx.database.db
      .select({ address: orders.address })
      .from(orders)
      .where(eq(orders.id, placed.id));
    expect(row!.address.pincode).toBe('400050');
    await ctx.database.db.update(addresses).set({ pincode: '400052' }).where(eq(addresses.id, s.addressId));
    const read = await ctx.app.inject({ url: `/api/order/${placed.id}`, headers: bearer(s) });
    expect(read.json().data.address.pincode).toBe('400050');
  });

  it('an order placed before addresses had PIN codes shows none, and its retry still counts as the same order', async () => {
    const s = await shopper();
    await ctx.database.db.update(addresses).set({ pincode: null }).where(eq(addresses.id, s.addressId));
    const id = await product(5000, 5);
    const key = newKey();
    const items = [{ productId: id, quantity: 1, price: 50 }];
    const first = await placeOrder(s, items, { key });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.address).not.toHaveProperty('pincode');
    // Migration 0010's step fills the saved address meanwhile; the retry is the same request.
    await ctx.database.db.update(addresses).set({ pincode: '400050' }).where(eq(addresses.id, s.addressId));
    const retry = await placeOrder(s, items, { key });
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    // A different PIN code on a retry of an order that had one is a different address.
    const other = newKey();
    expect((await placeOrder(s, items, { key: other })).statusCode).toBe(201);
    await ctx.database.db.update(addresses).set({ pincode: '400051' }).where(eq(addresses.id, s.addressId));
    expect((await placeOrder(s, items, { key: other })).statusCode).toBe(422);
    expect(await countOrders(s.customerId)).toBe(2);
  });
});

describe('placing an order', () => {
  it('needs a signed-in customer and an idempotency key', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const items = [{ productId: id, quantity: 1, price: 50 }];
    const anonymous = await ctx.app.inject(
      json('POST', '/api/order', { addressId: s.addressId, items }, { headers: { 'idempotency-key': newKey() } }),
    );
    expect(anonymous.statusCode).toBe(401);
    const noKey = await ctx.app.inject(
      json('POST', '/api/order', { addressId: s.addressId, items }, { headers: bearer(s) }),
    );
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().message).toMatch(/^Idempotency-Key: is required/);
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/order',
      payload: 'addressId=x',
      headers: { ...bearer(s), 'content-type': 'application/x-www-form-urlencoded', 'idempotency-key': newKey() },
    });
    expect(notJson.statusCode).toBe(415);
    expect(await stockOf(id)).toBe(5);
  });

  it('gives exactly one order for a retried or double-tapped request, with the same answer', async () => {
    const s = await shopper();
    const id = await product(6000, 10);
    const key = newKey();
    const items = [{ productId: id, quantity: 2, price: 60 }];
    const first = await placeOrder(s, items, { key });
    expect(first.statusCode, first.body).toBe(201);
    const retry = await placeOrder(s, items, { key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data).toEqual(first.json().data);

    const tapKey = newKey();
    const taps = await Promise.all(Array.from({ length: 6 }, () => placeOrder(s, items, { key: tapKey })));
    const ids = new Set(taps.map((t) => t.json().data.id));
    expect(ids.size).toBe(1);
    expect(taps.map((t) => t.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await countOrders(s.customerId)).toBe(2);
    expect(await stockOf(id)).toBe(6);
  });

  it('refuses the same key with a different cart, address, payment or gift card choice: 422, nothing written', async () => {
    const s = await shopper();
    const otherAddress = await addAddress(s.customerId, { latitude: 19.07, longitude: 72.84 });
    const id = await product(6000, 20);
    const other = await product(3000, 20);
    const key = newKey();
    const items = [{ productId: id, quantity: 2, price: 60 }];
    const first = await placeOrder(s, items, { key });
    expect(first.statusCode, first.body).toBe(201);

    const variants: [string, Parameters<typeof placeOrder>[1], Parameters<typeof placeOrder>[2]][] = [
      ['another quantity', [{ productId: id, quantity: 3, price: 60 }], { key }],
      ['another item', [...items, { productId: other, quantity: 1, price: 30 }], { key }],
      ['another product', [{ productId: other, quantity: 2, price: 30 }], { key }],
      ['another address', items, { key, addressId: otherAddress }],
    ];
    for (const [what, variantItems, options] of variants) {
      const res = await placeOrder(s, variantItems, options);
      expect(res.statusCode, what).toBe(422);
      expect(res.json(), what).toEqual({
        success: false,
        code: 'IDEMPOTENCY_KEY_REUSED',
        message:
          'This request was already used for an order that may have been placed. Check My Orders before you place it again.',
      });
    }
    // The same cart split over two lines is the same request.
    const split = await placeOrder(
      s,
      [
        { productId: id, quantity: 1, price: 60 },
        { productId: id, quantity: 1, price: 60 },
      ],
      { key },
    );
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().data.id).toBe(first.json().data.id);
    expect(await countOrders(s.customerId)).toBe(1);
    expect(await stockOf(id)).toBe(18);
    expect(await stockOf(other)).toBe(20);
  });

  it('never oversells: many simultaneous orders on low stock', async () => {
    const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper()));
    const id = await product(4000, 5);
    const attempts = await Promise.all(
      shoppers.flatMap((s) => [1, 2, 3].map(() => placeOrder(s, [{ productId: id, quantity: 1, price: 40 }]))),
    );
    const placed = attempts.filter((a) => a.statusCode === 201);
    const refused = attempts.filter((a) => a.statusCode === 409);
    expect(placed).toHaveLength(5);
    expect(refused).toHaveLength(13);
    for (const r of refused) {
      expect(r.json()).toMatchObject({ success: false, code: 'OUT_OF_STOCK', reason: 'changed' });
      expect(r.json().items[0]).toMatchObject({ productId: id, available: 0, problem: 'out-of-stock' });
    }
    expect(await stockOf(id)).toBe(0);
    const sold = await ctx.database.db
      .select({ n: sql<number>`coalesce(sum(${orderItems.quantity}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.productId, id));
    expect(sold[0]!.n).toBe(5);
  });

  it('never lets stock go below zero with multi-item orders racing', async () => {
    const shoppers = await Promise.all(Array.from({ length: 4 }, () => shopper()));
    const a = await product(3000, 7);
    const b = await product(2000, 4);
    const attempts = await Promise.all(
      shoppers.flatMap((s, i) =>
        [0, 1, 2].map(() =>
          placeOrder(
            s,
            // Opposite orders of lines: locks are still taken in id order, so no deadlock.
            i % 2 === 0
              ? [
                  { productId: a, quantity: 2, price: 30 },
                  { productId: b, quantity: 1, price: 20 },
                ]
              : [
                  { productId: b, quantity: 1, price: 20 },
                  { productId: a, quantity: 2, price: 30 },
                ],
          ),
        ),
      ),
    );
    const placed = attempts.filter((r) => r.statusCode === 201).length;
    expect(attempts.every((r) => r.statusCode === 201 || r.statusCode === 409)).toBe(true);
    expect(placed).toBe(3);
    expect(await stockOf(a)).toBe(1);
    expect(await stockOf(b)).toBe(1);
  });

  it('refuses a changed price with the new prices and writes nothing', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const other = await product(7000, 5);
    const res = await placeOrder(s, [
      { productId: id, quantity: 1, price: 45 },
      { productId: other, quantity: 1, price: 70 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Some items in your cart have changed/);
    expect(res.json().items).toEqual([
      expect.objectContaining({ productId: id, price: 50, problem: 'price-changed', available: 5 }),
      expect.objectContaining({ productId: other, price: 70, problem: null }),
    ]);
    expect(await stockOf(id)).toBe(5);
    expect(await stockOf(other)).toBe(5);
    expect(await countOrders(s.customerId)).toBe(0);
  });

  it('refuses more than the stock, and unknown products', async () => {
    const s = await shopper();
    const id = await product(5000, 2);
    const res = await placeOrder(s, [
      { productId: id, quantity: 3, price: 50 },
      { productId: 99_999_999, quantity: 1, price: 10 },
    ]);
    expect(res.statusCode).toBe(409);
    expect(res.json().items).toEqual([
      expect.objectContaining({ productId: id, available: 2, problem: 'not-enough-stock' }),
      expect.objectContaining({ productId: 99_999_999, available: 0, problem: 'unavailable' }),
    ]);
    expect(await stockOf(id)).toBe(2);
  });

  it('refuses an address outside every delivery radius', async () => {
    const s = await shopper(CHENNAI);
    const id = await product(5000, 5);
    const res = await placeOrder(s, [{ productId: id, quantity: 1, price: 50 }]);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      success: false,
      code: 'NOT_SERVICEABLE',
      reason: 'unserviceable',
      message:
        'Sorry, we do not deliver to this location yet. Please choose an address in Mumbai, Pune, Bangalore, Delhi or Noida.',
    });
    expect(await stockOf(id)).toBe(5);
    expect(await countOrders(s.customerId)).toBe(0);
  });

  it('works an order out again when its address is edited between reading and writing it', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const { db } = ctx.database;
    // The first (unlocked) read of the order's context is followed by an edit of the address
    // before the order is written, as a concurrent request could do.
    const session = db._.session;
    let edited = false;
    const editingSession = new Proxy(session, {
      get(target, property) {
        if (property !== 'prepareQuery') return Reflect.get(target, property, target);
        return (...args: Parameters<typeof session.prepareQuery>) => {
          const prepared = target.prepareQuery(...args);
          if (args[2] !== 'order_context' || edited) return prepared;
          return {
            execute: async (values?: Record<string, unknown>) => {
              const result = await prepared.execute(values);
              edited = true;
              await db
                .update(addresses)
                .set({ locality: 'Linking Road, Khar West', version: sql`${addresses.version} + 1` })
                .where(eq(addresses.id, s.addressId));
              return result;
            },
          };
        };
      },
    });
    const editingDb = new Proxy(db, {
      get: (target, property) =>
        property === '_' ? { ...target._, session: editingSession } : Reflect.get(target, property, target),
    });
    const result = await placeOrderInDb(editingDb, {
      customerId: s.customerId,
      idempotencyKey: newKey(),
      addressId: s.addressId,
      lines: [{ productId: id, quantity: 1, pricePaise: 5000 }],
      useWallet: false,
      paymentMethod: 'cod',
      stores: await ctx.app.delivery.stores(),
      now: new Date(),
    });
    expect(edited).toBe(true);
    expect(result.outcome).toBe('placed');
    const [written] = await ctx.database.db
      .select({ address: orders.address })
      .from(orders)
      .where(eq(orders.customerId, s.customerId));
    expect(written!.address.locality).toBe('Linking Road, Khar West');
    expect(result.outcome === 'placed' && result.order.address.locality).toBe('Linking Road, Khar West');
    expect(await stockOf(id)).toBe(4);
  });

  it('rolls the order back when a payment that can fail is refused', async () => {
    const s = await shopper();
    const id = await product(5000, 3);
    const authorize = vi
      .spyOn(cashOnDelivery, 'authorize')
      .mockResolvedValue({ status: 'failed', message: 'declined by the bank' });
    cashOnDelivery.authorizeInTransaction = true;
    try {
      const res = await placeOrder(s, [{ productId: id, quantity: 2, price: 50 }]);
      expect(res.statusCode).toBe(500);
      expect(authorize).toHaveBeenCalledOnce();
    } finally {
      cashOnDelivery.authorizeInTransaction = false;
      authorize.mockRestore();
    }
    expect(await stockOf(id)).toBe(3);
    expect(await countOrders(s.customerId)).toBe(0);
  });
});

describe('ownership', () => {
  it("keeps one customer's orders and addresses from another", async () => {
    const owner = await shopper();
    const intruder = await shopper();
    const id = await product(5000, 10);
    const placed = await placeOrder(owner, [{ productId: id, quantity: 1, price: 50 }]);
    const orderId = placed.json().data.id;

    const seen = await ctx.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(intruder) });
    expect(seen.statusCode).toBe(404);
    expect(seen.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Order not found.' });
    const cancel = await ctx.app.inject(
      json('POST', `/api/order/${orderId}/cancel`, { reason: 'not mine' }, { headers: bearer(intruder) }),
    );
    expect(cancel.statusCode).toBe(404);
    const list = await ctx.app.inject({ method: 'GET', url: '/api/order', headers: bearer(intruder) });
    expect(list.json().data).toEqual([]);

    const withOthersAddress = await placeOrder(intruder, [{ productId: id, quantity: 1, price: 50 }], {
      addressId: owner.addressId,
    });
    expect(withOthersAddress.statusCode).toBe(404);
    expect(withOthersAddress.json().message).toMatch(/^Address not found/);

    const mine = await ctx.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(owner) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.status).toBe('processing');
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/order/not-a-uuid', headers: bearer(owner) });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('my orders', () => {
  it('lists newest first with running numbers, paged', async () => {
    const s = await shopper();
    const id = await product(2000, 50);
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await placeOrder(s, [{ productId: id, quantity: i + 1, price: 20 }]);
      numbers.push(res.json().data.number);
    }
    expect(numbers[1]).toBeGreaterThan(numbers[0]!);
    expect(numbers[2]).toBeGreaterThan(numbers[1]!);
    const page1 = await ctx.app.inject({ method: 'GET', url: '/api/order?pageSize=2', headers: bearer(s) });
    expect(page1.json()).toMatchObject({ page: 1, pageSize: 2, total: 3 });
    expect(page1.json().data.map((o: { number: number }) => o.number)).toEqual([numbers[2], numbers[1]]);
    expect(page1.json().data[0]).toMatchObject({ status: 'processing', itemCount: 3, total: 60 + 25 + 5 });
    const page2 = await ctx.app.inject({ method: 'GET', url: '/api/order?pageSize=2&page=2', headers: bearer(s) });
    expect(page2.json().data.map((o: { number: number }) => o.number)).toEqual([numbers[0]]);
  });
});

describe('cancelling', () => {
  it('cancels a processing order with a reason and puts the stock back; not twice', async () => {
    const s = await shopper();
    const id = await product(5000, 4);
    const placed = await placeOrder(s, [{ productId: id, quantity: 3, price: 50 }]);
    expect(await stockOf(id)).toBe(1);
    const orderId = placed.json().data.id;
    const res = await ctx.app.inject(
      json('POST', `/api/order/${orderId}/cancel`, { reason: 'Ordered by mistake' }, { headers: bearer(s) }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Ordered by mistake',
      cancelledBy: 'customer',
      canCancel: false,
    });
    expect(await stockOf(id)).toBe(4);
    const again = await ctx.app.inject(
      json('POST', `/api/order/${orderId}/cancel`, { reason: 'again' }, { headers: bearer(s) }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This order is already cancelled.');
    expect(await stockOf(id)).toBe(4);
  });

  it('refuses once the store has dispatched it (ops command moves it along)', async () => {
    const s = await shopper();
    const id = await product(5000, 4);
    const placed = (await placeOrder(s, [{ productId: id, quantity: 1, price: 50 }])).json().data;
    const ops = (...args: string[]) => runOps(args, ctx.database, ctx.config.jwtSecret);
    expect(await ops('order:advance', String(placed.number))).toBe(`Order ${placed.number} is now packed.`);
    expect(await ops('order:advance', String(placed.number))).toBe(`Order ${placed.number} is now dispatched.`);
    const res = await ctx.app.inject(
      json('POST', `/api/order/${placed.id}/cancel`, { reason: 'too slow' }, { headers: bearer(s) }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order can no longer be cancelled: it has been dispatched.');
    expect(await ops('order:advance', String(placed.number))).toBe(`Order ${placed.number} is now delivered.`);
    await expect(ops('order:advance', String(placed.number))).rejects.toThrow('A delivered order cannot move on.');
    await expect(ops('order:cancel', String(placed.number), '--reason', 'x')).rejects.toThrow(/no longer be cancelled/);
    await expect(ops('order:advance', '99999999')).rejects.toThrow('Order 99999999 not found.');
    expect(await stockOf(id)).toBe(3);
  });

  it('lets the store cancel with a reason the shopper sees', async () => {
    const s = await shopper();
    const id = await product(5000, 4);
    const placed = (await placeOrder(s, [{ productId: id, quantity: 2, price: 50 }])).json().data;
    await runOps(
      ['order:cancel', String(placed.number), '--reason', 'Store closed for a power cut'],
      ctx.database,
      ctx.config.jwtSecret,
    );
    const res = await ctx.app.inject({ method: 'GET', url: `/api/order/${placed.id}`, headers: bearer(s) });
    expect(res.json().data).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Store closed for a power cut',
      cancelledBy: 'store',
    });
    expect(await stockOf(id)).toBe(4);
  });
});

describe('e-gift cards', () => {
  const issue = async (amount: number) =>
    (await runOps(['giftcard:issue', '--amount', String(amount)], ctx.database, ctx.config.jwtSecret)).trim();
  const redeem = (s: SignedIn, code: string) =>
    ctx.app.inject(json('POST', '/api/giftcard/redeem', { code }, { headers: bearer(s) }));
  const wallet = async (s: SignedIn) =>
    (await ctx.app.inject({ method: 'GET', url: '/api/giftcard', headers: bearer(s) })).json().data;

  it('redeems a code once into the balance', async () => {
    const s = await shopper();
    const other = await shopper();
    const code = await issue(500);
    expect(code).toMatch(/^[A-Z2-9]{4}(-[A-Z2-9]{4}){3}$/);
    const res = await redeem(s, code.toLowerCase().replaceAll('-', ' '));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: '₹500.00 added to your gift card balance.',
      data: { amount: 500, balance: 500 },
    });
    expect((await redeem(s, code)).json()).toEqual({
      success: false,
      code: 'GIFT_CARD_USED',
      message: 'This gift card has already been redeemed.',
    });
    expect((await redeem(other, code)).statusCode).toBe(409);
    expect(await wallet(other)).toEqual({ balance: 0, history: [] });
    const mine = await wallet(s);
    expect(mine.balance).toBe(500);
    expect(mine.history).toEqual([
      expect.objectContaining({ amount: 500, kind: 'giftcard', codeHint: code.slice(-4) }),
    ]);
  });

  it('refuses the same idempotency key with the gift card choice changed, either way', async () => {
    const s = await shopper();
    await redeem(s, await issue(500));
    const id = await product(10000, 10);
    const items = [{ productId: id, quantity: 1, price: 100 }];
    const withCard = newKey();
    expect((await placeOrder(s, items, { key: withCard, useGiftCardBalance: true })).statusCode).toBe(201);
    expect((await placeOrder(s, items, { key: withCard, useGiftCardBalance: false })).statusCode).toBe(422);
    expect((await placeOrder(s, items, { key: withCard, useGiftCardBalance: true })).statusCode).toBe(200);
    const withoutCard = newKey();
    expect((await placeOrder(s, items, { key: withoutCard })).statusCode).toBe(201);
    expect((await placeOrder(s, items, { key: withoutCard, useGiftCardBalance: true })).statusCode).toBe(422);
    expect((await wallet(s)).balance).toBe(395);
  });

  it('pays part of an order, then all of one, and refunds on cancel', async () => {
    const s = await shopper();
    await redeem(s, await issue(50));
    const id = await product(10000, 10);
    const partly = await placeOrder(s, [{ productId: id, quantity: 1, price: 100 }], { useGiftCardBalance: true });
    expect(partly.statusCode, partly.body).toBe(201);
    expect(partly.json().data.bill).toMatchObject({ billTotal: 105, giftCardPaid: 50, toPay: 55 });
    expect(partly.json().data.paymentMethod).toBe('E-Gift Card + Cash on delivery');
    expect((await wallet(s)).balance).toBe(0);

    await redeem(s, await issue(300));
    const fully = await placeOrder(s, [{ productId: id, quantity: 2, price: 100 }], { useGiftCardBalance: true });
    expect(fully.json().data.bill).toMatchObject({ billTotal: 205, giftCardPaid: 205, toPay: 0 });
    expect(fully.json().data.paymentMethod).toBe('E-Gift Card');
    expect((await wallet(s)).balance).toBe(95);

    const notUsed = await placeOrder(s, [{ productId: id, quantity: 1, price: 100 }]);
    expect(notUsed.json().data.bill).toMatchObject({ giftCardPaid: 0, toPay: 105 });

    const cancel = await ctx.app.inject(
      json('POST', `/api/order/${fully.json().data.id}/cancel`, { reason: 'changed my mind' }, { headers: bearer(s) }),
    );
    expect(cancel.statusCode).toBe(200);
    const after = await wallet(s);
    expect(after.balance).toBe(300);
    expect(after.history.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['refund', 205],
      ['order', -205],
      ['giftcard', 300],
      ['order', -50],
      ['giftcard', 50],
    ]);
  });

  it('pays once from the balance when one customer places several orders at once', async () => {
    const s = await shopper();
    await redeem(s, await issue(100));
    const id = await product(5000, 20);
    // Each order reads the balance before any has written: all but the first to take the lock find
    // it changed and are worked out again, so the balance pays 80 + 20 and never goes below zero.
    const placed = await Promise.all(
      Array.from({ length: 5 }, () =>
        placeOrder(s, [{ productId: id, quantity: 1, price: 50 }], { useGiftCardBalance: true }),
      ),
    );
    expect(placed.map((res) => res.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const paid = placed.map((res) => res.json().data.bill.giftCardPaid).sort((a, b) => b - a);
    expect(paid).toEqual([80, 20, 0, 0, 0]);
    expect((await wallet(s)).balance).toBe(0);
    expect(await stockOf(id)).toBe(15);
  });

  it('makes guessing useless: after 5 wrong codes in an hour even a real one waits', async () => {
    const s = await shopper();
    const real = await issue(100);
    for (let i = 0; i < 5; i++) {
      const wrong = await redeem(s, i === 0 ? 'nonsense' : 'ABCD-EFGH-JKMN-PQR' + String(i + 2));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('This gift card code is not valid. Check the code and try again.');
    }
    const locked = await redeem(s, real);
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBe('3600');
    expect((await wallet(s)).balance).toBe(0);
  });
});

describe('delivery area', () => {
  it('answers whether a place is served and how soon', async () => {
    const served = await ctx.app.inject({ method: 'GET', url: '/api/delivery/serviceability?lat=19.06&lng=72.83' });
    expect(served.statusCode).toBe(200);
    const data = served.json().data;
    expect(data).toMatchObject({ serviceable: true, store: { name: 'Bandra West', city: 'Mumbai' } });
    expect(data.message).toBe(`Delivery in ${data.etaMinutes} minutes`);
    expect(data.etaMinutes).toBeGreaterThanOrEqual(4);

    const far = await ctx.app.inject({ method: 'GET', url: '/api/delivery/serviceability?lat=13.0827&lng=80.2707' });
    expect(far.json().data).toMatchObject({ serviceable: false, store: null, etaMinutes: null });

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/delivery/serviceability?lat=100&lng=72' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^lat: /);
  });

  it('lists the stores for staff', async () => {
    const out = await runOps(['stores:list'], ctx.database, ctx.config.jwtSecret);
    for (const city of ['Mumbai', 'Pune', 'Bangalore', 'Delhi', 'Noida']) expect(out).toContain(city);
  });
});

describe('account data', () => {
  it('exports orders and the gift card wallet, and keeps orders without name or address after deletion', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const placed = (await placeOrder(s, [{ productId: id, quantity: 1, price: 50 }])).json().data;
    const exported = await ctx.app.inject({ method: 'GET', url: '/api/customer/me/export', headers: bearer(s) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().orders).toEqual([expect.objectContaining({ id: placed.id, number: placed.number })]);
    expect(exported.json().giftCardWallet).toEqual({ balance: 0, history: [] });

    const deleted = await ctx.app.inject(json('DELETE', '/api/customer/me', { confirm: true }, { headers: bearer(s) }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ address: orders.address })
      .from(orders)
      .where(eq(orders.id, placed.id));
    expect(row!.address).toMatchObject({ name: '', buildingName: '', locality: '', mobile: null, city: 'Mumbai' });
    expect(row!.address).not.toHaveProperty('pincode');
    expect(JSON.stringify(row!.address)).not.toContain('Asha');
  });
});
