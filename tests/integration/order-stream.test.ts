import { spawn } from 'node:child_process';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app';
import { createTestApp } from '../setup/test-app';
import { repoRoot } from '../support/server-process';
import { openSse, type SseMessage } from '../support/sse-client';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';
import { advanceOrder, advanceTo, placeCodOrder } from './follow-helpers';

/**
 * GET /api/order/stream (issue 19): a shopper's order events as Server-Sent Events, over a real
 * connection to a listening server, while the changes come from elsewhere (the ops command on its
 * own connection, a second app on the same database).
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let base: string;
const nextNumber = numberFactory('74');
let ip = 1;

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const address = ctx.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => ctx.close());

const shopper = () => signIn(ctx, nextNumber(), `198.51.100.${ip++}`);
const stream = (s: SignedIn, headers: Record<string, string> = {}, query = '') =>
  openSse(`${base}/api/order/stream${query}`, { authorization: `Bearer ${s.token}`, ...headers });
const data = (m: SseMessage) =>
  JSON.parse(m.data) as { id: string; orderId: string; status: string; kind: string; number: number };
const about = (orderId: string, status?: string) => (m: SseMessage) =>
  m.event === 'order' && data(m).orderId === orderId && (status === undefined || data(m).status === status);

describe('the order stream', () => {
  it('answers 401 without a session and 400 for a last-event id that is not one', async () => {
    const anonymous = await fetch(`${base}/api/order/stream`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    const s = await shopper();
    const bad = await fetch(`${base}/api/order/stream`, {
      headers: { authorization: `Bearer ${s.token}`, 'last-event-id': 'drop table' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, message: expect.stringContaining('Last-Event-ID') });
  });

  it('is an uncached event stream that tells the browser how soon to reconnect', async () => {
    const s = await shopper();
    const res = await fetch(`${base}/api/order/stream`, { headers: { authorization: `Bearer ${s.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-encoding')).toBeNull();
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toMatch(/^retry: \d+\n\n/);
    await reader.cancel();
  });

  it('delivers a status change made on another connection to the listening shopper at once', async () => {
    const s = await shopper();
    const order = await placeCodOrder(ctx, s);
    const live = await stream(s);
    try {
      await advanceOrder(ctx, order.number); // the ops command: its own statement, not this request
      const event = data(await live.next(about(order.id)));
      expect(event).toMatchObject({ orderId: order.id, number: order.number, kind: 'status' });
      expect(event.status).not.toBe('processing');
    } finally {
      live.close();
    }
  });

  it('hears changes made through another app process on the same database', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, closeDatabase: false });
    await other.ready();
    const s = await shopper();
    const order = await placeCodOrder(ctx, s);
    const live = await stream(s);
    try {
      const res = await other.inject(
        json(
          'POST',
          `/api/order/${order.id}/cancel`,
          { reason: 'Ordered by mistake' },
          {
            headers: { authorization: `Bearer ${s.token}` },
          },
        ),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(data(await live.next(about(order.id, 'cancelled')))).toMatchObject({
        kind: 'status',
        status: 'cancelled',
      });
    } finally {
      live.close();
      await other.close();
    }
  });

  it('replays what was missed after the Last-Event-ID (or ?after=) in order, then goes on live', async () => {
    const s = await shopper();
    const first = await stream(s);
    const order = await placeCodOrder(ctx, s);
    const placed = await first.next(about(order.id));
    first.close();
    expect(data(placed).kind).toBe('placed');

    // While the shopper is away (a network drop): two steps on.
    await advanceTo(ctx, order, 'dispatched');

    const resumed = await stream(s, { 'last-event-id': placed.id! });
    try {
      const missed = [await resumed.next(about(order.id)), await resumed.next(about(order.id))];
      expect(missed.map((m) => data(m).status).at(-1)).toBe('dispatched');
      expect(Number(missed[0]!.id)).toBeGreaterThan(Number(placed.id));
      expect(Number(missed[1]!.id)).toBeGreaterThan(Number(missed[0]!.id));
      // Nothing from before the id comes again.
      expect(resumed.pending().some((m) => m.id === placed.id)).toBe(false);
      await advanceOrder(ctx, order.number);
      expect(data(await resumed.next(about(order.id, 'delivered')))).toMatchObject({ status: 'delivered' });
    } finally {
      resumed.close();
    }

    const byQuery = await stream(s, {}, `?after=${placed.id}`);
    try {
      expect(data(await byQuery.next(about(order.id))).kind).toBe('status');
    } finally {
      byQuery.close();
    }
  });

  it("never carries another customer's orders", async () => {
    const asha = await shopper();
    const ravi = await shopper();
    const ashaOrder = await placeCodOrder(ctx, asha);
    const raviStream = await stream(ravi, { 'last-event-id': '0' });
    try {
      await advanceTo(ctx, ashaOrder, 'dispatched');
      // Ravi's own order afterwards: once it arrives, Asha's changes would have arrived before it.
      const raviOrder = await placeCodOrder(ctx, ravi);
      const own = await raviStream.next(about(raviOrder.id));
      expect(data(own).orderId).toBe(raviOrder.id);
      expect(raviStream.pending().filter((m) => data(m).orderId !== raviOrder.id)).toEqual([]);
      // The payload carries nothing of the store or the customer.
      expect(Object.keys(data(own)).sort()).toEqual(['at', 'detail', 'id', 'kind', 'number', 'orderId', 'status']);
    } finally {
      raviStream.close();
    }
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    '(PostgreSQL) hears `npm run ops` dispatching from a process of its own',
    async () => {
      const s = await shopper();
      const order = await placeCodOrder(ctx, s);
      const live = await stream(s);
      try {
        for (const expected of ['packed', 'dispatched']) {
          await new Promise<void>((resolve, reject) => {
            const child = spawn(
              process.execPath,
              ['--import', 'tsx', 'server/ops/cli.ts', 'order:advance', String(order.number)],
              {
                cwd: repoRoot,
                env: { ...process.env, DATABASE_URL: ctx.databaseUrl!, DATA_DIR: ctx.config.dataDir, NODE_ENV: 'test' },
                stdio: 'ignore',
              },
            );
            child.on('error', reject);
            child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`ops exited ${code}`))));
          });
          expect(data(await live.next(about(order.id, expected)))).toMatchObject({ kind: 'status', status: expected });
        }
      } finally {
        live.close();
      }
    },
    60_000,
  );

  it('ends open streams when the server shuts down, so it is not held open', async () => {
    const other = await buildApp({ config: ctx.config, database: ctx.database, closeDatabase: false });
    await other.listen({ port: 0, host: '127.0.0.1' });
    const address = other.server.address();
    const s = await shopper();
    const live = await openSse(
      `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/order/stream`,
      {
        authorization: `Bearer ${s.token}`,
      },
    );
    expect(live.status).toBe(200);
    await other.close();
    await live.ended;
  });
});
