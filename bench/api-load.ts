/**
 * API load: requests per second and p50/p99 latency at a fixed concurrency, through HTTP, against
 * the real server started as its own process (as in production), for each scenario a shopper
 * drives: a category listing with a sort, search, a product by id, an OTP request and placing an
 * order (each with a key of its own, by 400 prepared customers, 1 to 3 products with ample stock;
 * bench/orders.ts measures orders at a fixed rate instead). In the same run it measures this machine's ceiling (a bare
 * Fastify route returning a constant, also in its own process) so every figure is also given as
 * a ratio to it, the server's CPU time per request (and the ceiling's over it), and the server's
 * resident memory at idle and at its peak under load. Each run also gives the bytes per answer
 * and the load generator's own CPU: one JavaScript thread on the same two cores, it runs at 90 % or
 * more in every scenario and at the ceiling, so requests/s measure it with the server, and
 * `cpuOfCeiling` (the server's CPU per answer against the bare route's) is the server's own
 * figure. Its cost per answer grows with the answer's headers and with the server's latency (fewer
 * answers to read per wake-up).
 *
 * `listing`, `search` and `product` are the popular pages: each is run unmeasured for 2 s first,
 * so that every one of its URLs has been answered and the code on the way compiled.
 *
 * `page` asks for server-rendered product pages, each at a new address, so every one is rendered.
 *
 * `longtail` asks for 5,000 distinct catalogue URLs in turn (type-ahead prefixes of every product
 * name, then category pages by sort, page and page size): each comes back only after the whole
 * list, long after the micro-cache (2,000 answers, the least recently used dropped first) has let
 * it go, so it measures the uncached read path.
 *
 *   node --import tsx bench/api-load.ts [--connections 10] [--duration 10] [--only listing,search,longtail]
 *     [--log-level info] [--accept-encoding "gzip, deflate, br, zstd"]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/api-load.ts
 *   node --import tsx bench/api-load.ts --healthz [--connections 50] [--duration 10]
 *
 * `--healthz` (decision 041) measures instead how long /healthz takes while searches run at once
 * (`--connections` of them, 50 by default): one probe at a time, every 10 ms, through its own
 * connection, gives its p50/p95/p99 next to the searches' figures and the server's idle memory.
 * The catalogue micro-cache is off, so every search reaches the database. No ceiling run.
 *
 * PGlite in a temporary data directory by default. With DATABASE_URL the benchmark creates a
 * scratch database of its own on that server and drops it afterwards. OTP request limits are
 * lifted (OTP_LIMITS=off) because every request comes from one address. Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { SERVER_NODE_FLAGS, withServerMallocSettings } from '../scripts/lib.mjs';
import { startServer, type ServerProcess } from '../tests/support/server-process';
import { cpuMsOf, rssMbOf } from './process-stats';
import { scratchDatabase } from './scratch-database';
import { QUERY_MIX, queryString } from './search-mix';
import { BENCH_JWT_SECRET, nthOrder, prepareShoppers } from './shoppers';

interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { average: number; total: number };
  /** Bytes read from the sockets, headers included. */
  throughput: { total: number };
  latency: { p50: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values: args } = parseArgs({
  options: {
    connections: { type: 'string' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string' },
    healthz: { type: 'boolean', default: false },
    /**
     * The server's LOG_LEVEL. `warn`, as every test server, by default (the figures of earlier
     * sessions were measured so); `info` is what a deployed server logs: a line per request.
     */
    'log-level': { type: 'string', default: 'warn' },
    /**
     * Sent with every request, the ceiling's too: `"gzip, deflate, br, zstd"` is what a browser
     * asks with, and the server then compresses what it sends (decision 054). None by default,
     * as the figures of earlier sessions were measured.
     */
    'accept-encoding': { type: 'string' },
  },
});
const logLevel = args['log-level'];
const acceptEncoding = args['accept-encoding'];
const healthzMode = args.healthz;
const connections = Number(args.connections ?? (healthzMode ? 50 : 10));
const duration = Number(args.duration);
const only = args.only?.split(',');

const CATEGORIES = [
  'vegetables-fruits',
  'dairy-breakfast',
  'munchies',
  'cold-drinks-juices',
  'instant-frozen-food',
  'tea-coffee-health-drinks',
  'bakery-biscuits',
  'personal-care',
  'household-essentials',
];
const SORTS = ['relevance', 'price-asc', 'price-desc', 'name', 'discount'];

interface Figures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  peakRssMb?: number;
  /**
   * The server process's CPU time per answered request, in µs (all its threads: PGlite's too): what
   * an answer costs, which hardly depends on what else the machine is doing, unlike requests/s.
   */
  serverCpuUsPerRequest?: number | undefined;
  /** Bytes the load generator read per answer, headers included (autocannon counts 2xx answers' bytes). */
  bytesPerAnswer?: number;
  /**
   * The load generator's process CPU time over the run's, in % (its JavaScript runs on one thread,
   * beside the server on the same cores; GC threads can take it past 100): near 100, it sets the
   * pace, not the server.
   */
  loadGeneratorCpuPercent?: number;
}

