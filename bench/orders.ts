/**
 * Placing orders: sustained rate and latency of POST /api/order through HTTP, against the real
 * server started as its own process (as in production).
 *
 *   node --import tsx bench/orders.ts [--rate 200] [--duration 10] [--customers 400]
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
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
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
  },
});
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
  const order = (n: number) => {
    const { token, body } = nthOrder(prepared, n);
    return new Promise<number>((resolve, reject) => {
      const req = request(
        orderUrl,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            // What fetch (and a browser) asks for, so the server compresses the answer as before.
            'accept-encoding': 'gzip, deflate',
            authorization: `Bearer ${token}`,
            'idempotency-key': `bench-${n}-${randomUUID()}`,
          },
        },
        (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        },
      );
      req.once('error', reject);
      req.end(body);
    });
  };

  // A short warm-up (JIT, connection pool, statement plans), not counted.
  await Promise.all(Array.from({ length: 20 }, (_, i) => order(1_000_000 + i)));

  const total = Math.round(rate * durationS);
  const intervalMs = 1000 / rate;
  const latencies: number[] = [];
  const statuses = new Map<number | string, number>();
  const database = scratch ? new URL(scratch.url).pathname.slice(1) : undefined;
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
      order(n).then(
        (status) => {
          latencies.push(performance.now() - due);
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
  const perOrder = (ms: number | undefined) => (ms === undefined ? null : Math.round((ms / total) * 100) / 100);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const placed = statuses.get(201) ?? 0;
  console.log(
    JSON.stringify(
      {
        benchmark: 'orders',
        command: `${scratch ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/orders.ts --rate ${rate} --duration ${durationS} --customers ${customerCount}`,
        engine: scratch ? 'postgres' : 'pglite',
        targetRate: rate,
        requests: total,
        placed,
        achievedRate: round(placed / elapsedS),
        latencyMs: {
          p50: round(percentile(latencies, 50)),
          p95: round(percentile(latencies, 95)),
          p99: round(percentile(latencies, 99)),
          max: round(latencies.at(-1) ?? 0),
        },
        statuses: Object.fromEntries(statuses),
        // CPU ms per request: what the latency figures mean on a busy machine.
        cpuMsPerOrder: {
          server: perOrder(
            serverCpuBefore === undefined || serverCpuAfter === undefined
              ? undefined
              : serverCpuAfter - serverCpuBefore,
          ),
          // PostgreSQL's backends serving this benchmark's database (not its WAL writer or checkpointer).
          postgres: perOrder(
            backendsBefore && backendsAfter ? backendCpuMsBetween(backendsBefore, backendsAfter) : undefined,
          ),
          loadGenerator: perOrder((clientCpu.user + clientCpu.system) / 1000),
        },
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
