import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { QUERY_MIX } from '../../bench/search-mix';
import { findProductPage } from '../../server/db/product-queries';
import { createTestApp } from '../setup/test-app';
import { announced } from '../support/catalogue-changes';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheMs: 300 });
});
afterAll(() => ctx.close());

const lookups = () => ctx.app.catalogueCache.lookups!;
const changes = () => ctx.app.catalogueCache.changes!;

const search = (q: string, category?: string) =>
  findProductPage(ctx.database.db, { q, ...(category && { category }), pageSize: 48 }, null, lookups());

describe("a search's lookups, kept until the catalogue's words or categories change", () => {
  it('asks the database only to rank once it has looked up the words, the slugs and the named sub-categories', async () => {
    const statements = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
    try {
      // 'doodh' is a synonym of milk, 'milk' names the Milk sub-category, 'dairy-breakfast' a category.
      const first = await search('doodh milk', 'dairy-breakfast');
      expect(first?.total).toBeGreaterThan(0);
      expect(statements.mock.calls.length).toBeGreaterThan(1);
      statements.mockClear();
      const again = await search('doodh milk', 'dairy-breakfast');
      expect(statements).toHaveBeenCalledTimes(1);
      expect(again).toEqual(first);
      // And the same as without kept lookups.
      expect(
        await findProductPage(ctx.database.db, { q: 'doodh milk', category: 'dairy-breakfast', pageSize: 48 }),
      ).toEqual(first);
    } finally {
      statements.mockRestore();
    }
  });

  it('gives the same pages as reading every lookup, for every query of the search benchmark', async () => {
    for (let round = 0; round < 2; round++) {
      for (const query of QUERY_MIX) {
        expect(await findProductPage(ctx.database.db, query, null, lookups()), JSON.stringify(query)).toEqual(
          await findProductPage(ctx.database.db, query),
        );
      }
    }
  });

  it('hears a new synonym, in any process, before the next search', async () => {
    expect((await search('zzqxmilk'))?.total).toBe(0);
    await announced(changes(), 'search_synonyms', () =>
      ctx.database.db.execute(sql`insert into search_synonyms (term, synonym) values ('zzqxmilk', 'milk')`),
    );
    try {
      expect((await search('zzqxmilk'))?.total).toBeGreaterThan(0);
    } finally {
      await announced(changes(), 'search_synonyms', () =>
        ctx.database.db.execute(sql`delete from search_synonyms where term = 'zzqxmilk'`),
      );
    }
    expect((await search('zzqxmilk'))?.total).toBe(0);
  });

  it('hears a category renamed', async () => {
    expect(await search('milk', 'dairy-breakfast')).not.toBeNull();
    const rename = (from: string, to: string) =>
      announced(changes(), 'categories', () =>
        ctx.database.db.execute(sql`update categories set slug = ${to} where slug = ${from}`),
      );
    await rename('dairy-breakfast', 'dairy-and-breakfast');
    try {
      expect(await search('milk', 'dairy-breakfast')).toBeNull();
      expect(await search('milk', 'dairy-and-breakfast')).not.toBeNull();
    } finally {
      await rename('dairy-and-breakfast', 'dairy-breakfast');
    }
    expect(await search('milk', 'dairy-breakfast')).not.toBeNull();
  });
});