async function load(
  server: ServerProcess,
  setupRequest: (request: AutocannonRequest) => AutocannonRequest,
  seconds = duration,
): Promise<Figures> {
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMbOf(server.pid));
  }, 250);
  try {
    const cpuBefore = cpuMsOf(server.pid);
    const ownCpuBefore = process.cpuUsage();
    const started = performance.now();
    const result = await autocannon({
      url: server.url,
      connections,
      duration: seconds,
      ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}),
      requests: [{ setupRequest }],
    });
    const cpuAfter = cpuMsOf(server.pid);
    const ownCpu = process.cpuUsage(ownCpuBefore);
    return {
      serverCpuUsPerRequest:
        cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
          ? undefined
          : Math.round(((cpuAfter - cpuBefore) * 1000) / result.requests.total),
      rps: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      peakRssMb: peak,
      bytesPerAnswer: result.requests.total === 0 ? 0 : Math.round(result.throughput.total / result.requests.total),
      loadGeneratorCpuPercent: Math.round((ownCpu.user + ownCpu.system) / 10 / (performance.now() - started)),
    };
  } finally {
    clearInterval(sampler);
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** /healthz one probe at a time, every 10 ms, until `done` settles: the latencies in ms. */
async function probeHealthz(url: string, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  const latencies: number[] = [];
  let failures = 0;
  while (!finished) {
    const started = performance.now();
    try {
      const answer = await fetch(new URL('/healthz', url));
      await answer.arrayBuffer();
      if (answer.status !== 200) failures++;
    } catch {
      failures++;
    }
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const sorted = latencies.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    probes: sorted.length,
    failures,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? NaN),
  };
}

let counter = 0;
const next = () => counter++;

/** Scenarios of popular pages (the micro-cache answers them), warmed up before they are measured. */
const POPULAR = new Set(['listing', 'search', 'product']);
const WARM_UP_SECONDS = 2;

const engine = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-load-'));
const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'load') : undefined;
// Before the server starts (PGlite's directory has one owner at a time): customers who order.
const prepared = await prepareShoppers({ databaseUrl: scratch?.url, dataDir, count: healthzMode ? 1 : 400 });
const runId = Date.now().toString(36);

const scenarios: Record<string, (request: AutocannonRequest) => AutocannonRequest> = {
  listing: (request) => {
    const n = next();
    const category = CATEGORIES[n % CATEGORIES.length];
    const sort = SORTS[Math.floor(n / CATEGORIES.length) % SORTS.length];
    return { ...request, method: 'GET', path: `/api/product/public?category=${category}&sort=${sort}` };
  },
  search: (request) => {
    const query = QUERY_MIX[next() % QUERY_MIX.length]!;
    return { ...request, method: 'GET', path: `/api/product/public?${queryString(query)}` };
  },
  product: (request) => ({ ...request, method: 'GET', path: `/api/product/public/${(next() % 444) + 1}` }),
  otp: (request) => ({
    ...request,
    method: 'POST',
    path: '/api/customer/public',
    headers: { ...request.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: `9${String(100_000_000 + next()).slice(-9)}` }),
  }),
  order: (request) => {
    const n = next();
    const { token, body } = nthOrder(prepared, n);
    return {
      ...request,
      method: 'POST',
      path: '/api/order',
      headers: {
        ...request.headers,
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': `load-${runId}-${n}`,
      },
      body,
    };
  },
  // A first visit's server-rendered product page, each at an address of its own (a query string
  // the app ignores), so the renderer's cache of recent pages never answers: rendering's cost.
  page: (request) => {
    const n = next();
    return {
      ...request,
      method: 'GET',
      path: `/products/${(n % 444) + 1}?v=${runId}-${n}`,
      headers: { ...request.headers, accept: 'text/html' },
    };
  },
};
/** Distinct catalogue URLs for `longtail`, built from the catalogue once the server is up. */
const LONG_TAIL_SIZE = 5_000;
let longTail: string[] = [];
scenarios.longtail = (request) => ({ ...request, method: 'GET', path: longTail[next() % longTail.length] });

async function buildLongTail(origin: string): Promise<string[]> {
  const names: string[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(new URL(`/api/product/public?pageSize=100&page=${page}`, origin));
    const body = (await res.json()) as { data: { name: string }[]; total: number };
    names.push(...body.data.map((product) => product.name.toLowerCase()));
    if (body.data.length === 0 || names.length >= body.total) break;
  }
  const urls = new Set<string>();
  for (let length = 3; urls.size < LONG_TAIL_SIZE && length <= 24; length++) {
    for (const name of names) {
      if (name.length < length) continue;
      urls.add(`/api/product/public?q=${encodeURIComponent(name.slice(0, length).trim())}`);
      if (urls.size >= LONG_TAIL_SIZE) break;
    }
  }
  for (const category of CATEGORIES)
    for (const sort of SORTS)
      for (const pageSize of [12, 24, 48])
        for (let page = 1; page <= 3 && urls.size < LONG_TAIL_SIZE; page++)
          urls.add(`/api/product/public?category=${category}&sort=${sort}&page=${page}&pageSize=${pageSize}`);
  return [...urls];
}

