/**
 * The ownership matrix: customer B, signed in, calls every customer route with customer A's ids
 * (and with B's own, where the route takes none). B never sees any of A's data, A's resources
 * answer 403 (another customer named in the URL) or 404 (another customer's address or order,
 * exactly like one that does not exist), and A's data is unchanged afterwards.
 *
 * The routes come from the app's own OpenAPI document: every route that takes a signed-in
 * customer (it declares `security`) must have an entry in EXPECTATIONS, so a new customer route
 * without a case here fails this test.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { eq } from 'drizzle-orm';

import { addresses, products, pushSubscriptions } from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';
import { setStock } from '../support/stock';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('73');

interface Fixture {
  a: SignedIn;
  b: SignedIn;
  aAddressId: string;
  bAddressId: string;
  aOrderId: string;
  /** A's order paid online (UPI, through the local gateway), and what its checkout handed A's browser. */
  aOnlineOrderId: string;
  aPayment: { gatewayOrderId: string; paymentId: string; signature: string };
  aOrderNumber: number;
  aOrderKey: string;
  aGiftCardCode: string;
  productId: number;
  price: number;
}
let f: Fixture;

const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

/** A's browser, subscribed to push (stored directly: push is off in this app). */
const A_PUSH_ENDPOINT = 'https://push.example.test/send/a-browser-0001';
const PUSH_KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' };
const aPushEndpoints = async () =>
  (
    await ctx.database.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.customerId, f.a.customerId))
  ).map((row) => row.endpoint);

/**
 * Customer routes whose answer never ends, so that they cannot be in the matrix (an injected
 * request would wait for ever); each names where its ownership is tested.
 */
const STREAMS: Record<string, string> = {
  'GET /api/order/stream': "order-stream.test.ts: 'never carries another customer's orders'",
};

const ADDRESS = {
  tag: 'Home',
  locality: 'Hill Road, Bandra West',
  buildingName: 'Flat 4, Sea View',
  name: 'Asha Owner',
  mobile: '9876543210',
  gps: { latitude: 19.06, longitude: 72.83 },
  city: 'Mumbai',
  pincode: '400050',
};

interface Case {
  /** What it checks, for the failure message. */
  what: string;
  request: () => InjectOptions;
  /** The status B must get. */
  status: number;
  check?: (res: LightMyRequestResponse) => void | Promise<void>;
}

/**
 * One entry per customer route ("METHOD /path" as in the OpenAPI document). Each case is sent
 * with B's token; beyond its own checks, no answer may carry any of A's identifiers.
 */
