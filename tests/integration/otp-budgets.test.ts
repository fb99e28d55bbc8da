import path from 'node:path';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { DEFAULT_OTP_LIMITS } from '../../server/domain/auth';
import { rateCounters } from '../../server/db/schema';
import { openTestDatabase, type TestDatabase } from '../setup/template-db';
import { createTestApp } from '../setup/test-app';
import { outboxLines, requestOtp } from './auth-helpers';

/**
 * The hourly OTP budgets (decision 024): per network prefix (the first four digits) and for all
 * numbers, spent only by codes that are sent, refused with 429 and Retry-After until the clock
 * hour ends, and a warning in the log (without the number) when one is spent.
 */
const HOUR = 3600_000;
let testDb: TestDatabase;
let app: Awaited<ReturnType<typeof buildApp>>;
let dataDir: string;
const logLines: Record<string, unknown>[] = [];
// Ten minutes into a clock hour.
let now = Math.floor(Date.now() / HOUR) * HOUR + 10 * 60_000;

beforeAll(async () => {
  testDb = await openTestDatabase(inject('templateDir'));
  dataDir = testDb.dataDir;
  const config = loadConfig(
    {},
    {
      env: 'test',
      dataDir,
      databaseUrl: undefined,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      distDir: path.join(dataDir, 'no-client'),
      otpLimits: { ...DEFAULT_OTP_LIMITS, perPrefixPerHour: 3, perHour: 5 },
      logLevel: 'warn',
    },
  );
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  app = await buildApp({ config, database: testDb.database, closeDatabase: false, logStream: stream });
  await app.ready();
});
beforeEach(() => {
  vi.spyOn(app.clock, 'now').mockImplementation(() => new Date(now));
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
});

let address = 0;
/** Each request from an address of its own, so the per-address limit never decides. */
const ask = (mobile: string) => requestOtp(app, mobile, `198.51.100.${++address}`);
const warnings = () => logLines.filter((line) => line.level === 40 && 'budget' in line);

describe('OTP budgets', () => {
  it('are lifted by OTP_LIMITS=off (benchmarks), which also leaves their counters alone', async () => {
    const lifted = await createTestApp({ otpLimits: { ...DEFAULT_OTP_LIMITS, enforced: false, perHour: 1 } });
    try {
      for (const mobile of ['9600000001', '9600000002', '9600000003']) {
        expect((await requestOtp(lifted.app, mobile)).statusCode).toBe(200);
      }
      expect(await lifted.database.db.select().from(rateCounters)).toEqual([]);
    } finally {
      await lifted.close();
    }
  });

  it('sends at most the prefix budget an hour to numbers with the same first four digits', async () => {
    for (const mobile of ['9200000001', '9200000002', '9200555555']) {
      expect((await ask(mobile)).statusCode, mobile).toBe(200);
    }
    // The third spent the prefix's budget: one warning, with the prefix and not the number.
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatchObject({ budget: 'prefix', prefix: '9200', limit: 3 });
    expect(JSON.stringify(warnings()[0])).not.toContain('9200555555');

    const refused = await ask('9200123456');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'We are sending too many OTPs right now. Please try again in 50 minutes.',
    });
    expect(refused.headers['retry-after']).toBe(String(50 * 60));
    expect(outboxLines(dataDir).filter((sms) => sms.to === '+919200123456')).toHaveLength(0);
    expect(warnings()).toHaveLength(1);

    // Another prefix still gets codes.
    expect((await ask('9201000001')).statusCode).toBe(200);
  });

  it('sends at most the overall budget an hour, whatever the prefix', async () => {
    // 3 + 1 sent above; the fifth spends the overall budget.
    expect((await ask('9300000001')).statusCode).toBe(200);
    expect(warnings()).toHaveLength(2);
    expect(warnings()[1]).toMatchObject({ budget: 'all', limit: 5 });

    now += 5 * 60_000;
    const refused = await ask('9400000001');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('We are sending too many OTPs right now. Please try again in 45 minutes.');
    expect(refused.headers['retry-after']).toBe(String(45 * 60));
    expect(outboxLines(dataDir)).toHaveLength(5);
  });

  it('opens again with the next clock hour', async () => {
    now = Math.floor(now / HOUR) * HOUR + HOUR;
    expect((await ask('9200123456')).statusCode).toBe(200);
    expect((await ask('9400000001')).statusCode).toBe(200);
  });

  it('counts only codes that are sent: a refusal by another limit spends nothing', async () => {
    now += HOUR;
    const mobile = '9500000001';
    expect((await ask(mobile)).statusCode).toBe(200);
    // Too soon for this number, five times: the prefix budget (3) is not spent by them.
    for (let i = 0; i < 5; i++) expect((await ask(mobile)).statusCode).toBe(429);
    expect((await ask('9500000002')).statusCode).toBe(200);
    expect((await ask('9500000003')).statusCode).toBe(200);
  });

  it('gives back what a code that could not be sent spent', async () => {
    now += HOUR;
    const hits = async () =>
      (await testDb.database.db.select().from(rateCounters))
        .filter((row) => row.windowStart.getTime() === Math.floor(now / HOUR) * HOUR)
        .map((row) => `${row.key}=${row.hits}`)
        .sort();
    expect((await ask('9700000001')).statusCode).toBe(200);
    expect(await hits()).toEqual(['otp-all=1', 'otp-prefix:9700=1']);
    const send = vi.spyOn(app.sms, 'send').mockRejectedValueOnce(new Error('the SMS gateway is down'));
    expect((await ask('9700000002')).statusCode).toBe(502);
    expect(send).toHaveBeenCalledOnce();
    expect(await hits()).toEqual(['otp-all=1', 'otp-prefix:9700=1']);
  });
});
