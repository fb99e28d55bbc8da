/**
 * Following an order (issue 19, decision 036): the time from a status change to the event at a
 * listening GET /api/order/stream client, and the server's memory per open stream, against the
 * real server started as its own process.
 *
 *   node --import tsx bench/order-stream.ts [--changes 50] [--streams 500]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/order-stream.ts
 *
 * Latency: a shopper's stream is open; an order of theirs is placed (not timed), then the clock
 * starts and the shopper cancels it (POST /api/order/:id/cancel, the database trigger's NOTIFY,
 * the bus, the stream); it stops when the `cancelled` event has arrived. The answer to the
 * cancel itself is not waited for; its answer's time from the same start is printed beside
 * (`cancelAnsweredMs`): the event comes after the commit, so the difference is what the stream adds. Memory: the server's RSS with no stream, then with `--streams`
 * streams open (one per shopper, idle), divided by their number. Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from '../tests/support/server-process';
import { openSse, type SseStream } from '../tests/support/sse-client';
import { rssMbOf } from './process-stats';
import { scratchDatabase } from './scratch-database';
import { BENCH_JWT_SECRET, nthOrder, prepareShoppers } from './shoppers';

const { values: args } = parseArgs({
  options: { changes: { type: 'string', default: '50' }, streams: { type: 'string', default: '500' } },
});
const changes = Number(args.changes);
const streamCount = Number(args.streams);

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-stream-'));
const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'stream') : undefined;
const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const prepared = await prepareShoppers({ databaseUrl: scratch?.url, dataDir, count: Math.max(streamCount, changes) });
const server = await startServer({
  dataDir,
  env: {
    JWT_SECRET: BENCH_JWT_SECRET,
    CONNECTIONS_PER_IP: '0',
    PAYMENT_PROVIDER: 'off',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  },
});

async function call(method: string, url: string, token: string, body?: unknown, key?: string) {
  const response = await fetch(new URL(url, server.url), {
    method,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(key && { 'idempotency-key': key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { data: { id: string } };
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

const streamOf = (token: string) =>
  openSse(new URL('/api/order/stream', server.url).href, { authorization: `Bearer ${token}` });
const isEvent = (orderId: string, status: string) => (m: { event: string; data: string }) => {
  const d = JSON.parse(m.data) as { orderId: string; status: string };
  return m.event === 'order' && d.orderId === orderId && d.status === status;
};

const open: SseStream[] = [];
try {
  const latencies: number[] = [];
  /** When the cancel's own answer arrived, from the same start: what the change itself costs. */
  const answered: number[] = [];
  for (let n = -5; n < changes; n++) {
    const { token, body } = nthOrder(prepared, n + 5);
    const stream = await streamOf(token);
    const placed = await call('POST', '/api/order', token, JSON.parse(body), `bench-stream-${n}`);
    const orderId = placed.data.id;
    await stream.next(isEvent(orderId, 'processing'), 10_000).catch(() => undefined);
    const start = performance.now();
    let answeredAt = 0;
    const cancelling = call('POST', `/api/order/${orderId}/cancel`, token, { reason: 'Ordered by mistake' }).then(
      () => (answeredAt = performance.now()),
    );
    await stream.next(isEvent(orderId, 'cancelled'), 10_000);
    const heard = performance.now();
    await cancelling;
    if (n >= 0) {
      // The first five warm up.
      latencies.push(heard - start);
      answered.push(answeredAt - start);
    }
    stream.close();
  }

  await new Promise((resolve) => setTimeout(resolve, 500));
  const rssBefore = rssMbOf(server.pid);
  for (let i = 0; i < streamCount; i++) {
    const stream = await streamOf(prepared.shoppers[i % prepared.shoppers.length]!.token);
    if (stream.status !== 200) throw new Error(`stream ${i}: ${stream.status}`);
    open.push(stream);
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const rssOpen = rssMbOf(server.pid);

  const sorted = [...latencies].sort((a, b) => a - b);
  const sortedAnswers = [...answered].sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        benchmark: 'order-stream',
        command: `${scratch ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/order-stream.ts --changes ${changes} --streams ${streamCount}`,
        engine: scratch ? 'postgres' : 'pglite',
        statusChangeToClientMs: {
          changes,
          p50: round(percentile(sorted, 50)),
          p95: round(percentile(sorted, 95)),
          max: round(sorted.at(-1) ?? 0),
        },
        cancelAnsweredMs: { p50: round(percentile(sortedAnswers, 50)), p95: round(percentile(sortedAnswers, 95)) },
        memory: {
          streams: streamCount,
          serverRssMb: { noStreams: rssBefore, withStreams: rssOpen },
          perStreamKb: round(((rssOpen - rssBefore) * 1024) / streamCount),
        },
      },
      null,
      2,
    ),
  );
} finally {
  for (const stream of open) stream.close();
  await server.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
