import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openTestDatabase, testDatabaseUrl, type TestDatabase } from '../setup/template-db';
import { startServer, type ServerProcess } from '../support/server-process';
import { latestOtp } from '../support/sms-outbox';

/**
 * Two server processes on one PostgreSQL database, each with a DATA_DIR of its own and no
 * JWT_SECRET (decision 024): a session from one is accepted by the other, and the limits hold for
 * the pair as for one. Two processes cannot share a PGlite data directory, so this runs only in
 * the PostgreSQL run (TEST_DATABASE_URL, as in CI).
 */
const GEO_LIMIT = 10;
const PREFIX_BUDGET = 4;

describe.skipIf(!testDatabaseUrl())('two processes on one PostgreSQL database', () => {
  let testDb: TestDatabase;
  const dirs: string[] = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    testDb = await openTestDatabase(inject('templateDir'));
    // The processes migrate and seed it themselves; the test's own pool is not needed.
    await testDb.database.close();
    const start = () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-scale-'));
      dirs.push(dataDir);
      return startServer({
        dataDir,
        env: {
          DATABASE_URL: testDb.databaseUrl!,
          JWT_SECRET: '',
          GOOGLE_MAPS_API_KEY: '',
          GEO_CALLS_PER_MINUTE: String(GEO_LIMIT),
          OTP_PREFIX_BUDGET: String(PREFIX_BUDGET),
          DIST_DIR: path.join(dataDir, 'no-client'),
        },
      });
    };
    // At once, so that both race to create the shared secret.
    [a, b] = await Promise.all([start(), start()]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await testDb?.dispose();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  const post = (server: ServerProcess, url: string, body: unknown) =>
    fetch(`${server.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  /** Asks `asker` for a code, reads it from that process's outbox and checks it at `checker`. */
  async function signIn(mobile: string, asker: ServerProcess, checker: ServerProcess): Promise<string> {
    const requested = await post(asker, '/api/customer/public', { mobile });
    expect(requested.status, await requested.clone().text()).toBe(200);
    const code = latestOtp(asker.dataDir, mobile);
    const verified = await post(checker, '/api/customer/public/verify', { mobile, otp: code });
    expect(verified.status, await verified.clone().text()).toBe(200);
    return ((await verified.json()) as { token: string }).token;
  }

  const me = (server: ServerProcess, token: string) =>
    fetch(`${server.url}/api/customer/me`, { headers: { authorization: `Bearer ${token}` } });

  it('agree on the JWT secret without JWT_SECRET: a session (and a code) from one works at the other', async () => {
    const token = await signIn('8400000001', a, b);
    expect((await me(a, token)).status).toBe(200);
    expect((await me(b, token)).status).toBe(200);
    const other = await signIn('8400000002', b, b);
    expect((await me(a, other)).status).toBe(200);
  });

  it('hold the map-search limit for the pair: calls alternating between them get the limit, not twice it', async () => {
    const token = await signIn('8400000003', a, a);
    // The window is the clock minute: do not start in its last seconds.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 100));
    const statuses: number[] = [];
    for (let i = 0; i < GEO_LIMIT + 6; i++) {
      const server = i % 2 ? b : a;
      const res = await fetch(`${server.url}/api/geo/autocomplete?q=pune${i}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, GEO_LIMIT)).toEqual(Array<number>(GEO_LIMIT).fill(200));
    expect(statuses.slice(GEO_LIMIT)).toEqual(Array<number>(6).fill(429));
  });

  it('hold the OTP prefix budget for the pair, and one of them warns once', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < PREFIX_BUDGET + 4; i++) {
      const res = await post(i % 2 ? b : a, '/api/customer/public', { mobile: `830000000${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(PREFIX_BUDGET).fill(200), ...Array<number>(4).fill(429)]);
    const warnings = (a.output() + b.output()).split('\n').filter((line) => line.includes('OTP budget'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('"prefix":"8300"');
    expect(warnings[0]).not.toMatch(/830000000\d/);
  });
});
