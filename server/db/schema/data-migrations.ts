import { pgTable, text } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';

/**
 * Data steps that run after the SQL migrations because they need the application's code (e.g.
 * filling the PIN codes of older addresses from the gazetteer, decision 028): one row per step
 * once it has finished, so that it never runs again.
 */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: timestamptz('done_at').notNull().defaultNow(),
});
