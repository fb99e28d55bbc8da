import { spawn } from 'node:child_process';

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { openDatabase, type Database } from '../../server/db/client';
import { orderEvents, orders } from '../../server/db/schema';
import { createOrderEventBus, type OrderEvent } from '../../server/events/order-events';
import { runOps } from '../../server/ops/cli';
import { repoRoot } from '../support/server-process';
import { createTestApp } from '../setup/test-app';
import { orderHelpers, type Shopper } from './order-helpers';

/**
 * The order events bus (decision 035): triggers write every change of an order to order_events
 * and NOTIFY it; a process's one listener hands events to its subscribers by customer or store.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const helpers = orderHelpers(() => ctx, '81');
let storeA: { id: number; latitude: number; longitude: number };
let storeB: { id: number; latitude: number; longitude: number };
let line: { productId: number; quantity: number; pricePaise: number };

beforeAll(async () => {
  ctx = await createTestApp();
  const list = await helpers.storeList();
  expect(list.length).toBeGreaterThanOrEqual(2);
  [storeA, storeB] = [list[0]!, list[list.length - 1]!];
  const [p] = await helpers.stocked(1);
  line = { productId: p!.id, quantity: 1, pricePaise: p!.pricePaise };
});
afterAll(() => ctx.close());

/** A subscriber that records what it receives. */
function recorder() {
  const events: OrderEvent[] = [];
  return {
    events,
    onEvent: (event: OrderEvent) => events.push(event),
    ofOrder: (orderId: string) => events.filter((e) => e.orderId === orderId),
  };
}

const waitFor = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

