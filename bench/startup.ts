/**
 * Server start-up and idle memory: time from spawn to "ready" with a new data directory (first
 * run: initdb, migrations, seed) and with an existing one, and resident memory at idle.
 * Prints one JSON object.
 *
 *   node --import tsx bench/startup.ts            (embedded PGlite)
 *   DATABASE_URL=postgres://… node --import tsx bench/startup.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

import { startServer, type ServerProcess } from '../tests/support/server-process';
import { rssMbOf } from './process-stats';

/** Starts the server on `dataDir`; `ms` is the time from spawn to its ready line. */
async function start(dataDir: string): Promise<ServerProcess & { ms: number }> {
  const began = performance.now();
  const server = await startServer({ dataDir });
  return { ...server, ms: Math.round(performance.now() - began) };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
try {
  const fresh = await start(dataDir);
  await fresh.stop();
  const existing = await start(dataDir);
  // A few requests, then let it settle, as a server at idle between shoppers.
  for (const url of ['/', '/api', '/api/category/public', '/healthz']) await fetch(new URL(url, existing.url));
  await new Promise((r) => setTimeout(r, 3000));
  const idleRss = rssMbOf(existing.pid);
  await existing.stop();
  console.log(
    JSON.stringify(
      {
        benchmark: 'startup',
        command: 'node --import tsx bench/startup.ts',
        engine: process.env.DATABASE_URL ? 'postgres' : 'pglite',
        startNewDataDirMs: fresh.ms,
        startExistingDataDirMs: existing.ms,
        idleRssMb: idleRss,
      },
      null,
      2,
    ),
  );
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
