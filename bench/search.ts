/**
 * Search latency: the product search behind GET /api/product/public, measured through the same
 * module the route calls, on a fresh database.
 *
 *   node --import tsx bench/search.ts [--products 50000] [--rounds 10]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/search.ts
 *
 * PGlite in a temporary directory by default. With DATABASE_URL the benchmark creates a scratch
 * database of its own on that server (the URL's database is only used to create and drop it).
 * Prints one JSON object, with the five queries of the mix slowest by their median (the p95 is
 * made of their times).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { sql } from 'drizzle-orm';
import pg from 'pg';

import { openDatabase, type Database } from '../server/db/client';
import { findProductPage } from '../server/db/product-queries';
import { createSearchLookups, type SearchLookups } from '../server/db/search-lookups';
import { rowsOf } from '../server/db/rows';
import { seedCatalog } from '../server/db/seed/seed';
import { createCatalogueChanges } from '../server/events/catalogue-changes';
import { QUERY_MIX, queryString } from './search-mix';
import { growCatalog } from './synthetic-catalog';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return Math.round(sorted[index]! * 100) / 100;
}

async function openScratch(url: string | undefined) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
  if (!url) {
    const database = await openDatabase({ dataDir });
    return {
      database,
      // As a server started on this catalogue would have it: PGlite sizes its buffer pool for the
      // database it opens (decision 061), and the synthetic products came after that.
      reopen: async (open: Database) => {
        await open.close();
        return openDatabase({ dataDir });
      },
      cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `storefront_bench_${process.pid}`;
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
    reopen: async (open: Database) => open,
    cleanup: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Each query of the mix `rounds` times, two ways in turn (which goes first alternates): as the
 * route runs it, with the lookups before ranking kept in memory while the catalogue is unchanged
 * (decision 051), and with every lookup read from the database (as before it).
 */
async function measure(database: Database, rounds: number, lookups: SearchLookups) {
  const ways = { kept: lookups, read: undefined };
  // Warm-up: plan caches, buffer cache, JIT of the driver code.
  for (let i = 0; i < 2; i++) {
    for (const query of QUERY_MIX) {
      await findProductPage(database.db, query, null, ways.kept);
      await findProductPage(database.db, query, null, ways.read);
    }
  }
  const figures = {
    kept: { samples: [] as number[], cpu: [] as number[] },
    read: { samples: [] as number[], cpu: [] as number[] },
  };
  /** Each query's times as the route runs it, by the query as a URL's parameters. */
  const byQuery = new Map<string, number[]>();
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['kept', 'read'] as const) : (['read', 'kept'] as const);
    for (const query of QUERY_MIX) {
      for (const way of order) {
        const cpuBefore = process.cpuUsage();
        const started = performance.now();
        await findProductPage(database.db, query, null, ways[way]);
        const took = performance.now() - started;
        figures[way].samples.push(took);
        if (way === 'kept') {
          const key = queryString(query);
          byQuery.set(key, byQuery.get(key) ?? []);
          byQuery.get(key)!.push(took);
        }
        const used = process.cpuUsage(cpuBefore);
        figures[way].cpu.push((used.user + used.system) / 1000);
      }
    }
  }
  for (const way of Object.values(figures)) {
    way.samples.sort((a, b) => a - b);
    way.cpu.sort((a, b) => a - b);
  }
  // The queries whose times make the p95: the slowest by their median.
  const slowest = [...byQuery]
    .map(([query, times]) => ({
      query,
      p50Ms: percentile(
        times.sort((a, b) => a - b),
        50,
      ),
    }))
    .sort((a, b) => b.p50Ms - a.p50Ms)
    .slice(0, SLOWEST_SHOWN);
  return { ...figures, slowest };
}

/** How many of the slowest queries the output names. */
const SLOWEST_SHOWN = 5;

function summary(kind: Database['kind'], { samples, cpu }: { samples: number[]; cpu: number[] }) {
  return {
    samples: samples.length,
    p50Ms: percentile(samples, 50),
    p95Ms: percentile(samples, 95),
    p99Ms: percentile(samples, 99),
    maxMs: percentile(samples, 100),
    // The CPU time of this process per query: PGlite's work happens in its thread, PostgreSQL's in
    // its own processes, so it is mostly the driver's and the query building's.
    ...(kind === 'pglite' && { cpuP50Ms: percentile(cpu, 50), cpuP95Ms: percentile(cpu, 95) }),
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      rounds: { type: 'string', default: '10' },
    },
  });
  const url = process.env.DATABASE_URL || undefined;
  const rounds = Number(values.rounds);
  const wanted = values.products === undefined ? undefined : Number(values.products);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a positive whole number');
  if (wanted !== undefined && (!Number.isInteger(wanted) || wanted < 1)) {
    throw new Error('--products must be a positive whole number');
  }

  const scratch = await openScratch(url);
  let database = scratch.database;
  try {
    const setupStarted = performance.now();
    await database.migrate();
    await seedCatalog(database.db);
    if (wanted !== undefined) await growCatalog(database.db, wanted);
    database = await scratch.reopen(database);
    const setupMs = Math.round(performance.now() - setupStarted);
    const [counted] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from products`));
    const changes = createCatalogueChanges(database);
    await changes.start();
    if (!changes.watching()) throw new Error('could not listen for catalogue changes');
    const figures = await measure(database, rounds, createSearchLookups(changes));
    await changes.close();
    const command = [
      url ? 'DATABASE_URL=<postgres url>' : '',
      'node --import tsx bench/search.ts',
      wanted !== undefined ? `--products ${wanted}` : '',
      `--rounds ${rounds}`,
    ]
      .filter(Boolean)
      .join(' ');
    console.log(
      JSON.stringify({
        benchmark: 'search',
        engine: database.kind,
        products: counted?.n ?? 0,
        queries: QUERY_MIX.length,
        // As GET /api/product/public runs it: words, slugs and sub-categories kept (decision 051).
        ...summary(database.kind, figures.kept),
        slowestQueries: figures.slowest,
        // Every lookup read from the database, as before decision 051, measured in turn with it.
        everyLookupRead: summary(database.kind, figures.read),
        loadAverage1m: Math.round(loadavg()[0]! * 100) / 100,
        cpus: cpus().length,
        node: process.version,
        setupMs,
        command,
      }),
    );
  } finally {
    await database.close();
    await scratch.cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