const EXPECTATIONS: Record<string, Case[]> = {
  'GET /api/customer/me': [
    {
      what: 'B is told about B only',
      request: () => ({ method: 'GET', url: '/api/customer/me', headers: bearer(f.b) }),
      status: 200,
      check: (res) => expect(res.json().data.id).toBe(f.b.customerId),
    },
  ],
  'GET /api/customer/me/export': [
    {
      what: "B's export holds B's data only",
      request: () => ({ method: 'GET', url: '/api/customer/me/export', headers: bearer(f.b) }),
      status: 200,
      check: (res) => {
        const body = res.json();
        expect(body.customer.id).toBe(f.b.customerId);
        expect(body.orders).toEqual([]);
        expect(body.giftCardWallet).toEqual({ balance: 0, history: [] });
      },
    },
  ],
  'DELETE /api/customer/me': [
    // Sent last (see below): B deleting B's account leaves A's alone.
    {
      what: 'B deletes only B',
      request: () => json('DELETE', '/api/customer/me', { confirm: true }, { headers: bearer(f.b) }),
      status: 200,
    },
  ],
  'GET /api/address/': [
    {
      what: "A's customer id in the query",
      request: () => ({ method: 'GET', url: `/api/address/?customer=${f.a.customerId}`, headers: bearer(f.b) }),
      status: 403,
    },
    {
      what: "B's own list",
      request: () => ({ method: 'GET', url: `/api/address/?customer=${f.b.customerId}`, headers: bearer(f.b) }),
      status: 200,
      check: (res) => expect(res.json().data.map((a: { _id: string }) => a._id)).toEqual([f.bAddressId]),
    },
  ],
  'POST /api/address/{userId}': [
    {
      what: "saving under A's customer id",
      request: () => json('POST', `/api/address/${f.a.customerId}`, ADDRESS, { headers: bearer(f.b) }),
      status: 403,
    },
    {
      what: "saving with A's address id as the client-chosen _id",
      request: () =>
        json('POST', `/api/address/${f.b.customerId}`, { ...ADDRESS, _id: f.aAddressId }, { headers: bearer(f.b) }),
      status: 409,
    },
  ],
  'PUT /api/address/{addressId}': [
    {
      what: "editing A's address",
      request: () =>
        json(
          'PUT',
          `/api/address/${f.aAddressId}`,
          { ...ADDRESS, name: 'Mallory', version: 1 },
          { headers: bearer(f.b) },
        ),
      status: 404,
    },
  ],
  'DELETE /api/address/{addressId}': [
    {
      what: "deleting A's address",
      request: () => ({ method: 'DELETE', url: `/api/address/${f.aAddressId}`, headers: bearer(f.b) }),
      status: 404,
    },
  ],
  // Geocoding takes no customer data: B gets answers about places, never anything of A's.
  'GET /api/geo/reverse': [
    {
      what: 'reverse geocoding',
      request: () => ({ method: 'GET', url: '/api/geo/reverse?lat=19.06&lng=72.83', headers: bearer(f.b) }),
      status: 200,
    },
  ],
  'GET /api/geo/autocomplete': [
    {
      what: 'suggestions',
      request: () => ({ method: 'GET', url: '/api/geo/autocomplete?q=Bandra', headers: bearer(f.b) }),
      status: 200,
    },
  ],
  'GET /api/geo/place/{id}': [
    {
      what: "a place id made of A's address id",
      request: () => ({ method: 'GET', url: `/api/geo/place/${f.aAddressId}`, headers: bearer(f.b) }),
      status: 404,
    },
  ],
  'POST /api/order/quote': [
    {
      what: "quoting for A's address",
      request: () =>
        json(
          'POST',
          '/api/order/quote',
          { addressId: f.aAddressId, items: [{ productId: f.productId, quantity: 1, price: f.price }] },
          { headers: bearer(f.b) },
        ),
      status: 404,
    },
  ],
  'POST /api/order': [
    {
      what: "ordering to A's address",
      request: () =>
        json(
          'POST',
          '/api/order',
          { addressId: f.aAddressId, items: [{ productId: f.productId, quantity: 1, price: f.price }] },
          { headers: { ...bearer(f.b), 'idempotency-key': 'b-to-a-address-0001' } },
        ),
      status: 404,
    },
    {
      what: "reusing A's idempotency key places B's own order, never replays A's",
      request: () =>
        json(
          'POST',
          '/api/order',
          { addressId: f.bAddressId, items: [{ productId: f.productId, quantity: 1, price: f.price }] },
          { headers: { ...bearer(f.b), 'idempotency-key': f.aOrderKey } },
        ),
      status: 201,
      check: (res) => expect(res.json().data.id).not.toBe(f.aOrderId),
    },
  ],
  'GET /api/order': [
    {
      what: "B's list",
      request: () => ({ method: 'GET', url: '/api/order', headers: bearer(f.b) }),
      status: 200,
      check: (res) => expect(res.json().data.map((o: { id: string }) => o.id)).not.toContain(f.aOrderId),
    },
  ],
  'GET /api/order/{id}': [
    {
      what: "A's order",
      request: () => ({ method: 'GET', url: `/api/order/${f.aOrderId}`, headers: bearer(f.b) }),
      status: 404,
      check: (res) => expect(res.json().message).toBe('Order not found.'),
    },
  ],
  'POST /api/order/{id}/cancel': [
    {
      what: "cancelling A's order",
      request: () => json('POST', `/api/order/${f.aOrderId}/cancel`, { reason: 'not mine' }, { headers: bearer(f.b) }),
      status: 404,
    },
  ],
  'POST /api/order/{id}/payment': [
    {
      what: "paying for A's order",
      request: () => json('POST', `/api/order/${f.aOnlineOrderId}/payment`, {}, { headers: bearer(f.b) }),
      status: 404,
      check: (res) => expect(res.json().message).toBe('Order not found.'),
    },
  ],
  'POST /api/order/{id}/payment/verify': [
    {
      what: "verifying A's payment on A's order",
      request: () =>
        json('POST', `/api/order/${f.aOnlineOrderId}/payment/verify`, f.aPayment, { headers: bearer(f.b) }),
      status: 404,
    },
    {
      what: "A's payment on an order of B's",
      request: () => json('POST', `/api/order/${f.aOrderId}/payment/verify`, f.aPayment, { headers: bearer(f.b) }),
      status: 404,
    },
  ],
  'POST /api/push/subscription': [
    {
      // Push is off in this app (as in every test app but push.test.ts): refused before anything
      // is stored. With push on, a subscription is saved for the signed-in customer only.
      what: "subscribing on A's browser endpoint while push is off",
      request: () =>
        json(
          'POST',
          '/api/push/subscription',
          { endpoint: A_PUSH_ENDPOINT, keys: PUSH_KEYS },
          { headers: bearer(f.b) },
        ),
      status: 404,
      check: async () => expect(await aPushEndpoints()).toEqual([A_PUSH_ENDPOINT]),
    },
  ],
  'DELETE /api/push/subscription': [
    {
      what: "unsubscribing A's browser endpoint: answered as done, A's subscription stays",
      request: () => json('DELETE', '/api/push/subscription', { endpoint: A_PUSH_ENDPOINT }, { headers: bearer(f.b) }),
      status: 200,
      check: async () => expect(await aPushEndpoints()).toEqual([A_PUSH_ENDPOINT]),
    },
  ],
  'GET /api/giftcard': [
    {
      what: "B's balance",
      request: () => ({ method: 'GET', url: '/api/giftcard', headers: bearer(f.b) }),
      status: 200,
      check: (res) => expect(res.json().data).toEqual({ balance: 0, history: [] }),
    },
  ],
  'POST /api/giftcard/redeem': [
    {
      what: 'redeeming the code A already redeemed',
      request: () => json('POST', '/api/giftcard/redeem', { code: f.aGiftCardCode }, { headers: bearer(f.b) }),
      status: 409,
    },
  ],
  // The store console: a shopper's session never reaches it, whatever it names (403 NOT_STAFF).
  ...Object.fromEntries(
    (
      [
        ['GET', '/api/ops/me', () => '/api/ops/me'],
        ['GET', '/api/ops/categories', () => '/api/ops/categories'],
        ['GET', '/api/ops/products', () => '/api/ops/products'],
        ['GET', '/api/ops/products/{id}', () => `/api/ops/products/${f.productId}`],
        ['PATCH', '/api/ops/products/{id}', () => `/api/ops/products/${f.productId}`],
        ['POST', '/api/ops/products', () => '/api/ops/products'],
        ['PUT', '/api/ops/products/{id}/photo', () => `/api/ops/products/${f.productId}/photo`],
        ['GET', '/api/ops/audit', () => `/api/ops/audit?mobile=${f.a.mobile}`],
        ['GET', '/api/ops/orders', () => `/api/ops/orders?q=${f.a.mobile}`],
        ['GET', '/api/ops/orders/stream', () => '/api/ops/orders/stream'],
        ['GET', '/api/ops/orders/{id}', () => `/api/ops/orders/${f.aOrderId}`],
        ['POST', '/api/ops/orders/{id}/advance', () => `/api/ops/orders/${f.aOrderId}/advance`],
        ['POST', '/api/ops/orders/{id}/cancel', () => `/api/ops/orders/${f.aOrderId}/cancel`],
        ['GET', '/api/ops/stores', () => '/api/ops/stores'],
        ['GET', '/api/ops/stock', () => '/api/ops/stock?store=1'],
        ['POST', '/api/ops/stock/adjustments', () => '/api/ops/stock/adjustments'],
      ] as const
    ).map(([method, path, url]): [string, Case[]] => [
      `${method} ${path}`,
      [
        {
          what: 'a shopper calling the store console',
          request: () =>
            method === 'GET'
              ? { method, url: url(), headers: bearer(f.b) }
              : method === 'PUT'
                ? { method, url: url(), headers: { ...bearer(f.b), 'content-type': 'image/jpeg' }, payload: 'x' }
                : json(method, url(), { version: 1, price: 1 }, { headers: bearer(f.b) }),
          status: 403,
          check: (res) => expect(res.json().code).toBe('NOT_STAFF'),
        },
      ],
    ]),
  ),
};

