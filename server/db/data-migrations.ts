/**
 * Data steps: migrations that need the application's code, so cannot be SQL files (decision 028).
 * They run after the SQL migrations, inside `Database.migrate()` and so under its advisory lock on
 * PostgreSQL (a second process starting at once waits, then finds them done). Each step is
 * idempotent and works in batches; its row in `data_migrations` marks it done for good.
 */

import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';

import type { Executor } from './client';
import { addresses, dataMigrations, searchSynonyms } from './schema';
import { ADDED_SYNONYMS, seedSynonymRows } from './seed/search-synonyms';

export interface DataStep {
  /** Unique and never reused: the row that marks the step done. */
  name: string;
  run(db: Executor): Promise<void>;
}

/** Rows per batch: one short statement each, whatever the table's size. */
export const BACKFILL_BATCH = 500;

/** The PIN code at a point, or null when there is none. */
export type PincodeLookup = (lat: number, lng: number) => Promise<string | null>;

/**
 * Gives every address without a PIN code the one of its coordinates (migration 0010). Walks the
 * table in id order, so an address the lookup cannot place is passed once, not asked again
 * forever; writes only where the PIN code is still missing, so running it again (or after a crash
 * half-way) changes nothing already filled. Neither `version` nor `updated_at` moves: the shopper
 * changed nothing, and an edit queued offline against the current version still applies.
 * Returns how many addresses it filled.
 */
export async function backfillPincodes(
  db: Executor,
  lookup: PincodeLookup,
  batchSize = BACKFILL_BATCH,
): Promise<number> {
  let after: string | undefined;
  let filled = 0;
  for (;;) {
    const rows = await db
      .select({ id: addresses.id, latitude: addresses.latitude, longitude: addresses.longitude })
      .from(addresses)
      .where(and(isNull(addresses.pincode), after === undefined ? undefined : gt(addresses.id, after)))
      .orderBy(asc(addresses.id))
      .limit(batchSize);
    if (rows.length === 0) return filled;
    after = rows.at(-1)!.id;
    const found: { id: string; pincode: string }[] = [];
    for (const row of rows) {
      const pincode = await lookup(row.latitude, row.longitude);
      if (pincode !== null) found.push({ id: row.id, pincode });
    }
    if (found.length === 0) continue;
    // One statement per batch; the pairs travel as one JSON parameter.
    const updated = await db.execute(sql`
      update ${addresses} set pincode = v.pincode
      from jsonb_to_recordset(${JSON.stringify(found)}::jsonb) as v(id uuid, pincode text)
      where ${addresses.id} = v.id and ${addresses.pincode} is null`);
    filled += rowCount(updated);
  }
}

/** Rows an UPDATE touched, as node-postgres (`rowCount`) and PGlite (`affectedRows`) report it. */
function rowCount(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** The steps, in the order they run. */
export const DATA_STEPS: DataStep[] = [
  {
    name: '0010_address_pincode',
    async run(db) {
      // The gazetteer is loaded only when some address needs it (not on every start).
      const { pincodeAt } = await import('../geo/pincode');
      await backfillPincodes(db, pincodeAt);
    },
  },
  ...ADDED_SYNONYMS.map(({ step, terms }): DataStep => ({
    name: step,
    async run(db) {
      await addSynonyms(db, terms);
    },
  })),
];

/**
 * Adds the bundled synonyms of `terms` to a database whose synonyms were seeded before they
 * existed. A new database's table is still empty here (the steps run before the seed, which then
 * writes every synonym): nothing is added, or the seed would take the table for one already
 * seeded. Run once: a synonym an operator removes afterwards stays removed.
 */
export async function addSynonyms(db: Executor, terms: readonly string[]): Promise<void> {
  const [seeded] = await db.select({ term: searchSynonyms.term }).from(searchSynonyms).limit(1);
  if (!seeded) return;
  const rows = seedSynonymRows().filter((row) => terms.includes(row.term));
  if (rows.length > 0) await db.insert(searchSynonyms).values(rows).onConflictDoNothing();
}

/** Runs every step not yet done, recording each; returns the names of those it ran. */
export async function runDataSteps(db: Executor, steps: readonly DataStep[] = DATA_STEPS): Promise<string[]> {
  const ran: string[] = [];
  for (const step of steps) {
    const [done] = await db
      .select({ name: dataMigrations.name })
      .from(dataMigrations)
      .where(eq(dataMigrations.name, step.name));
    if (done) continue;
    await step.run(db);
    await db.insert(dataMigrations).values({ name: step.name }).onConflictDoNothing();
    ran.push(step.name);
  }
  return ran;
}
