/**
 * Placing orders: sustained rate and latency of POST /api/order through HTTP, against the real
 * server started as its own process (as in production).
 *
 *   node --import tsx bench/orders.ts [--rate 200] [--duration 10] [--customers 400]
 *     [--payment cod|online] [--confirm verify|webhook] [--poll 100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/orders.ts
 *
 * Open loop: requests are sent at evenly spaced due times whether or not earlier ones have
 * answered, and each latency is measured from its due time, so a server that falls behind shows
 * it in the figures instead of slowing the load down (no coordinated omission). Customers, their
 * sessions and delivery addresses are prepared in the database beforehand; each order takes 1 to
 * 3 products (from 200 with ample stock) with a key of its own. PGlite in a temporary data
 * directory by default; with DATABASE_URL a scratch database of its own, dropped afterwards.
 * Requests go over keep-alive connections (node:http; fetch costs this process about twice the
 * CPU, and it shares the machine with the server). Besides latency it reports the CPU ms per
 * order of the server process, of PostgreSQL's backends and of this load generator: figures that
 * hardly depend on what else the machine is doing. Prints one JSON object.
 *
 * `--payment online` then runs a second open loop at the same rate and length, of shoppers paying
 * by UPI through the local gateway (PAYMENT_PROVIDER=local, the server's default outside
 * production): each places an online order ("Pay"), approves it on the gateway's page (its
 * approve endpoint, as the page's button does; the gateway then delivers its signed webhook to
 * the server), and the order becomes paid: by the browser's verify call (`--confirm verify`, the
 * default, as the app does) or by the webhook alone (`--confirm webhook`: the shopper's side asks
 * GET /api/order/:id from every `--poll` ms, 100, backing off to 1 s). It prints, beside the cash
 * on delivery figures of the same run, orders paid per second and the time from "Pay" (the
 * order's due time) to "paid" (the first answer saying so).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from '../tests/support/server-process';
import { backendCpuMsBetween, cpuMsOf, postgresBackendCpuMs } from './process-stats';
import { scratchDatabase } from './scratch-database';
import { BENCH_JWT_SECRET, nthOrder, prepareShoppers } from './shoppers';

const { values: args } = parseArgs({
  options: {
    rate: { type: 'string', default: '200' },
    duration: { type: 'string', default: '10' },
    customers: { type: 'string', default: '400' },
    payment: { type: 'string', default: 'cod' },
    confirm: { type: 'string', default: 'verify' },
    poll: { type: 'string', default: '100' },
  },
});
if (args.payment !== 'cod' && args.payment !== 'online') throw new Error('--payment must be cod or online');
if (args.confirm !== 'verify' && args.confirm !== 'webhook') throw new Error('--confirm must be verify or webhook');
const online = args.payment === 'online';
const confirmBy = args.confirm;
const pollMs = Number(args.poll);
const rate = Number(args.rate);
const durationS = Number(args.duration);
const customerCount = Number(args.customers);

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-orders-'));
const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'orders') : undefined;

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

// Before anything of ours runs: how busy the machine already is.
const loadBefore = loadavg()[0]!;
const prepared = await prepareShoppers({ databaseUrl: scratch?.url, dataDir, count: customerCount });
const server = await startServer({
  dataDir,
  // Every connection comes from this one address: no per-address connection cap.
  env: {
    JWT_SECRET: BENCH_JWT_SECRET,
    CONNECTIONS_PER_IP: '0',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  },
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  nodeArgs: process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean),
});
try {
  const agent = new Agent({ keepAlive: true });
  const orderUrl = new URL('/api/order', server.url);

  /** One HTTP call over the keep-alive agent: its status and (decompressed) body. */
  const call = (
    method: 'GET' | 'POST',
    url: URL,
    { token, body, headers = {} }: { token?: string; body?: string; headers?: Record<string, string> } = {},
  ) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = request(
        url,
        {
          method,
          agent,
          headers: {
            ...(body !== undefined && {
              'content-type': 'application/json',
              'content-length': String(Buffer.byteLength(body)),
            }),
            // What fetch (and a browser) asks for, so the server compresses the answer as before.
            'accept-encoding': 'gzip, deflate',
            ...(token && { authorization: `Bearer ${token}` }),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.once('end', () => {
            const raw = Buffer.concat(chunks);
            resolve({
              status: res.statusCode ?? 0,
              body: res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw,
            });
          });
          res.once('error', reject);
        },
      );
      req.once('error', reject);
      req.end(body);
    });

  const placeOrder = (n: number, paymentMethod?: 'upi') => {
    const { token, body } = nthOrder(prepared, n, paymentMethod);
    return call('POST', orderUrl, { token, body, headers: { 'idempotency-key': `bench-${n}-${randomUUID()}` } }).then(
      (answer) => ({ ...answer, token }),
    );
  };
  const order = (n: number) => placeOrder(n).then(({ status }) => ({ status }));

  /**
   * A shopper paying by UPI in the local gateway: "Pay" places the online order and the gateway's
   * page approves it (its approve endpoint, which queues the signed webhooks). Then, with
   * `--confirm verify` (what the app does), the browser hands the page's proof to
   * POST /api/order/:id/payment/verify, which answers the order paid while the webhook still
   * arrives; with `--confirm webhook`, only the webhook makes it paid, and the shopper's order page
   * sees it by asking GET /api/order/:id (every `pollMs`, backing off to 1 s). The status is
   * 'paid', or what went wrong first.
   */
  const payOnline = async (n: number): Promise<{ status: number | string; placedAt?: number }> => {
    const placed = await placeOrder(n, 'upi');
    if (placed.status !== 201) return { status: placed.status };
    const placedAt = performance.now();
    const { data, checkout } = JSON.parse(placed.body.toString('utf8')) as {
      data: { id: string };
      checkout: { gatewayOrderId: string } | null;
    };
    if (!checkout) return { status: 'no-checkout', placedAt };
    const approved = await call('POST', new URL(`/pay/local/${checkout.gatewayOrderId}/approve`, server.url), {
      body: '{}',
    });
    if (approved.status !== 200) return { status: `approve-${approved.status}`, placedAt };
    const stateOf = (answer: { body: Buffer }) =>
      (JSON.parse(answer.body.toString('utf8')) as { data: { payment: { state: string } } }).data.payment.state;
    if (confirmBy === 'verify') {
      const proof = JSON.parse(approved.body.toString('utf8')) as { paymentId: string; signature: string };
      const verified = await call('POST', new URL(`/api/order/${data.id}/payment/verify`, server.url), {
        token: placed.token,
        body: JSON.stringify({
          gatewayOrderId: checkout.gatewayOrderId,
          paymentId: proof.paymentId,
          signature: proof.signature,
        }),
      });
      if (verified.status !== 200) return { status: `verify-${verified.status}`, placedAt };
      const state = stateOf(verified);
      return { status: state === 'paid' ? 'paid' : `verified-${state}`, placedAt };
    }
    const orderPage = new URL(`/api/order/${data.id}`, server.url);
    const giveUpAt = performance.now() + 60_000;
    let wait = pollMs;
    while (performance.now() < giveUpAt) {
      const read = await call('GET', orderPage, { token: placed.token });
      if (read.status !== 200) return { status: `read-${read.status}`, placedAt };
      const state = stateOf(read);
      if (state === 'paid') return { status: 'paid', placedAt };
      if (state === 'failed' || state === 'expired') return { status: state, placedAt };
      await new Promise((resolve) => setTimeout(resolve, wait));
      wait = Math.min(1000, wait * 1.5);
    }
    return { status: 'not-paid-in-60s', placedAt };
  };

  const database = scratch ? new URL(scratch.url).pathname.slice(1) : undefined;
  const total = Math.round(rate * durationS);

  /**
   * One open loop of `total` jobs at `rate`: each job's latency from its due time, the statuses,
   * the rate of `success`, and CPU ms per job of the server, PostgreSQL's backends and this
   * process.
   */
  async function openLoop(
    job: (n: number) => Promise<{ status: number | string; placedAt?: number }>,
    success: number | string,
    offset: number,
  ) {
    const intervalMs = 1000 / rate;
    const latencies: number[] = [];
    const placeLatencies: number[] = [];
    const statuses = new Map<number | string, number>();
    const serverCpuBefore = cpuMsOf(server.pid);
    const backendsBefore = database ? postgresBackendCpuMs(database) : undefined;
    const clientCpuBefore = process.cpuUsage();
    const start = performance.now();
    const pending: Promise<void>[] = [];
    for (let n = 0; n < total; n++) {
      const due = start + n * intervalMs;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
      pending.push(
        job(offset + n).then(
          ({ status, placedAt }) => {
            latencies.push(performance.now() - due);
            if (placedAt !== undefined) placeLatencies.push(placedAt - due);
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          },
          (error: Error) => {
            latencies.push(performance.now() - due);
            statuses.set(error.name, (statuses.get(error.name) ?? 0) + 1);
          },
        ),
      );
    }
    await Promise.all(pending);
    const elapsedS = (performance.now() - start) / 1000;
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const serverCpuAfter = cpuMsOf(server.pid);
    const backendsAfter = database ? postgresBackendCpuMs(database) : undefined;
    const perJob = (ms: number | undefined) => (ms === undefined ? null : Math.round((ms / total) * 100) / 100);
    latencies.sort((a, b) => a - b);
    placeLatencies.sort((a, b) => a - b);
    const succeeded = statuses.get(success) ?? 0;
    return {
      requests: total,
      succeeded,
      achievedRate: round(succeeded / elapsedS),
      latencyMs: {
        p50: round(percentile(latencies, 50)),
        p95: round(percentile(latencies, 95)),
        p99: round(percentile(latencies, 99)),
        max: round(latencies.at(-1) ?? 0),
      },
      placeLatencyMs: placeLatencies.length
        ? { p50: round(percentile(placeLatencies, 50)), p95: round(percentile(placeLatencies, 95)) }
        : undefined,
      statuses: Object.fromEntries(statuses),
      // CPU ms per request: what the latency figures mean on a busy machine.
      cpuMs: {
        server: perJob(
          serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : serverCpuAfter - serverCpuBefore,
        ),
        // PostgreSQL's backends serving this benchmark's database (not its WAL writer or checkpointer).
        postgres: perJob(
          backendsBefore && backendsAfter ? backendCpuMsBetween(backendsBefore, backendsAfter) : undefined,
        ),
        loadGenerator: perJob((clientCpu.user + clientCpu.system) / 1000),
      },
    };
  }

  // A short warm-up (JIT, connection pool, statement plans), not counted.
  await Promise.all(Array.from({ length: 20 }, (_, i) => order(1_000_000 + i)));
  const cod = await openLoop(order, 201, 0);

  let onlineFigures: Record<string, unknown> | undefined;
  if (online) {
    await Promise.all(Array.from({ length: 10 }, (_, i) => payOnline(2_000_000 + i)));
    const paid = await openLoop(payOnline, 'paid', total);
    onlineFigures = {
      payment: 'UPI through the local gateway (its approve endpoint; its signed webhook delivered by the server)',
      confirmedBy: confirmBy === 'verify' ? 'verify (as the app does)' : `webhook (order polled from ${pollMs} ms)`,
      requests: paid.requests,
      paid: paid.succeeded,
      achievedRate: paid.achievedRate,
      payToPaidMs: paid.latencyMs,
      placeMs: paid.placeLatencyMs,
      statuses: paid.statuses,
      // Per paid order: placing, approving, verifying or polling, and the webhook.
      cpuMsPerOrder: paid.cpuMs,
    };
  }
  agent.destroy();
  console.log(
    JSON.stringify(
      {
        benchmark: 'orders',
        command: `${scratch ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/orders.ts --rate ${rate} --duration ${durationS} --customers ${customerCount}${online ? ` --payment online --confirm ${confirmBy}${confirmBy === 'webhook' ? ` --poll ${pollMs}` : ''}` : ''}`,
        engine: scratch ? 'postgres' : 'pglite',
        targetRate: rate,
        // Cash on delivery.
        requests: cod.requests,
        placed: cod.succeeded,
        achievedRate: cod.achievedRate,
        latencyMs: cod.latencyMs,
        statuses: cod.statuses,
        cpuMsPerOrder: cod.cpuMs,
        ...(onlineFigures && { online: onlineFigures }),
        loadAverage1m: { before: round(loadBefore), after: round(loadavg()[0]!) },
        cpus: cpus().length,
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
