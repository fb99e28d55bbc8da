import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { hitWindow, sweepRateCounters } from '../../server/db/rate-counters';
import { rateCounters } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';

/** The shared fixed-window counters (decision 024), on the test's database. */
let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const MINUTE = 60_000;
const minuteStart = Math.floor(Date.now() / MINUTE) * MINUTE;

describe('hitWindow', () => {
  it('allows `limit` hits in the clock window, then refuses until it ends, with its own count per key', async () => {
    const hit = (key: string, at: number) =>
      hitWindow(ctx.database.db, { key, limit: 3, windowMs: MINUTE, now: new Date(at) });
    for (let i = 0; i < 3; i++) expect(await hit('test:a', minuteStart + i * 1000)).toEqual({ allowed: true });
    expect(await hit('test:a', minuteStart + 15_000)).toEqual({ allowed: false, retryAfterSeconds: 45 });
    expect(await hit('test:a', minuteStart + 59_500)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(await hit('test:b', minuteStart + 15_000)).toEqual({ allowed: true });
    expect(await hit('test:a', minuteStart + MINUTE)).toEqual({ allowed: true });
  });

  it('counts every hit of simultaneous callers once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, () =>
        hitWindow(ctx.database.db, { key: 'test:burst', limit: 10, windowMs: MINUTE, now: new Date(minuteStart) }),
      ),
    );
    expect(answers.filter((answer) => answer.allowed)).toHaveLength(10);
  });

  it('is swept once its window has ended', async () => {
    await sweepRateCounters(ctx.database.db, new Date(minuteStart + MINUTE));
    const left = await ctx.database.db.select().from(rateCounters);
    expect(left.map((row) => row.key).sort()).toEqual(['test:a']);
    expect(left[0]!.windowStart).toEqual(new Date(minuteStart + MINUTE));
  });
});
