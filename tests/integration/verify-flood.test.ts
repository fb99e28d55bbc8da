import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/rows';
import { AUTH_MESSAGES } from '../../server/domain/auth';
import { createTestApp } from '../setup/test-app';
import { lastCode, numberFactory, requestOtp, useAppClock, verifyOtp, wrongCode } from './auth-helpers';

/**
 * Many checks of one number's code at once must not take the database pool (decision 024): a
 * check while another of the same number runs is refused at once, and a locked code is refused
 * from memory. On PostgreSQL (pool of 10, a 5 s wait for a connection) another connection holds
 * the challenge row, or the whole table, meanwhile: checks that went to the database would wait
 * on it, the pool would run dry and the rest would fail with 503 after 5 s.
 */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('82');
const FLOOD = 150;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const clock = useAppClock(() => ctx.app);

const onPostgres = () => ctx.database.kind === 'postgres';

/** A connection of its own to the test's database, outside the app's pool (PostgreSQL only). */
async function otherConnection(): Promise<pg.Client> {
  const [row] = rowsOf<{ db: string }>(await ctx.database.db.execute(sql`select current_database() as db`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.db}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return client;
}

/** Sends FLOOD checks at once; resolves when `settled` of them have answered or `ms` passed, then runs `release`. */
async function flood(mobile: string, code: string, settled: number, release: () => Promise<void>, ms = 7_000) {
  let answered = 0;
  const answers = Array.from({ length: FLOOD }, () =>
    verifyOtp(ctx.app, mobile, code).then((res) => {
      answered += 1;
      return res;
    }),
  );
  const deadline = Date.now() + ms;
  while (answered < settled && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  const early = answered;
  await release();
  return { answers: await Promise.all(answers), early };
}

describe('150 checks of one number at once', () => {
  it('run one at a time: the others are refused at once (429), never 503', async () => {
    const mobile = nextNumber();
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    const code = wrongCode(lastCode(ctx.config.dataDir, mobile));
    let release = async () => {};
    if (onPostgres()) {
      const holder = await otherConnection();
      await holder.query('begin');
      await holder.query('select id from otp_challenges where mobile = $1 for update', [mobile]);
      release = async () => {
        await holder.query('commit');
        await holder.end();
      };
    }
    const { answers, early } = await flood(mobile, code, FLOOD - 1, release);
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const refused = answers.filter((res) => res.statusCode === 429);
    const messages = new Set(refused.map((res) => res.json<{ message: string }>().message));
    if (!onPostgres()) {
      // PGlite runs one statement at a time: checks finish between arrivals, until the code locks.
      expect(
        [...messages].filter((m) => m !== AUTH_MESSAGES.otpCheckRunning && m !== AUTH_MESSAGES.otpTooManyAttempts),
      ).toEqual([]);
      return;
    }
    // All but the one waiting for the row were answered before it was let go, and only it cost a try.
    expect(early).toBe(FLOOD - 1);
    expect([...messages]).toEqual([AUTH_MESSAGES.otpCheckRunning]);
    expect(refused[0]!.headers['retry-after']).toBe('1');
    expect(statuses.filter((status) => status === 401)).toHaveLength(1);
    expect(refused).toHaveLength(FLOOD - 1);
    for (let i = 0; i < 3; i++) expect((await verifyOtp(ctx.app, mobile, code)).statusCode).toBe(401);
    expect((await verifyOtp(ctx.app, mobile, code)).statusCode).toBe(429);
  });

  it('are refused from memory once the code is locked, without the database', async () => {
    const mobile = nextNumber();
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    const right = lastCode(ctx.config.dataDir, mobile);
    for (let i = 0; i < 4; i++) expect((await verifyOtp(ctx.app, mobile, wrongCode(right))).statusCode).toBe(401);
    expect((await verifyOtp(ctx.app, mobile, wrongCode(right))).statusCode).toBe(429);

    let release = async () => {};
    if (onPostgres()) {
      // Nothing that reads the challenges can run until this lets go.
      const holder = await otherConnection();
      await holder.query('begin');
      await holder.query('lock table otp_challenges in access exclusive mode');
      release = async () => {
        await holder.query('commit');
        await holder.end();
      };
    }
    const { answers, early } = await flood(mobile, right, FLOOD, release);
    if (onPostgres()) expect(early).toBe(FLOOD);
    expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(FLOOD).fill(429));
    expect(answers[0]!.json()).toEqual({
      success: false,
      code: 'OTP_LOCKED',
      message: AUTH_MESSAGES.otpTooManyAttempts,
    });
    expect(Number(answers[0]!.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('after the resend wait, a new code for the number works again', async () => {
    const mobile = nextNumber();
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    const first = lastCode(ctx.config.dataDir, mobile);
    for (let i = 0; i < 5; i++) await verifyOtp(ctx.app, mobile, wrongCode(first));
    expect((await verifyOtp(ctx.app, mobile, first)).statusCode).toBe(429);
    clock.advance(30_000);
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    const res = await verifyOtp(ctx.app, mobile, lastCode(ctx.config.dataDir, mobile));
    expect(res.statusCode, res.body).toBe(200);
  });
});