const results: Record<string, Figures & { ofCeiling: number; cpuOfCeiling?: number }> = {};
let ceiling: Figures;
let idleRssMb: number;
let healthz: Awaited<ReturnType<typeof probeHealthz>> | undefined;
let searches: Figures | undefined;
try {
  if (!healthzMode) {
    const bare = await startServer({ script: 'bench/ceiling-server.ts', readyLine: 'Ceiling ready at' });
    try {
      const bareRoute = (request: AutocannonRequest) => ({ ...request, method: 'GET', path: '/' });
      // Warmed up as the popular scenarios are, so that each ratio compares like with like.
      await load(bare, bareRoute, WARM_UP_SECONDS);
      ceiling = await load(bare, bareRoute);
    } finally {
      await bare.stop();
    }
  }

  const server = await startServer({
    dataDir,
    // Node's flags and glibc's allocator settings as `npm start` runs the server (decisions 046, 050).
    nodeArgs: SERVER_NODE_FLAGS,
    env: {
      // glibc's allocator settings as `npm start` sets them, unless set already (as there).
      ...withServerMallocSettings(),
      // As deployed (the catalogue micro-cache is on), but for the OTP limits, which are lifted, and
      // the log (`--log-level`).
      NODE_ENV: 'development',
      LOG_LEVEL: logLevel,
      OTP_LIMITS: 'off',
      // Every connection comes from this one address.
      CONNECTIONS_PER_IP: '0',
      // Every search reaches the database: the few queries of the mix would otherwise be answered
      // from the micro-cache (decision 011) after their first second.
      ...(healthzMode ? { CATALOGUE_CACHE_MS: '0' } : {}),
      JWT_SECRET: BENCH_JWT_SECRET,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    },
  });
  try {
    longTail = await buildLongTail(server.url);
    // Warm up every route once, then let the process settle before reading idle memory.
    for (const setup of Object.values(scenarios)) {
      const request = setup({});
      await fetch(new URL(request.path!, server.url), {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
    idleRssMb = rssMbOf(server.pid);
    if (healthzMode) {
      const searching = load(server, scenarios.search!);
      healthz = await probeHealthz(server.url, searching);
      searches = await searching;
    }
    for (const [name, setup] of Object.entries(healthzMode ? {} : scenarios)) {
      if (only && !only.includes(name)) continue;
      // The popular pages as they are once popular: each of the scenario's URLs (45 listings, 444
      // products, the search mix) answered once or more and the code on them compiled, before the
      // measured run. Unmeasured, the first seconds of the first scenario filled the cache.
      if (POPULAR.has(name)) await load(server, setup, WARM_UP_SECONDS);
      const figures = await load(server, setup);
      results[name] = {
        ...figures,
        ofCeiling: Math.round((figures.rps / ceiling!.rps) * 1000) / 1000,
        // The ceiling's CPU per request over this one's: the share of the ceiling's throughput this
        // scenario would reach if each server had a core to itself (here they share two with the
        // load generator, and the server's other threads).
        ...(figures.serverCpuUsPerRequest && ceiling!.serverCpuUsPerRequest
          ? {
              cpuOfCeiling: Math.round((ceiling!.serverCpuUsPerRequest / figures.serverCpuUsPerRequest) * 1000) / 1000,
            }
          : {}),
      };
    }
  } finally {
    await server.stop();
  }
} finally {
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

if (healthzMode) {
  console.log(
    JSON.stringify(
      {
        benchmark: 'api-load --healthz',
        command: `${engine === 'postgres' ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/api-load.ts --healthz --connections ${connections} --duration ${duration}`,
        engine,
        cpus: cpus().length,
        concurrentSearches: connections,
        durationSeconds: duration,
        healthz,
        searches,
        memory: { idleRssMb: idleRssMb!, peakRssMb: searches?.peakRssMb },
        target: '/healthz p99 < 50 ms on PGlite while 50 searches run at once',
      },
      null,
      2,
    ),
  );
  process.exit(0);
}

console.log(
  JSON.stringify(
    {
      benchmark: 'api-load',
      command: `${engine === 'postgres' ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/api-load.ts --connections ${connections} --duration ${duration}${only ? ` --only ${only.join(',')}` : ''}${logLevel === 'warn' ? '' : ` --log-level ${logLevel}`}${acceptEncoding ? ` --accept-encoding "${acceptEncoding}"` : ''}`,
      engine,
      logLevel,
      acceptEncoding: acceptEncoding ?? null,
      cpus: cpus().length,
      connections,
      durationSeconds: duration,
      ceiling: ceiling!,
      memory: { idleRssMb: idleRssMb!, peakRssMb: Math.max(...Object.values(results).map((r) => r.peakRssMb ?? 0)) },
      longTailUrls: longTail.length,
      scenarios: results,
      target: 'catalogue reads (listing, search, product) >= 0.25 of the ceiling with p99 < 25 ms on PostgreSQL',
    },
    null,
    2,
  ),
);
