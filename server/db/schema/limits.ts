import { integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';

/**
 * Fixed-window counters shared by every process on the database (decision 024): one row per
 * key and window, bumped by a single upsert. The map-search limit and the OTP budgets count here.
 * Rows of ended windows are swept. UNLOGGED (written into migration 0009 by hand; drizzle does not
 * model it): no WAL, so a hit costs no disk flush (0.12 ms instead of 2.8 ms on PostgreSQL); a
 * database crash or a fail-over empties it, which loosens the limits for one window at most.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    /** What is counted, e.g. `geo:<customer id>`, `otp-prefix:9876`, `otp-all`. */
    key: text('key').notNull(),
    windowStart: timestamptz('window_start').notNull(),
    hits: integer('hits').notNull(),
    /** When the window ends: the sweep drops rows past it. */
    windowEnd: timestamptz('window_end').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * Secrets generated once and shared by every process on the database: the JWT secret when
 * DATABASE_URL is set without JWT_SECRET (outside production).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});