/** Everything that identifies A or A's records; none may appear in any answer B gets. */
const aMarkers = () => [
  f.a.customerId,
  f.a.mobile,
  f.aAddressId,
  f.aOrderId,
  f.aOrderKey,
  f.aOnlineOrderId,
  f.aPayment.gatewayOrderId,
  f.aPayment.paymentId,
  'Asha Owner',
  f.aGiftCardCode.slice(-4),
];

/** A's data as A sees it (the account export), without what changes by itself. */
async function aSnapshot() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/me/export', headers: bearer(f.a) });
  expect(res.statusCode).toBe(200);
  const { exportedAt: _exportedAt, ...rest } = res.json();
  const addressesRes = await ctx.app.inject({
    method: 'GET',
    url: `/api/address/?customer=${f.a.customerId}`,
    headers: bearer(f.a),
  });
  expect(addressesRes.statusCode).toBe(200);
  return { ...rest, addresses: addressesRes.json().data };
}

let customerRoutes: string[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, { security?: unknown[] }>> };
  customerRoutes = Object.entries(spec.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([, op]) => Array.isArray(op.security) && op.security.length > 0)
      .map(([method]) => `${method.toUpperCase()} ${path}`),
  );

  const a = await signIn(ctx, nextNumber(), '198.51.100.61');
  const b = await signIn(ctx, nextNumber(), '198.51.100.62');
  const saved = await ctx.app.inject(json('POST', `/api/address/${a.customerId}`, ADDRESS, { headers: bearer(a) }));
  expect(saved.statusCode, saved.body).toBe(201);
  const aAddressId = saved.json().data._id as string;
  const [bAddress] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId: b.customerId,
      tag: 'Work',
      locality: 'Linking Road',
      buildingName: 'Office 2',
      name: 'Bela',
      city: 'Mumbai',
      latitude: 19.06,
      longitude: 72.83,
      pincode: '400050',
    })
    .returning({ id: addresses.id });

  const code = (await runOps(['giftcard:issue', '--amount', '50'], ctx.database, ctx.config.jwtSecret)).trim();
  const redeemed = await ctx.app.inject(json('POST', '/api/giftcard/redeem', { code }, { headers: bearer(a) }));
  expect(redeemed.statusCode, redeemed.body).toBe(200);

  const [row] = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
  await ctx.database.db.update(products).set({ pricePaise: 20000, mrpPaise: 20000 }).where(eq(products.id, row!.id));
  await setStock(ctx.database.db, row!.id, 100);
  const product = { id: row!.id, price: 200 };
  const aOrderKey = 'a-order-key-0001';
  const placed = await ctx.app.inject(
    json(
      'POST',
      '/api/order',
      {
        addressId: aAddressId,
        items: [{ productId: product.id, quantity: 1, price: product.price }],
        useGiftCardBalance: true,
      },
      { headers: { ...bearer(a), 'idempotency-key': aOrderKey } },
    ),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  const online = await ctx.app.inject(
    json(
      'POST',
      '/api/order',
      {
        addressId: aAddressId,
        items: [{ productId: product.id, quantity: 1, price: product.price }],
        paymentMethod: 'upi',
      },
      { headers: { ...bearer(a), 'idempotency-key': 'a-order-key-0002' } },
    ),
  );
  expect(online.statusCode, online.body).toBe(201);
  const approved = await ctx.app.inject(
    json('POST', `/pay/local/${online.json().checkout.gatewayOrderId}/approve`, {}),
  );
  expect(approved.statusCode, approved.body).toBe(200);
  // Its webhooks delivered, so that nothing changes A's data in the background during the test.
  await ctx.app.payments.idle();
  await ctx.app.payments.deliverWebhooks();
  await ctx.app.payments.idle();
  await ctx.database.db
    .insert(pushSubscriptions)
    .values({ customerId: a.customerId, sessionFamily: 'a-session', endpoint: A_PUSH_ENDPOINT, ...PUSH_KEYS });
  f = {
    a,
    b,
    aAddressId,
    bAddressId: bAddress!.id,
    aOrderId: placed.json().data.id,
    aOrderNumber: placed.json().data.number,
    aOnlineOrderId: online.json().data.id,
    aPayment: {
      gatewayOrderId: approved.json().gatewayOrderId,
      paymentId: approved.json().paymentId,
      signature: approved.json().signature,
    },
    aOrderKey,
    aGiftCardCode: code,
    productId: product.id,
    price: product.price,
  };
}, 60_000);
afterAll(() => ctx?.close());

