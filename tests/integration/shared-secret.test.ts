import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../server/config';
import { sharedSecret, withSharedSecrets } from '../../server/db/secrets';
import { createTestApp } from '../setup/test-app';

/** The JWT secret kept in the database for processes without JWT_SECRET (decision 024). */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const dirs: string[] = [];
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-secret-'));
  dirs.push(dir);
  return dir;
};

describe('sharedSecret', () => {
  it('is generated once, and every caller at once gets the same', async () => {
    const all = await Promise.all(Array.from({ length: 10 }, () => sharedSecret(ctx.database, 'test-at-once')));
    expect(new Set(all).size).toBe(1);
    expect(all[0]!.length).toBeGreaterThanOrEqual(32);
    expect(await sharedSecret(ctx.database, 'test-at-once', 'y'.repeat(40))).toBe(all[0]);
  });

  it('completes a configuration that takes its JWT secret from the database, keeping the one in DATA_DIR', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, 'jwt-secret'), `${'k'.repeat(48)}\n`);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/shop' });
    expect(config.jwtSecret).toBe('');
    const first = await withSharedSecrets(config, ctx.database);
    expect(first.jwtSecret).toBe('k'.repeat(48));
    // Another process, with a DATA_DIR of its own, gets the same.
    const other = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir(), DATABASE_URL: 'postgres://db/shop' });
    expect((await withSharedSecrets(other, ctx.database)).jwtSecret).toBe('k'.repeat(48));
    // A configuration with JWT_SECRET is left as it is.
    const set = loadConfig({ NODE_ENV: 'test', DATA_DIR: tempDir(), JWT_SECRET: 's'.repeat(32) });
    expect(await withSharedSecrets(set, ctx.database)).toBe(set);
  });
});