describe('order events', () => {
  let shopper: Shopper;
  beforeAll(async () => {
    shopper = await helpers.shopper(storeA);
  });

  it('a placed order and each status change reach a subscriber, with the whole event', async () => {
    const got = recorder();
    const stop = await ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, got.onEvent);
    try {
      const order = await helpers.placeOrder(shopper, [line]);
      await waitFor(() => expect(got.ofOrder(order.id)).toHaveLength(1));
      expect(got.events[0]).toEqual({
        id: expect.stringMatching(/^\d+$/),
        orderId: order.id,
        number: order.number,
        customerId: shopper.customerId,
        storeId: storeA.id,
        status: 'processing',
        kind: 'placed',
        detail: null,
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });

      // The CLI's path (no route, no bus call): the trigger still writes and announces it.
      await runOps(['order:advance', String(order.number)], ctx.database, ctx.config.jwtSecret);
      await runOps(['order:advance', String(order.number)], ctx.database, ctx.config.jwtSecret);
      await waitFor(() => expect(got.ofOrder(order.id)).toHaveLength(3));
      expect(got.ofOrder(order.id).map((e) => [e.kind, e.status, e.detail])).toEqual([
        ['placed', 'processing', null],
        ['status', 'packed', 'processing'],
        ['status', 'dispatched', 'packed'],
      ]);
      const ids = got.events.map((e) => BigInt(e.id));
      expect(ids).toEqual([...ids].sort((a, b) => (a < b ? -1 : 1)));
      // What was announced is what was stored.
      const stored = await ctx.database.db
        .select({ id: orderEvents.id, status: orderEvents.status })
        .from(orderEvents)
        .where(eq(orderEvents.orderId, order.id))
        .orderBy(orderEvents.id);
      expect(stored.map((r) => String(r.id))).toEqual(got.ofOrder(order.id).map((e) => e.id));
    } finally {
      await stop();
    }
  });

  it('a change made by plain SQL on the database (any connection) produces its event too', async () => {
    const order = await helpers.placeOrder(shopper, [line]);
    const got = recorder();
    const stop = await ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, got.onEvent);
    try {
      await ctx.database.db.execute(sql`update orders set status = 'packed' where id = ${order.id}`);
      // An update that leaves the status as it was is no event.
      await ctx.database.db.execute(sql`update orders set eta_minutes = eta_minutes + 1 where id = ${order.id}`);
      await waitFor(() => expect(got.ofOrder(order.id)).toHaveLength(1));
      expect(got.events[0]).toMatchObject({ kind: 'status', status: 'packed', detail: 'processing' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(got.ofOrder(order.id)).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('the table is append-only: an event cannot be changed', async () => {
    await expect(ctx.database.db.execute(sql`update order_events set status = 'delivered'`)).rejects.toThrow();
  });

  it('replays the stored events after an id, then streams live ones, without gaps or duplicates', async () => {
    const order = await helpers.placeOrder(shopper, [line]);
    const first = await ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, () => {});
    const seen = recorder();
    const stopSeen = await ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, seen.onEvent);
    await ctx.database.db.execute(sql`update orders set status = 'packed' where id = ${order.id}`);
    await waitFor(() => expect(seen.events).toHaveLength(1));
    const lastSeen = seen.events[0]!.id;
    await stopSeen();
    // Missed while away: two changes.
    await runOps(['order:advance', String(order.number)], ctx.database, ctx.config.jwtSecret);
    await runOps(['order:advance', String(order.number)], ctx.database, ctx.config.jwtSecret);
    await first();

    const again = recorder();
    const stop = await ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, again.onEvent, {
      afterId: lastSeen,
    });
    try {
      expect(again.events.map((e) => e.status)).toEqual(['dispatched', 'delivered']);
      // And live after the replay.
      const next = await helpers.placeOrder(shopper, [line]);
      await waitFor(() => expect(again.events).toHaveLength(3));
      expect(again.events[2]).toMatchObject({ orderId: next.id, kind: 'placed' });
      const ids = again.events.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.every((id) => BigInt(id) > BigInt(lastSeen))).toBe(true);
    } finally {
      await stop();
    }
  });

  it('a replay does not repeat an event that also arrives live while it is read', async () => {
    const order = await helpers.placeOrder(shopper, [line]);
    const [before] = await ctx.database.db.select({ id: sql<string>`max(${orderEvents.id})::text` }).from(orderEvents);
    const got = recorder();
    // The change is committed while the subscription is being set up.
    const [stop] = await Promise.all([
      ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, got.onEvent, { afterId: before!.id }),
      ctx.database.db.execute(sql`update orders set status = 'packed' where id = ${order.id}`),
    ]);
    try {
      await waitFor(() => expect(got.ofOrder(order.id)).toHaveLength(1));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(got.ofOrder(order.id)).toHaveLength(1);
    } finally {
      await stop();
    }
  });

  it('filters by customer and by store; no store is every store', async () => {
    const other = await helpers.shopper(storeA);
    const far = await helpers.shopper(storeB);
    const mine = recorder();
    const inA = recorder();
    const inB = recorder();
    const all = recorder();
    const stops = await Promise.all([
      ctx.app.orderEvents.subscribe({ customerId: shopper.customerId }, mine.onEvent),
      ctx.app.orderEvents.subscribe({ storeId: storeA.id }, inA.onEvent),
      ctx.app.orderEvents.subscribe({ storeId: storeB.id }, inB.onEvent),
      ctx.app.orderEvents.subscribe({ storeId: null }, all.onEvent),
    ]);
    try {
      const o1 = await helpers.placeOrder(other, [line]);
      const o2 = await helpers.placeOrder(far, [line]);
      const o3 = await helpers.placeOrder(shopper, [line]);
      await waitFor(() => expect(all.events.map((e) => e.orderId)).toEqual([o1.id, o2.id, o3.id]));
      expect(mine.events.map((e) => e.orderId)).toEqual([o3.id]);
      expect(inA.events.map((e) => e.orderId)).toEqual([o1.id, o3.id]);
      expect(inB.events.map((e) => e.orderId)).toEqual([o2.id]);
      expect(inB.events[0]!.storeId).toBe(storeB.id);

      // A replay is filtered the same way.
      const replay = recorder();
      const stop = await ctx.app.orderEvents.subscribe({ storeId: storeB.id }, replay.onEvent, {
        afterId: String(BigInt(all.events[0]!.id) - 1n),
      });
      await stop();
      expect(replay.events.map((e) => e.orderId)).toEqual([o2.id]);
    } finally {
      await Promise.all(stops.map((stop) => stop()));
    }
  });

  it('listens only while someone subscribes: the last unsubscribe closes the listener', async () => {
    const bus = createOrderEventBus(ctx.database);
    try {
      expect(bus.listening()).toBe(false);
      const got = recorder();
      const a = await bus.subscribe({ customerId: shopper.customerId }, got.onEvent);
      const b = await bus.subscribe({ customerId: shopper.customerId }, () => {});
      expect(bus.listening()).toBe(true);
      expect(await listeningConnections()).toBe(ctx.databaseUrl ? 1 : 0);
      await a();
      expect(bus.listening()).toBe(true);
      await b();
      expect(bus.listening()).toBe(false);
      expect(bus.subscribers()).toBe(0);
      expect(await listeningConnections()).toBe(0);
      // Nothing arrives after unsubscribing.
      await helpers.placeOrder(shopper, [line]);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(got.events).toHaveLength(0);
      // And it opens again for the next subscriber.
      const c = await bus.subscribe({ customerId: shopper.customerId }, got.onEvent);
      expect(bus.listening()).toBe(true);
      await helpers.placeOrder(shopper, [line]);
      await waitFor(() => expect(got.events).toHaveLength(1));
      await c();
    } finally {
      await bus.close();
    }
  });
});

