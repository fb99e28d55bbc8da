/**
 * Stock per dark store (issue 18, decision 034): orders take from the store serving their
 * address, under concurrent orders from two stores' areas (no oversell at either, the other
 * store untouched); cancels give back to that store; the national view stays the sum; the
 * storefront's answers and the quote follow the shopper's store; managers adjust their own
 * store's stock (set, delivery, write-off) with audit records, and nobody else's.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/rows';
import { addresses, auditLog, products, storeStock } from '../../server/db/schema';
import { runOps, UsageError } from '../../server/ops/cli';
import { createTestApp } from '../setup/test-app';
import { MUMBAI_BANDRA, setStock, stockAt, storeServing } from '../support/stock';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('78');
let ip = 1;

const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });
const ops = (argv: string[]) => runOps(argv, ctx.database, ctx.config.jwtSecret);

let mumbai: number;
let bangalore: number;

interface Shopper extends SignedIn {
  addressId: string;
}

async function shopper(place: { latitude: number; longitude: number }): Promise<Shopper> {
  const session = await signIn(ctx, nextNumber(), `198.51.100.${ip++ % 250}`);
  const [row] = await ctx.database.db
    .insert(addresses)
    .values({
      customerId: session.customerId,
      tag: 'Home',
      locality: place === KORAMANGALA ? '5th Block, Koramangala' : 'Hill Road, Bandra West',
      buildingName: 'Flat 2',
      name: 'Ravi',
      city: place === KORAMANGALA ? 'Bengaluru' : 'Mumbai',
      pincode: place === KORAMANGALA ? '560095' : '400050',
      ...place,
    })
    .returning({ id: addresses.id });
  return { ...session, addressId: row!.id };
}

async function staff(role: 'picker' | 'manager' | 'admin', storeId?: number): Promise<SignedIn> {
  const mobile = nextNumber();
  await ops(['staff:add', mobile, '--role', role, ...(storeId ? ['--store', String(storeId)] : [])]);
  return signIn(ctx, mobile, `198.51.100.${ip++ % 250}`);
}

/** A product of the seeded catalogue at a known price, with stock only where given. */
let nextProduct = 10;
async function product(stock: Record<number, number>, pricePaise = 5000) {
  const [row] = await ctx.database.db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.id)
    .offset(nextProduct++)
    .limit(1);
  const id = row!.id;
  await ctx.database.db
    .update(products)
    .set({ pricePaise, mrpPaise: pricePaise, sold: true })
    .where(eq(products.id, id));
  await setStock(ctx.database.db, id, 0, 'every store');
  for (const [store, n] of Object.entries(stock)) {
    await ctx.database.db
      .update(storeStock)
      .set({ stock: n })
      .where(sql`${storeStock.storeId} = ${Number(store)} and ${storeStock.productId} = ${id}`);
  }
  return id;
}

