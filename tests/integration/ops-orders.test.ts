/**
 * The console's orders board (issue 18, decision 035): each role against the orders routes,
 * another store's orders, the transitions, cancel with a required reason (stock back, as the
 * shopper's cancel), the audit records, the picking list's shelf order and the live stream.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, categories, orders, products } from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import { setStock } from '../support/stock';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';
import { orderHelpers, type Shopper } from './order-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const helpers = orderHelpers(() => ctx, '82');
const staffNumber = numberFactory('75');
let ip = 1;
const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

type Store = { id: number; latitude: number; longitude: number };
let storeA: Store;
let storeB: Store;
let people: { pickerA: SignedIn; managerA: SignedIn; pickerB: SignedIn; admin: SignedIn };
let shopperA: Shopper;
let shopperB: Shopper;
let lines: { productId: number; quantity: number; pricePaise: number }[];

async function staff(role: 'picker' | 'manager' | 'admin', store?: Store): Promise<SignedIn> {
  const mobile = staffNumber();
  await runOps(
    ['staff:add', mobile, '--role', role, ...(store ? ['--store', String(store.id)] : [])],
    ctx.database,
    ctx.config.jwtSecret,
  );
  return signIn(ctx, mobile, `203.0.113.${ip++}`);
}

beforeAll(async () => {
  ctx = await createTestApp();
  const list = await helpers.storeList();
  [storeA, storeB] = [list[0]!, list[list.length - 1]!];
  people = {
    pickerA: await staff('picker', storeA),
    managerA: await staff('manager', storeA),
    pickerB: await staff('picker', storeB),
    admin: await staff('admin'),
  };
  shopperA = await helpers.shopper(storeA);
  shopperB = await helpers.shopper(storeB);
  // Products from different categories, so that shelf order means something.
  const stocked = await ctx.database.db
    .select({ id: products.id, pricePaise: products.pricePaise, categoryId: products.categoryId })
    .from(products)
    .where(eq(products.sold, true))
    .orderBy(products.id);
  const byCategory = new Map<number, (typeof stocked)[number]>();
  for (const p of stocked.reverse()) byCategory.set(p.categoryId, p);
  lines = [...byCategory.values()].slice(0, 3).map((p) => ({ productId: p.id, quantity: 2, pricePaise: p.pricePaise }));
  for (const line of lines) await setStock(ctx.database.db, line.productId, 100, 'every store');
}, 120_000);
afterAll(() => ctx.close());

const get = (who: SignedIn, url: string) => ctx.app.inject({ method: 'GET', url, headers: bearer(who) });
const advance = (who: SignedIn, id: string) =>
  ctx.app.inject(json('POST', `/api/ops/orders/${id}/advance`, {}, { headers: bearer(who) }));
const cancel = (who: SignedIn, id: string, body: unknown) =>
  ctx.app.inject(json('POST', `/api/ops/orders/${id}/cancel`, body, { headers: bearer(who) }));
const statusOf = async (id: string) =>
  (await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]!.status;
const stockOf = async (id: number) =>
  (await ctx.database.db.select({ stock: products.stock }).from(products).where(eq(products.id, id)))[0]!.stock;
const auditOf = (orderId: string) =>
  ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'order'), eq(auditLog.targetId, orderId)))
    .orderBy(auditLog.id);

describe('the board', () => {
  let inA: { id: string; number: number };
  let inB: { id: string; number: number };
  beforeAll(async () => {
    inA = await helpers.placeOrder(shopperA, lines);
    inB = await helpers.placeOrder(shopperB, lines.slice(0, 1));
  });

  it('a picker sees their store’s orders only, with items, total and the time waited', async () => {
    const res = await get(people.pickerA, '/api/ops/orders');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { id: string; storeId: number; itemCount: number; waitedSeconds: number }[];
    expect(data.map((o) => o.id)).toContain(inA.id);
    expect(data.map((o) => o.id)).not.toContain(inB.id);
    expect(data.every((o) => o.storeId === storeA.id)).toBe(true);
    const mine = data.find((o) => o.id === inA.id)!;
    expect(mine).toMatchObject({
      number: inA.number,
      status: 'processing',
      itemCount: 6,
      mobile: shopperA.mobile,
      paymentMethod: 'Cash on delivery',
    });
    expect(mine.waitedSeconds).toBeGreaterThanOrEqual(0);
    expect(res.headers['cache-control']).toBe('no-store');
    // Even asking for the other store.
    const other = await get(people.pickerA, `/api/ops/orders?store=${storeB.id}`);
    expect(other.json().data.map((o: { id: string }) => o.id)).not.toContain(inB.id);
  });

  it('an admin sees every store, or one', async () => {
    const all = (await get(people.admin, '/api/ops/orders')).json().data.map((o: { id: string }) => o.id);
    expect(all).toEqual(expect.arrayContaining([inA.id, inB.id]));
    const onlyB = (await get(people.admin, `/api/ops/orders?store=${storeB.id}`)).json().data;
    expect(onlyB.map((o: { id: string }) => o.id)).toContain(inB.id);
    expect(onlyB.every((o: { storeId: number }) => o.storeId === storeB.id)).toBe(true);
  });

  it('searches by order number or mobile, in every status; anything else is 400', async () => {
    const byNumber = (await get(people.pickerA, `/api/ops/orders?q=${inA.number}`)).json().data;
    expect(byNumber.map((o: { id: string }) => o.id)).toEqual([inA.id]);
    const byMobile = await get(people.pickerA, `/api/ops/orders?q=${encodeURIComponent(`+91 ${shopperA.mobile}`)}`);
    expect(byMobile.json().data.map((o: { id: string }) => o.id)).toContain(inA.id);
    // Another store's order is not found by its number.
    expect((await get(people.pickerA, `/api/ops/orders?q=${inB.number}`)).json().data).toEqual([]);
    const bad = await get(people.pickerA, '/api/ops/orders?q=milk');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('q: give an order number or the shopper’s 10-digit mobile');
  });

  it('the picking list is in shelf order: category, sub-category, then name', async () => {
    const res = await get(people.pickerA, `/api/ops/orders/${inA.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data.lines as { productId: number; quantity: number; category: string }[];
    expect(list).toHaveLength(3);
    expect(list.every((l) => l.quantity === 2)).toBe(true);
    const positions = await ctx.database.db
      .select({ id: products.id, position: categories.position })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .where(
        inArray(
          products.id,
          lines.map((l) => l.productId),
        ),
      );
    const position = new Map(positions.map((p) => [p.id, p.position]));
    const order = list.map((l) => position.get(l.productId)!);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect((await get(people.pickerA, `/api/ops/orders/${inB.id}`)).statusCode).toBe(404);
    expect((await get(people.admin, `/api/ops/orders/${inB.id}`)).statusCode).toBe(200);
  });
});

describe('advancing', () => {
  it('processing -> packed -> dispatched -> delivered, each audited; then 409', async () => {
    const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
    for (const next of ['packed', 'dispatched', 'delivered']) {
      const res = await advance(people.pickerA, order.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: `Order ${order.number} is now ${next}.`, data: { status: next } });
    }
    const again = await advance(people.pickerA, order.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'A delivered order cannot move on.' });
    const audit = await auditOf(order.id);
    expect(
      audit.map((a) => [
        a.action,
        a.staffMobile,
        (a.before as { status: string }).status,
        (a.after as { status: string }).status,
      ]),
    ).toEqual([
      ['order.advance', people.pickerA.mobile, 'processing', 'packed'],
      ['order.advance', people.pickerA.mobile, 'packed', 'dispatched'],
      ['order.advance', people.pickerA.mobile, 'dispatched', 'delivered'],
    ]);
    expect(audit.every((a) => a.actor === 'console')).toBe(true);
  });

  it('another store’s order is 404 and does not move; a shopper is 403', async () => {
    const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
    const res = await advance(people.pickerB, order.id);
    expect(res.statusCode).toBe(404);
    expect(await statusOf(order.id)).toBe('processing');
    expect(await auditOf(order.id)).toEqual([]);
    const shopper = await advance(shopperA, order.id);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.json().code).toBe('NOT_STAFF');
    expect((await advance(people.pickerA, 'not-a-uuid')).statusCode).toBe(400);
    // An admin may, in any store.
    expect((await advance(people.admin, order.id)).statusCode).toBe(200);
  });
});

describe('cancelling', () => {
  it('a picker may not cancel (403); a reason is required (400); nothing changes', async () => {
    const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
    const picker = await cancel(people.pickerA, order.id, { reason: 'Out of milk' });
    expect(picker.statusCode).toBe(403);
    expect(picker.json().code).toBe('ROLE_NOT_ALLOWED');
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const res = await cancel(people.managerA, order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await statusOf(order.id)).toBe('processing');
    expect(await auditOf(order.id)).toEqual([]);
  });

  it('a manager cancels a packed order: stock back as the shopper’s cancel, reason kept, audited', async () => {
    const line = lines[0]!;
    const before = await stockOf(line.productId);
    const order = await helpers.placeOrder(shopperA, [line]);
    expect(await stockOf(line.productId)).toBe(before - line.quantity);
    expect((await advance(people.pickerA, order.id)).statusCode).toBe(200);
    const res = await cancel(people.managerA, order.id, { reason: ' Customer asked by phone ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Customer asked by phone' });
    expect(await stockOf(line.productId)).toBe(before);
    const [row] = await ctx.database.db
      .select({ cancelledBy: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.cancelledBy).toBe('store');
    const audit = await auditOf(order.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'order.cancel',
      staffMobile: people.managerA.mobile,
      before: { number: order.number, status: 'packed' },
      after: { number: order.number, status: 'cancelled', reason: 'Customer asked by phone' },
    });
    // The shopper sees it cancelled by the store, with the reason.
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/order/${order.id}`, headers: bearer(shopperA) });
    expect(mine.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Customer asked by phone' });
    // Twice is 409, and the stock does not come back twice.
    const again = await cancel(people.managerA, order.id, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ORDER_NOT_CANCELLABLE');
    expect(await stockOf(line.productId)).toBe(before);
  });

  it('a dispatched order cannot be cancelled; another store’s manager gets 404', async () => {
    const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
    const managerB = await staff('manager', storeB);
    expect((await cancel(managerB, order.id, { reason: 'no' })).statusCode).toBe(404);
    await advance(people.pickerA, order.id);
    await advance(people.pickerA, order.id);
    const res = await cancel(people.managerA, order.id, { reason: 'too late' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This order can no longer be cancelled: it has been dispatched.');
    expect(await statusOf(order.id)).toBe('dispatched');
  });
});

describe('the live stream', () => {
  let base: string;
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Opens the stream and reads its events as they come. */
  async function open(who: SignedIn, headers: Record<string, string> = {}, query = '') {
    const controller = new AbortController();
    const res = await fetch(`${base}/api/ops/orders/stream${query}`, {
      headers: { ...bearer(who), ...headers },
      signal: controller.signal,
    });
    const events: { id: string; data: { orderId: string; status: string; kind: string; storeId: number } }[] = [];
    let text = '';
    const reading = (async () => {
      if (!res.body) return;
      const decoder = new TextDecoder();
      try {
        for await (const chunk of res.body) {
          text += decoder.decode(chunk as Uint8Array, { stream: true });
          let end;
          while ((end = text.indexOf('\n\n')) >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const id = /^id: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (id && data) events.push({ id, data: JSON.parse(data) });
          }
        }
      } catch {
        // Aborted.
      }
    })();
    return {
      res,
      events,
      async close() {
        controller.abort();
        await reading;
      },
    };
  }

  const waitFor = async (check: () => boolean) => {
    const until = Date.now() + 5000;
    while (!check()) {
      if (Date.now() > until) throw new Error('timed out');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('delivers a new order of the store within a second, not another store’s', async () => {
    const stream = await open(people.pickerA);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      await waitFor(() => ctx.app.orderEvents.subscribers() > 0);
      const other = await helpers.placeOrder(shopperB, lines.slice(0, 1));
      const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
      // From the answer (the order committed) to the event on the stream.
      const committed = Date.now();
      await waitFor(() => stream.events.some((e) => e.data.orderId === order.id));
      expect(Date.now() - committed).toBeLessThan(1000);
      expect(stream.events.map((e) => e.data.orderId)).not.toContain(other.id);
      expect(stream.events.find((e) => e.data.orderId === order.id)!.data).toMatchObject({
        kind: 'placed',
        status: 'processing',
        storeId: storeA.id,
      });
    } finally {
      await stream.close();
    }
    await waitFor(() => ctx.app.orderEvents.subscribers() === 0);
  });

  it('replays what was missed after Last-Event-ID', async () => {
    const first = await open(people.managerA);
    await waitFor(() => ctx.app.orderEvents.subscribers() > 0);
    const order = await helpers.placeOrder(shopperA, lines.slice(0, 1));
    await waitFor(() => first.events.some((e) => e.data.orderId === order.id));
    const last = first.events.at(-1)!.id;
    await first.close();
    await advance(people.pickerA, order.id);
    await advance(people.pickerA, order.id);
    const again = await open(people.managerA, { 'last-event-id': last });
    try {
      await waitFor(() => again.events.length >= 2);
      expect(again.events.map((e) => [e.data.orderId, e.data.status])).toEqual([
        [order.id, 'packed'],
        [order.id, 'dispatched'],
      ]);
    } finally {
      await again.close();
    }
  });

  it('a shopper is refused (403), signed out is 401', async () => {
    const shopper = await fetch(`${base}/api/ops/orders/stream`, { headers: bearer(shopperA) });
    expect(shopper.status).toBe(403);
    await shopper.body?.cancel();
    const none = await fetch(`${base}/api/ops/orders/stream`);
    expect(none.status).toBe(401);
    await none.body?.cancel();
  });
});
