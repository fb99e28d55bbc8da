/**
 * The server's first start on a new PGlite data directory (decision 061): a process of its own
 * creates, migrates and seeds the database, and exits; the server then opens a directory that is
 * ready, as on any later start. The server's own "database ready" line says so: prepared, and
 * nothing left for it to seed. PGlite only (on PostgreSQL there is no directory to prepare).
 * Also as `npm run dev` runs it, under `node --watch-path=server`, where Node posts its own
 * messages on the threads' ports.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, describe, expect, it } from 'vitest';

import { startServer, type ServerProcess } from '../support/server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-dir-'));
const watchedDataDir = mkdtempSync(path.join(tmpdir(), 'storefront-new-data-dir-watched-'));
let server: ServerProcess | undefined;

afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(watchedDataDir, { recursive: true, force: true });
});

const start = (options: { dir?: string; nodeArgs?: string[] } = {}) => {
  const dir = options.dir ?? dataDir;
  return startServer({
    dataDir: dir,
    nodeArgs: options.nodeArgs ?? [],
    env: { DATABASE_URL: '', LOG_LEVEL: 'info', DIST_DIR: path.join(dir, 'no-client') },
  });
};

/** The fields of the server's "database ready" log line. */
function databaseReady(output: string): { prepared: boolean; seeded: boolean } {
  const line = output.split('\n').find((text) => text.includes('"database ready"'));
  if (!line) throw new Error(`no "database ready" line in:\n${output}`);
  return JSON.parse(line) as { prepared: boolean; seeded: boolean };
}

async function searchNames(url: string, query: string): Promise<string[]> {
  const res = await fetch(`${url}/api/product/public?q=${encodeURIComponent(query)}`);
  expect(res.status).toBe(200);
  const body = (await res.json()) as { data: { name: string }[] };
  return body.data.map((product) => product.name);
}

describe('the first start on a new PGlite data directory', () => {
  it('has the database prepared by another process, then serves the catalogue and its search', async () => {
    server = await start();
    expect(databaseReady(server.output())).toMatchObject({ prepared: true, seeded: false });
    const names = await searchNames(server.url, 'milk');
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => /milk/i.test(name))).toBe(true);
    // A typo found through the trigram index: the extension the preparing process loaded.
    expect((await searchNames(server.url, 'biscut')).some((name) => /biscuit/i.test(name))).toBe(true);
  });

  it('then starts on it as on any directory: nothing to prepare, nothing to seed', async () => {
    await server!.stop();
    server = await start();
    expect(databaseReady(server.output())).toMatchObject({ prepared: false, seeded: false });
    expect((await searchNames(server.url, 'milk')).length).toBeGreaterThan(0);
  });
});

describe('the API server as `npm run dev` runs it (node --watch-path=server)', () => {
  it("starts on a new directory and answers: Node's watch messages on the threads' ports are not taken for answers", async () => {
    await server?.stop();
    // Before, the PGlite thread's first message was Node's `watch:import`, read as its failure to start.
    server = await start({ dir: watchedDataDir, nodeArgs: ['--watch-path=server'] });
    expect(databaseReady(server.output())).toMatchObject({ prepared: true, seeded: false });
    expect((await searchNames(server.url, 'atta')).length).toBeGreaterThan(0);
  });
});
