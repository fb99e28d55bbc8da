/**
 * Server start-up and idle memory: time from spawn to "ready" with a new data directory (first
 * run: initdb, migrations, seed) and with an existing one, and resident memory at idle.
 * Prints one JSON object.
 *
 *   node --import tsx bench/startup.ts            (embedded PGlite)
 *   DATABASE_URL=postgres://… node --import tsx bench/startup.ts
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

interface Started {
  ms: number;
  url: string;
  pid: number;
  stop(): Promise<void>;
}

function start(dataDir: string): Promise<Started> {
  const began = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    env: { ...process.env, PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Storefront ready at (\S+)/.exec(output);
      if (!match) return;
      resolve({
        ms: Math.round(performance.now() - began),
        url: match[1]!,
        pid: child.pid!,
        stop: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

const rssMb = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-'));
try {
  const fresh = await start(dataDir);
  await fresh.stop();
  const existing = await start(dataDir);
  // A few requests, then let it settle, as a server at idle between shoppers.
  for (const url of ['/', '/api', '/api/category/public', '/healthz']) await fetch(new URL(url, existing.url));
  await new Promise((r) => setTimeout(r, 3000));
  const idleRss = rssMb(existing.pid);
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
