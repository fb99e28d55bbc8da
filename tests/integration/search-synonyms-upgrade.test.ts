/**
 * Synonyms added after databases were first seeded reach those databases once, through a data
 * step (server/db/data-migrations.ts), and a new database still gets every synonym from the seed.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { addSynonyms, runDataSteps } from '../../server/db/data-migrations';
import { dataMigrations, searchSynonyms } from '../../server/db/schema';
import { seedSynonymRows, SYNONYMS_ADDED_2026_11 } from '../../server/db/seed/search-synonyms';
import { openTestDatabase, type TestDatabase } from '../setup/template-db';

const STEP = 'search_synonyms_2026_11';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase(inject('templateDir'));
});
afterAll(() => testDb.dispose());

const termsOf = async (terms: readonly string[]) =>
  (
    await testDb.database.db
      .select({ term: searchSynonyms.term, synonym: searchSynonyms.synonym })
      .from(searchSynonyms)
      .where(inArray(searchSynonyms.term, [...terms]))
  ).length;

describe('synonyms added after the first seeding', () => {
  it('are in a database seeded now, and their step is marked done', async () => {
    const expected = seedSynonymRows().filter((row) => SYNONYMS_ADDED_2026_11.includes(row.term)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await termsOf(SYNONYMS_ADDED_2026_11)).toBe(expected);
    const { db } = testDb.database;
    expect(await db.select().from(dataMigrations).where(eq(dataMigrations.name, STEP))).toHaveLength(1);
  });

  it('reach a database seeded before them, once: a synonym removed afterwards stays removed', async () => {
    const { db } = testDb.database;
    const expected = await termsOf(SYNONYMS_ADDED_2026_11);
    // As a database seeded before them: their rows absent, the step not run.
    await db.delete(searchSynonyms).where(inArray(searchSynonyms.term, [...SYNONYMS_ADDED_2026_11]));
    await db.delete(dataMigrations).where(eq(dataMigrations.name, STEP));
    expect(await termsOf(['doodh'])).toBeGreaterThan(0);

    expect(await runDataSteps(db)).toEqual([STEP]);
    expect(await termsOf(SYNONYMS_ADDED_2026_11)).toBe(expected);

    // An operator removes one; starting again does not bring it back.
    await db.delete(searchSynonyms).where(eq(searchSynonyms.term, 'aata'));
    expect(await runDataSteps(db)).toEqual([]);
    expect(await termsOf(['aata'])).toBe(0);
  });

  it('add nothing to an empty table: the seed that follows writes every synonym', async () => {
    const { db } = testDb.database;
    await db.delete(searchSynonyms);
    await addSynonyms(db, SYNONYMS_ADDED_2026_11);
    expect(await db.select().from(searchSynonyms)).toEqual([]);
  });
});
