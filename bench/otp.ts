/**
 * OTP request throughput and latency: POST /api/customer/public at a fixed rate, through HTTP, on
 * the real app started in this process on a free port, each request for a different number.
 *
 *   node --import tsx bench/otp.ts [--rate 200] [--duration 10] [--connections 20]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/otp.ts
 *
 * PGlite in a temporary directory by default. With DATABASE_URL the benchmark creates a scratch
 * database of its own on that server (the URL's database is only used to create and drop it).
 * SMS go to the outbox adapter (a file in the temporary directory). The request limits are
 * lifted with OTP_LIMITS=off, which config.ts refuses in production: every request here comes
 * from one address, which the per-address cap would otherwise stop after 60. The rest of the work
 * (locks, history queries, insert, HMAC, SMS) is the same as with limits on.
 * Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { sql } from 'drizzle-orm';
import pg from 'pg';

import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { rowsOf } from '../server/db/rows';
import { DEFAULT_OTP_LIMITS, guessesPerNumberPerDay, OTP_MAX_ATTEMPTS } from '../server/domain/auth';

/** The part of autocannon's API used here (it ships no type declarations). */
interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
}
interface AutocannonResult {
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
  '2xx': number;
  statusCodeStats: Record<string, { count: number }>;
  duration: number;
}
type Autocannon = (options: {
  url: string;
  method: string;
  headers: Record<string, string>;
  connections: number;
  overallRate: number;
  duration: number;
  requests: { setupRequest: (request: AutocannonRequest) => AutocannonRequest }[];
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

async function openScratch(url: string | undefined, dataDir: string) {
  if (!url) {
    const database = await openDatabase({ dataDir });
    return { database, cleanup: async () => {} };
  }
  const name = `storefront_bench_otp_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: scratch.toString(), dataDir });
  return {
    database,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

const round = (n: number) => Math.round(n * 100) / 100;

async function main() {
  const { values } = parseArgs({
    options: {
      rate: { type: 'string', default: '200' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '20' },
    },
  });
  const rate = Number(values.rate);
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  for (const [name, value] of Object.entries({ rate, duration, connections })) {
    if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  }

  const url = process.env.DATABASE_URL || undefined;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-otp-'));
  const { database, cleanup } = await openScratch(url, dataDir);
  try {
    await database.migrate();
    const config = loadConfig(
      { NODE_ENV: 'test', OTP_LIMITS: 'off', DATA_DIR: dataDir },
      {
        databaseUrl: undefined,
        distDir: path.join(dataDir, 'no-client'),
        // Only real problems would reach the terminal and spoil the one JSON line.
        logLevel: 'error',
      },
    );
    const app = await buildApp({ config, database, closeDatabase: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    // Distinct valid numbers, 7000000000 upwards, so no request meets another's resend wait.
    let next = 0;
    const nextMobile = () => `7${String(next++).padStart(9, '0')}`;
    const run = (seconds: number, perSecond: number) =>
      autocannon({
        url: `${address}/api/customer/public`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        connections,
        overallRate: perSecond,
        duration: seconds,
        requests: [{ setupRequest: (request) => ({ ...request, body: JSON.stringify({ mobile: nextMobile() }) }) }],
      });

    const countChallenges = async () =>
      rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from otp_challenges`))[0]?.n ?? 0;

    await run(2, Math.min(rate, 100)); // warm-up: JIT, plan caches, the outbox file
    const before = await countChallenges();
    const result = await run(duration, rate);
    const stored = (await countChallenges()) - before;
    await app.close();

    const guesses = guessesPerNumberPerDay(DEFAULT_OTP_LIMITS);
    console.log(
      JSON.stringify({
        benchmark: 'otp-request',
        engine: database.kind,
        targetRate: rate,
        durationS: duration,
        connections,
        requests: result.requests.total,
        requestsPerSec: round(result.requests.average),
        p50Ms: result.latency.p50,
        p90Ms: result.latency.p90,
        p99Ms: result.latency.p99,
        maxMs: result.latency.max,
        ok: result['2xx'],
        non2xx: result.non2xx,
        errors: result.errors,
        timeouts: result.timeouts,
        // One per answered request, plus those still in flight when the run stopped.
        challengesStored: stored,
        // OTP_LIMITS=off for this run; the figures below are for the limits that apply otherwise.
        limitsLiftedForRun: true,
        limits: {
          resendSeconds: DEFAULT_OTP_LIMITS.resendSeconds,
          perNumberPerHour: DEFAULT_OTP_LIMITS.perNumberPerHour,
          perNumberPerDay: DEFAULT_OTP_LIMITS.perNumberPerDay,
          perIpPerHour: DEFAULT_OTP_LIMITS.perIpPerHour,
          triesPerCode: OTP_MAX_ATTEMPTS,
        },
        // Codes a number can get in a day times wrong tries per code.
        guessesPerNumberPerDay: guesses,
        chanceToGuessPerNumberPerDay: guesses / 1_000_000,
        loadAverage1m: round(loadavg()[0]!),
        cpus: cpus().length,
        node: process.version,
        command: [
          url ? 'DATABASE_URL=<postgres url>' : '',
          'node --import tsx bench/otp.ts',
          `--rate ${rate} --duration ${duration} --connections ${connections}`,
        ]
          .filter(Boolean)
          .join(' '),
      }),
    );
  } finally {
    await database.close();
    await cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