describe('the ownership matrix', () => {
  it('has a case for every customer route in the OpenAPI document, and no stale ones', () => {
    expect(customerRoutes.length).toBeGreaterThanOrEqual(10);
    expect([...customerRoutes].sort()).toEqual([...Object.keys(EXPECTATIONS), ...Object.keys(STREAMS)].sort());
  });

  it("gives B none of A's data, 403/404 for A's resources, and leaves A's data as it was", async () => {
    const before = await aSnapshot();
    expect(before.orders).toHaveLength(2);
    expect(before.payments).toHaveLength(1);
    expect(before.addresses).toHaveLength(1);
    expect(before.giftCardWallet.history.length).toBeGreaterThan(0);
    // Deleting B's account goes last, so every other case runs with B signed in.
    const order = Object.keys(EXPECTATIONS).sort(
      (x, y) => Number(x === 'DELETE /api/customer/me') - Number(y === 'DELETE /api/customer/me'),
    );
    for (const route of order) {
      for (const c of EXPECTATIONS[route]!) {
        const res = await ctx.app.inject(c.request());
        expect(res.statusCode, `${route}: ${c.what}: ${res.body}`).toBe(c.status);
        for (const marker of aMarkers()) {
          expect(res.body, `${route}: ${c.what} leaks ${marker}`).not.toContain(marker);
        }
        await c.check?.(res);
      }
    }
    expect(await aSnapshot()).toEqual(before);
    const still = await ctx.app.inject({ method: 'GET', url: `/api/order/${f.aOrderId}`, headers: bearer(f.a) });
    expect(still.json().data).toMatchObject({ id: f.aOrderId, number: f.aOrderNumber, status: 'processing' });
  });
});
