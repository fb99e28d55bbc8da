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
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { inArray } from 'drizzle-orm';

import { openDatabase } from '../server/db/client';
import { addresses, customers, products, sessions } from '../server/db/schema';
import { seedCatalog } from '../server/db/seed/seed';
import { jwtKey, signAccessToken } from '../server/domain/tokens';
import { backendCpuMsBetween, cpuMsOf, postgresBackendCpuMs } from './process-cpu';
import { scratchDatabase } from './scratch-database';

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
const JWT_SECRET = 'bench-orders-secret-that-is-long-enough-for-hs256';

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-orders-'));
const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'orders') : undefined;

interface Shopper {
  token: string;
  addressId: string;
}

/** Customers with a session and a Mumbai address each, and 200 products with ample stock. */
async function prepare() {
  const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
  await database.migrate();
  await seedCatalog(database.db);
  const { db } = database;
  const key = jwtKey(JWT_SECRET);
  const now = new Date();
  const shoppers: Shopper[] = [];
  for (let start = 0; start < customerCount; start += 200) {
    const batch = Array.from({ length: Math.min(200, customerCount - start) }, (_, i) => ({
      mobile: `9${String(start + i).padStart(9, '0')}`,
    }));
    const rows = await db.insert(customers).values(batch).returning({ id: customers.id, mobile: customers.mobile });
    const families = rows.map(() => randomUUID());
    await db.insert(sessions).values(
      rows.map((row, i) => ({
        customerId: row.id,
        familyId: families[i]!,
        refreshHash: randomUUID(),
        expiresAt: new Date(now.getTime() + 86_400_000),
      })),
    );
    const placed = await db
      .insert(addresses)
      .values(
        rows.map((row) => ({
          customerId: row.id,
          tag: 'Home',
          name: 'Bench',
          buildingName: 'Flat 1',
          locality: 'Bandra West',
          city: 'Mumbai',
          latitude: 19.06,
          longitude: 72.83,
        })),
      )
      .returning({ id: addresses.id, customerId: addresses.customerId });
    const addressOf = new Map(placed.map((a) => [a.customerId, a.id]));
    for (const [i, row] of rows.entries()) {
      const { token } = await signAccessToken(
        key,
        { customerId: row.id, mobile: row.mobile, sessionFamily: families[i]! },
        now,
      );
      shoppers.push({ token, addressId: addressOf.get(row.id)! });
    }
  }
  const catalogue = await db
    .select({ id: products.id, pricePaise: products.pricePaise })
    .from(products)
    .orderBy(products.id)
    .limit(200);
  await db
    .update(products)
    .set({ stock: 1_000_000 })
    .where(
      inArray(
        products.id,
        catalogue.map((p) => p.id),
      ),
    );
  await database.close();
  return { shoppers, catalogue };
}

function startServer(): Promise<{ url: string; pid: number | undefined; stop: () => Promise<void> }> {
  // BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/server.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Storefront ready at (\S+)/.exec(output);
      if (!match) return;
      resolve({
        url: match[1]!,
        pid: child.pid,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (n: number) => Math.round(n * 10) / 10;

// Before anything of ours runs: how busy the machine already is.
const loadBefore = loadavg()[0]!;
const { shoppers, catalogue } = await prepare();
const server = await startServer();
try {
  const agent = new Agent({ keepAlive: true });
  const orderUrl = new URL('/api/order', server.url);
  const order = (n: number) => {
    const shopper = shoppers[n % shoppers.length]!;
    const lines = 1 + (n % 3);
    const items = Array.from({ length: lines }, (_, i) => {
      const product = catalogue[(n * 7 + i * 31) % catalogue.length]!;
      return { productId: product.id, quantity: 1 + ((n + i) % 2), price: product.pricePaise / 100 };
    });
    const body = JSON.stringify({ addressId: shopper.addressId, items });
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
            authorization: `Bearer ${shopper.token}`,
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
