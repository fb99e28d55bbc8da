/**
 * Synonyms added after databases were first seeded reach those databases once, through a data
 * step (server/db/data-migrations.ts), and a new database still gets every synonym from the seed.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { addSynonyms, runDataSteps } from '../../server/db/data-migrations';
import { dataMigrations, searchSynonyms } from '../../server/db/schema';
import { ADDED_SYNONYMS, seedSynonymRows } from '../../server/db/seed/search-synonyms';
import { openTestDatabase, type TestDatabase } from '../setup/template-db';

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

describe.each(ADDED_SYNONYMS)('synonyms added after the first seeding: $step', ({ step, terms }) => {
  it('are in a database seeded now, and their step is marked done', async () => {
    const expected = seedSynonymRows().filter((row) => terms.includes(row.term)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await termsOf(terms)).toBe(expected);
    const { db } = testDb.database;
    expect(await db.select().from(dataMigrations).where(eq(dataMigrations.name, step))).toHaveLength(1);
  });

  it('reach a database seeded before them, once: a synonym removed afterwards stays removed', async () => {
    const { db } = testDb.database;
    const expected = await termsOf(terms);
    // As a database seeded before them: their rows absent, the step not run.
    await db.delete(searchSynonyms).where(inArray(searchSynonyms.term, [...terms]));
    await db.delete(dataMigrations).where(eq(dataMigrations.name, step));
    expect(await termsOf(['doodh'])).toBeGreaterThan(0);

    expect(await runDataSteps(db)).toEqual([step]);
    expect(await termsOf(terms)).toBe(expected);

    // An operator removes one; starting again does not bring it back.
    await db.delete(searchSynonyms).where(eq(searchSynonyms.term, terms[0]!));
    expect(await runDataSteps(db)).toEqual([]);
    expect(await termsOf([terms[0]!])).toBe(0);
  });
});

describe('synonyms added after the first seeding', () => {
  it('add nothing to an empty table: the seed that follows writes every synonym', async () => {
    const { db } = testDb.database;
    await db.delete(searchSynonyms);
    await addSynonyms(db, ADDED_SYNONYMS[0]!.terms);
    expect(await db.select().from(searchSynonyms)).toEqual([]);
  });
});
