/**
 * The server's first start on a new PGlite data directory (decision 061): a process of its own
 * creates, migrates and seeds the database, and exits; the server then opens a directory that is
 * ready, as on any later start. The server's own "database ready" line says so: prepared, and
 * nothing left for it to seed. PGlite only (on PostgreSQL there is no directory to prepare).
 * Also as `npm run dev` runs it, under `node --watch-path=server`, where Node posts its own
 * messages on the threads' ports.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { isRunning } from '../../server/child-process';
import { repoRoot, startServer, type ServerProcess } from '../support/server-process';

/** A start prepares a database (initdb, migrations, the seed) under tsx: seconds, more when busy. */
const START_MS = 60_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-dir-'));
const watchedDataDir = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-dir-watched-'));
const stoppedDataDir = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-dir-stopped-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(watchedDataDir, { recursive: true, force: true });
  rmSync(stoppedDataDir, { recursive: true, force: true });
});

const start = (options: { dir?: string; nodeArgs?: string[] } = {}) => {
  const dir = options.dir ?? dataDir;
  return startServer({
    dataDir: dir,
    nodeArgs: options.nodeArgs ?? [],
    readyTimeoutMs: START_MS,
    env: { DATABASE_URL: '', LOG_LEVEL: 'info', DIST_DIR: path.join(dir, 'no-client') },
  });
};

/** The fields of the server's "database ready" log line. */
function databaseReady(output: string): { prepared: boolean; seeded: boolean } {
  const line = output.split('\n').find((text) => text.includes('"database ready"'));
  if (!line) throw new Error(`no "database ready" line in:\n${output}`);
  return JSON.parse(line) as { prepared: boolean; seeded: boolean };
}

/** Polls `check` until it returns a value (within START_MS). */
async function waitFor<T>(check: () => T | undefined): Promise<T> {
  const until = Date.now() + START_MS;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function searchNames(url: string, query: string): Promise<string[]> {
  const res = await fetch(`${url}/api/product/public?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { name: string }[] };
  return body.data.map((product) => product.name);
}

describe('the first start on a new PGlite data directory', () => {
  it(
    'has the database prepared by another process, then serves the catalogue and its search',
    async () => {
      server = await start();
      expect(databaseReady(server.output())).toMatchObject({ prepared: true, seeded: false });
      const names = await searchNames(server.url, 'milk');
      expect(names.length).toBeGreaterThan(0);
      expect(names.some((name) => /milk/i.test(name))).toBe(true);
      // A typo found through the trigram index: the extension the preparing process loaded.
      expect((await searchNames(server.url, 'biscut')).some((name) => /biscuit/i.test(name))).toBe(true);
    },
    2 * START_MS,
  );

  it(
    'then starts on it as on any directory: nothing to prepare, nothing to seed',
    async () => {
      await server?.stop();
      server = await start();
      expect(databaseReady(server.output())).toMatchObject({ prepared: false, seeded: false });
      expect((await searchNames(server.url, 'milk')).length).toBeGreaterThan(0);
    },
    2 * START_MS,
  );

  it(
    'stopped while its database is prepared: the preparing process ends with it, and the next start begins again',
    async () => {
      await server?.stop();
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
        cwd: repoRoot,
        env: { ...process.env, PORT: '0', DATABASE_URL: '', DATA_DIR: stoppedDataDir, LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      // The preparing process's directory names it: pgdata.preparing-<pid>.
      const preparing = await waitFor(() =>
        readdirSync(stoppedDataDir).find((name) => name.startsWith('pgdata.preparing-')),
      );
      const pid = Number(preparing.split('-').at(-1));
      child.kill('SIGKILL');
      await waitFor(() => !isRunning(pid) || undefined);
      // Nothing half made was put in place.
      expect(existsSync(path.join(stoppedDataDir, 'pgdata', 'PG_VERSION'))).toBe(false);

      server = await start({ dir: stoppedDataDir });
      expect(databaseReady(server.output())).toMatchObject({ prepared: true, seeded: false });
      expect(readdirSync(stoppedDataDir).filter((name) => name.startsWith('pgdata.preparing-'))).toEqual([]);
      expect((await searchNames(server.url, 'milk')).length).toBeGreaterThan(0);
    },
    3 * START_MS,
  );
});

describe('the API server as `npm run dev` runs it (node --watch-path=server)', () => {
  it(
    "starts on a new directory and answers: Node's watch messages on the threads' ports are not taken for answers",
    async () => {
      await server?.stop();
      // Before, the PGlite thread's first message was Node's `watch:import`, read as its failure to start.
      server = await start({ dir: watchedDataDir, nodeArgs: ['--watch-path=server'] });
      expect(databaseReady(server.output())).toMatchObject({ prepared: true, seeded: false });
      expect((await searchNames(server.url, 'atta')).length).toBeGreaterThan(0);
    },
    2 * START_MS,
  );
});
