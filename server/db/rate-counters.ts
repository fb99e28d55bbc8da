import { lte, sql } from 'drizzle-orm';

import { fixedWindow } from '../domain/auth';
import type { Db } from './client';
import { preparedStatement } from './prepared';
import { rateCounters } from './schema';

export type WindowVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

interface HitValues {
  key: string;
  windowStart: Date;
  windowEnd: Date;
}

/**
 * One hit on a fixed-window counter shared by every process on the database (decision 024): a
 * single upsert that returns the window's count including this hit. Prepared on PGlite too: it
 * runs on every map search.
 */
const hitStatement = preparedStatement<{ hits: number | string }, HitValues>(
  'storefront_rate_hit',
  sql`insert into rate_counters (key, window_start, hits, window_end)
    values (${sql.placeholder('key')}::text, ${sql.placeholder('windowStart')}::timestamptz, 1,
      ${sql.placeholder('windowEnd')}::timestamptz)
    on conflict (key, window_start) do update set hits = rate_counters.hits + 1
    returning hits`,
  { onPglite: true },
);

/**
 * Counts a hit on `key`: at most `limit` a `windowMs` (a fixed window: clock minutes for 60 000),
 * whichever process the hits arrive at. Refused hits count too, so hammering does not reopen the
 * window early. Run on the database, not in a transaction.
 */
export async function hitWindow(
  db: Db,
  input: { key: string; limit: number; windowMs: number; now: Date },
): Promise<WindowVerdict> {
  const { start, end } = fixedWindow(input.now, input.windowMs);
  const [row] = await hitStatement(db, { key: input.key, windowStart: start, windowEnd: end });
  if (!row) throw new Error('the rate counter statement returned no row');
  if (Number(row.hits) <= input.limit) return { allowed: true };
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((end.getTime() - input.now.getTime()) / 1000)) };
}

/** Housekeeping: counters of windows that have ended count for nothing. */
export async function sweepRateCounters(db: Db, now: Date) {
  await db.delete(rateCounters).where(lte(rateCounters.windowEnd, now));
}