/** PostgreSQL: this database's connections that are listening (PGlite has none to count). */
async function listeningConnections(): Promise<number> {
  if (!ctx.databaseUrl) return 0;
  const result = await ctx.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %' and pid <> pg_backend_pid()`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('across connections and processes (PostgreSQL)', () => {
  let second: Database;
  beforeAll(async () => {
    second = await openDatabase({ databaseUrl: ctx.databaseUrl!, dataDir: ctx.config.dataDir });
  });
  afterAll(() => second?.close());

  it('a change through another pool reaches a subscriber of this process', async () => {
    const s = await helpers.shopper(storeA);
    const order = await helpers.placeOrder(s, [line]);
    const got = recorder();
    const stop = await ctx.app.orderEvents.subscribe({ customerId: s.customerId }, got.onEvent);
    try {
      await second.db.update(orders).set({ status: 'packed' }).where(eq(orders.id, order.id));
      await waitFor(() => expect(got.events).toHaveLength(1));
      expect(got.events[0]).toMatchObject({ orderId: order.id, status: 'packed', kind: 'status' });
    } finally {
      await stop();
    }
  });

  it('`npm run ops` in a process of its own: its advance reaches the subscriber', async () => {
    const s = await helpers.shopper(storeA);
    const order = await helpers.placeOrder(s, [line]);
    const got = recorder();
    const stop = await ctx.app.orderEvents.subscribe({ customerId: s.customerId }, got.onEvent);
    try {
      const output = await new Promise<string>((resolve, reject) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'server/ops/cli.ts', 'order:advance', String(order.number)],
          {
            cwd: repoRoot,
            env: { ...process.env, DATABASE_URL: ctx.databaseUrl!, DATA_DIR: ctx.config.dataDir, NODE_ENV: 'test' },
          },
        );
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
        child.on('error', reject);
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`exit ${code}: ${text}`))));
      });
      expect(output).toContain(`Order ${order.number} is now packed.`);
      await waitFor(() => expect(got.events).toHaveLength(1));
      expect(got.events[0]).toMatchObject({ orderId: order.id, number: order.number, status: 'packed' });
    } finally {
      await stop();
    }
  }, 60_000);

  it('a lost listening connection is re-opened and catches up on what it missed', async () => {
    const s = await helpers.shopper(storeA);
    const order = await helpers.placeOrder(s, [line]);
    const bus = createOrderEventBus(ctx.database);
    const got = recorder();
    const stop = await bus.subscribe({ customerId: s.customerId }, got.onEvent);
    try {
      // The server ends the listening connection (as a PostgreSQL restart would), then a change.
      await second.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'LISTEN %'`,
      );
      await second.db.update(orders).set({ status: 'packed' }).where(eq(orders.id, order.id));
      await waitFor(() => expect(got.events).toHaveLength(1));
      expect(got.events[0]).toMatchObject({ orderId: order.id, status: 'packed' });
      expect(bus.listening()).toBe(true);
    } finally {
      await stop();
      await bus.close();
    }
  });
});