const national = async (id: number) =>
  (await ctx.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;

let keys = 0;
const order = (s: Shopper, productId: number, quantity: number, price = 50) =>
  ctx.app.inject(
    json(
      'POST',
      '/api/order',
      { addressId: s.addressId, items: [{ productId, quantity, price }] },
      { headers: { ...bearer(s), 'idempotency-key': `stock-${Date.now()}-${keys++}` } },
    ),
  );

/** Every product's national figure is the sum of its stores' counts. */
async function nationalIsTheSum() {
  const drift = await ctx.database.db.execute(sql`
    select p.id from ${products} p
    where p.stock <> (select coalesce(sum(s.stock), 0) from ${storeStock} s where s.product_id = p.id)`);
  expect(rowsOf(drift)).toEqual([]);
}

beforeAll(async () => {
  ctx = await createTestApp();
  mumbai = await storeServing(ctx.database.db, MUMBAI_BANDRA);
  bangalore = await storeServing(ctx.database.db, KORAMANGALA);
}, 120_000);
afterAll(() => ctx.close());

describe('the seeded catalogue and the national view', () => {
  it('gives every store the seeded figure and keeps the national figure the sum', async () => {
    const [row] = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
    const counts = await ctx.database.db
      .select({ stock: storeStock.stock })
      .from(storeStock)
      .where(eq(storeStock.productId, row!.id));
    const [stores] = rowsOf<{ n: number }>(await ctx.database.db.execute(sql`select count(*)::int as n from stores`));
    expect(counts).toHaveLength(stores!.n);
    expect(new Set(counts.map((c) => c.stock)).size).toBe(1);
    await nationalIsTheSum();
  });

  it('refuses a direct write of the national figure', async () => {
    const id = await product({ [mumbai]: 3 });
    await expect(ctx.database.db.update(products).set({ stock: 99 }).where(eq(products.id, id))).rejects.toThrow();
    expect(await national(id)).toBe(3);
  });
});

describe('orders from two stores’ areas', () => {
  it('never oversells at either store under simultaneous orders, and one store’s orders leave the other alone', async () => {
    const id = await product({ [mumbai]: 3, [bangalore]: 2 });
    const inMumbai = await Promise.all(Array.from({ length: 4 }, () => shopper(MUMBAI_BANDRA)));
    const inBangalore = await Promise.all(Array.from({ length: 4 }, () => shopper(KORAMANGALA)));
    const attempts = await Promise.all([
      ...inMumbai.flatMap((s) => [order(s, id, 1), order(s, id, 1)]),
      ...inBangalore.flatMap((s) => [order(s, id, 1), order(s, id, 1)]),
    ]);
    const mumbaiResults = attempts.slice(0, 8);
    const bangaloreResults = attempts.slice(8);
    expect(mumbaiResults.filter((r) => r.statusCode === 201)).toHaveLength(3);
    expect(bangaloreResults.filter((r) => r.statusCode === 201)).toHaveLength(2);
    for (const refused of attempts.filter((r) => r.statusCode !== 201)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK' });
      expect(refused.json().items[0]).toMatchObject({ productId: id, available: 0, problem: 'out-of-stock' });
    }
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(0);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(0);
    expect(await national(id)).toBe(0);
    await nationalIsTheSum();
  });

  it('sells out one store while the other still sells', async () => {
    const id = await product({ [mumbai]: 2, [bangalore]: 5 });
    const a = await shopper(MUMBAI_BANDRA);
    expect((await order(a, id, 2)).statusCode).toBe(201);
    const refused = await order(a, id, 1);
    expect(refused.statusCode).toBe(409);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(5);
    const b = await shopper(KORAMANGALA);
    const placed = await order(b, id, 4);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.store).toMatchObject({ city: 'Bangalore' });
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(1);
    expect(await national(id)).toBe(1);
  });

  it('quotes the serving store’s stock and refuses more than it has', async () => {
    const id = await product({ [mumbai]: 10, [bangalore]: 1 });
    const b = await shopper(KORAMANGALA);
    const quote = await ctx.app.inject(
      json(
        'POST',
        '/api/order/quote',
        { addressId: b.addressId, items: [{ productId: id, quantity: 2, price: 50 }] },
        { headers: bearer(b) },
      ),
    );
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().data.items[0]).toMatchObject({ productId: id, available: 1, problem: 'not-enough-stock' });
    const res = await order(b, id, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json().items[0]).toMatchObject({ productId: id, available: 1, problem: 'not-enough-stock' });
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(1);
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(10);
  });

  it('gives a cancelled order’s units back to the store that packed it', async () => {
    const id = await product({ [mumbai]: 4, [bangalore]: 4 });
    const b = await shopper(KORAMANGALA);
    const placed = await order(b, id, 3);
    expect(placed.statusCode).toBe(201);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(1);
    const cancelled = await ctx.app.inject(
      json('POST', `/api/order/${placed.json().data.id}/cancel`, { reason: 'Changed my mind' }, { headers: bearer(b) }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(4);
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(4);
    // The store cancels one too (the command line): back to Bangalore again.
    const again = await order(b, id, 2);
    await ops(['order:cancel', String(again.json().data.number), '--reason', 'Rider unavailable']);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(4);
    expect(await national(id)).toBe(8);
    await nationalIsTheSum();
  });
});

describe('the storefront at the shopper’s store', () => {
  it('says out of stock near you where the store has none, and few left where it has few', async () => {
    const id = await product({ [mumbai]: 0, [bangalore]: 3 });
    const at = async (store?: number) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/product/public/${id}${store ? `?store=${store}` : ''}`,
        })
      ).json();
    expect(await at(mumbai)).toMatchObject({ inStock: false, stockNote: 'Out of stock near you' });
    expect(await at(bangalore)).toMatchObject({ inStock: true, stockNote: 'Only 3 left' });
    expect(await at()).toMatchObject({ inStock: true, stockNote: 'Only 3 left' });
    // A store that does not exist (or closed): the national view.
    expect(await at(999_999)).toMatchObject({ inStock: true, stockNote: 'Only 3 left' });

    const listed = (store: number) =>
      ctx.app.inject({ method: 'GET', url: `/api/product/public?ids=${id}&store=${store}` }).then((r) => r.json());
    expect((await listed(mumbai)).data[0]).toMatchObject({ id, inStock: false });
    expect((await listed(bangalore)).data[0]).toMatchObject({ id, inStock: true });
    const home = await ctx.app.inject({ method: 'GET', url: `/api?store=${mumbai}&limit=100` });
    expect(home.statusCode).toBe(200);
    // Out-of-stock products come last in the home feed, by the store's stock.
    const flags = (home.json() as { inStock: boolean }[]).map((p) => p.inStock);
    expect(flags.indexOf(false) === -1 || flags.slice(flags.indexOf(false)).every((f) => !f)).toBe(true);
  });

  it('names the serving store’s id in the serviceability answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/delivery/serviceability?lat=12.9352&lng=77.6245' });
    expect(res.json().data.store).toMatchObject({ id: bangalore, name: 'Koramangala' });
  });
});

describe('adjusting stock in the console', () => {
  let manager: SignedIn;
  let picker: SignedIn;
  let admin: SignedIn;
  beforeAll(async () => {
    manager = await staff('manager', mumbai);
    picker = await staff('picker', mumbai);
    admin = await staff('admin');
  });

  const adjust = (who: SignedIn, body: Record<string, unknown>) =>
    ctx.app.inject(json('POST', '/api/ops/stock/adjustments', body, { headers: bearer(who) }));

  it('sets a count, takes a delivery and writes off, each audited with who, before, after and why', async () => {
    const id = await product({ [mumbai]: 4, [bangalore]: 7 });
    const set = await adjust(manager, { productId: id, kind: 'set', quantity: 10, reason: 'Shelf count' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toEqual({ productId: id, storeId: mumbai, before: 4, stock: 10 });
    const received = await adjust(manager, { productId: id, kind: 'receive', quantity: 5, reason: 'Morning delivery' });
    expect(received.json().data).toMatchObject({ before: 10, stock: 15 });
    const written = await adjust(manager, { productId: id, kind: 'write-off', quantity: 3, reason: 'Torn packs' });
    expect(written.json().data).toMatchObject({ before: 15, stock: 12 });
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(12);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(7);
    expect(await national(id)).toBe(19);

    const records = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.productId, id))
      .orderBy(auditLog.id);
    expect(records.map((r) => [r.action, r.staffMobile, r.before, r.after])).toEqual([
      [
        'stock.set',
        manager.mobile,
        { storeId: mumbai, stock: 4 },
        { storeId: mumbai, stock: 10, quantity: 10, reason: 'Shelf count' },
      ],
      [
        'stock.receive',
        manager.mobile,
        { storeId: mumbai, stock: 10 },
        { storeId: mumbai, stock: 15, quantity: 5, reason: 'Morning delivery' },
      ],
      [
        'stock.write-off',
        manager.mobile,
        { storeId: mumbai, stock: 15 },
        { storeId: mumbai, stock: 12, quantity: 3, reason: 'Torn packs' },
      ],
    ]);
    // The shopper served by the store sees it at once.
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/product/public/${id}?store=${mumbai}` });
    expect(shown.json()).toMatchObject({ inStock: true, stockNote: null });
  });

  it('refuses bad input with a 400 that names the field, changing nothing', async () => {
    const id = await product({ [mumbai]: 2 });
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ productId: id, kind: 'set', quantity: 5 }, /reason/],
      [{ productId: id, kind: 'set', quantity: 5, reason: '  ' }, /reason/],
      [{ productId: id, kind: 'set', quantity: -1, reason: 'count' }, /quantity/],
      [{ productId: id, kind: 'set', quantity: 1.5, reason: 'count' }, /quantity/],
      [{ productId: id, kind: 'steal', quantity: 1, reason: 'count' }, /kind/],
      [{ productId: id, kind: 'write-off', quantity: 3, reason: 'Broken' }, /only 2 in stock/],
      [{ productId: id, kind: 'receive', quantity: 0, reason: 'Nothing came' }, /quantity/],
    ];
    for (const [body, message] of cases) {
      const res = await adjust(manager, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    const missing = await adjust(manager, { productId: 2_000_000_000, kind: 'set', quantity: 1, reason: 'count' });
    expect(missing.statusCode).toBe(404);
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(2);
    const records = await ctx.database.db.select().from(auditLog).where(eq(auditLog.productId, id));
    expect(records).toEqual([]);
  });

  it('keeps pickers and managers to their own store; a picker may not adjust; an admin names any store', async () => {
    const id = await product({ [mumbai]: 2, [bangalore]: 2 });
    const other = await adjust(manager, {
      store: bangalore,
      productId: id,
      kind: 'set',
      quantity: 50,
      reason: 'count',
    });
    expect(other.statusCode).toBe(403);
    expect(other.json().code).toBe('OTHER_STORE');
    const pickerAdjust = await adjust(picker, { productId: id, kind: 'set', quantity: 50, reason: 'count' });
    expect(pickerAdjust.statusCode).toBe(403);
    expect(pickerAdjust.json().code).toBe('ROLE_NOT_ALLOWED');
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(2);
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(2);

    const look = (who: SignedIn, query: string) =>
      ctx.app.inject({ method: 'GET', url: `/api/ops/stock${query}`, headers: bearer(who) });
    expect((await look(picker, `?store=${bangalore}`)).statusCode).toBe(403);
    expect((await look(manager, `?store=${bangalore}`)).json().code).toBe('OTHER_STORE');
    const own = await look(picker, `?q=${id}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ store: { id: mumbai }, mayAdjust: false });
    expect(own.json().data).toEqual([expect.objectContaining({ productId: id, stock: 2 })]);
    expect((await look(manager, '')).json().mayAdjust).toBe(true);

    expect((await look(admin, '')).statusCode).toBe(400);
    const byAdmin = await adjust(admin, {
      store: bangalore,
      productId: id,
      kind: 'receive',
      quantity: 8,
      reason: 'Delivery',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(10);
    const stores = await ctx.app.inject({ method: 'GET', url: '/api/ops/stores', headers: bearer(manager) });
    expect(stores.json().data).toEqual([expect.objectContaining({ id: mumbai })]);
    const all = await ctx.app.inject({ method: 'GET', url: '/api/ops/stores', headers: bearer(admin) });
    expect(all.json().data.length).toBeGreaterThan(10);
  });

  it('lists the store’s out-of-stock and low products, fewest first', async () => {
    const out = await product({ [mumbai]: 0, [bangalore]: 9 });
    const low = await product({ [mumbai]: 2, [bangalore]: 9 });
    const list = (query: string) =>
      ctx.app
        .inject({ method: 'GET', url: `/api/ops/stock?pageSize=100&${query}`, headers: bearer(manager) })
        .then((r) => r.json());
    const outs = await list('filter=out');
    expect(outs.data.every((row: { stock: number }) => row.stock === 0)).toBe(true);
    expect(outs.data.map((row: { productId: number }) => row.productId)).toContain(out);
    expect(outs.data.map((row: { productId: number }) => row.productId)).not.toContain(low);
    const lows = await list('filter=low');
    expect(lows.data.every((row: { stock: number }) => row.stock <= 5)).toBe(true);
    expect(lows.data.map((row: { productId: number }) => row.productId)).toEqual(expect.arrayContaining([out, low]));
    const ordered = await list('lowFirst=true');
    const counts = ordered.data.map((row: { stock: number }) => row.stock);
    expect(counts).toEqual([...counts].sort((a: number, b: number) => a - b));
    expect((await list('filter=nonsense')).success).toBe(false);
  });

  it('refuses to stock a product that is not sold', async () => {
    const id = await product({ [mumbai]: 3 });
    const [row] = await ctx.database.db.select({ version: products.version }).from(products).where(eq(products.id, id));
    const unsold = await ctx.app.inject(
      json('PATCH', `/api/ops/products/${id}`, { version: row!.version, sold: false }, { headers: bearer(manager) }),
    );
    expect(unsold.statusCode, unsold.body).toBe(200);
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(0);
    const res = await adjust(manager, { productId: id, kind: 'receive', quantity: 4, reason: 'Delivery' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/not sold/);
    await nationalIsTheSum();
  });

  it('sets the catalogue’s stock at the manager’s own store only', async () => {
    const id = await product({ [mumbai]: 3, [bangalore]: 6 });
    const [row] = await ctx.database.db.select({ version: products.version }).from(products).where(eq(products.id, id));
    const res = await ctx.app.inject(
      json('PATCH', `/api/ops/products/${id}`, { version: row!.version, stock: 20 }, { headers: bearer(manager) }),
    );
    expect(res.json().data).toMatchObject({ stock: 20 });
    expect(await stockAt(ctx.database.db, id, mumbai)).toBe(20);
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(6);
    expect(await national(id)).toBe(26);
  });
});

describe('the command line', () => {
  it('shows and sets a product’s stock at a store, audited', async () => {
    const id = await product({ [bangalore]: 4 });
    expect(await ops(['stock', String(id), '--store', String(bangalore)])).toMatch(/: 4$/);
    expect(await ops(['stock', String(id), '--store', String(bangalore), '--set', '9', '--reason', 'Recount'])).toMatch(
      /4 -> 9$/,
    );
    expect(await stockAt(ctx.database.db, id, bangalore)).toBe(9);
    const [record] = await ctx.database.db.select().from(auditLog).where(eq(auditLog.productId, id));
    expect(record).toMatchObject({ actor: 'cli', action: 'stock.set', after: expect.objectContaining({ stock: 9 }) });
    await expect(ops(['stock', String(id), '--store', String(bangalore), '--set', '9'])).rejects.toThrow(UsageError);
    await expect(ops(['stock', String(id), '--store', '999999'])).rejects.toThrow(/No store/);
    await expect(ops(['stock', 'x', '--store', String(bangalore)])).rejects.toThrow(UsageError);
  });
});
