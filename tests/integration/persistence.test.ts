import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

import { openDatabase } from '../../server/db/client';
import { products } from '../../server/db/schema';
import { seedCatalog } from '../../server/db/seed/seed';
import { openTestDatabase, type TestDatabase } from '../setup/template-db';
import { setStock } from '../support/stock';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await openTestDatabase(inject('templateDir'));
});
afterAll(() => testDb.dispose());

describe('a restart', () => {
  it('keeps the data and does not seed twice', async () => {
    const { db } = testDb.database;
    const [row] = await db.select().from(products).limit(1);
    await setStock(db, row!.id, 7);
    const countBefore = (await db.select({ id: products.id }).from(products)).length;
    await testDb.database.close();

    // Reopen exactly as the server does on start: migrate, then seed if empty.
    const reopened = await openDatabase({ dataDir: testDb.dataDir, databaseUrl: testDb.databaseUrl });
    testDb.database = reopened;
    await reopened.migrate();
    expect(await seedCatalog(reopened.db)).toEqual({ seeded: false });
    const [after] = await reopened.db.select().from(products).where(eq(products.id, row!.id));
    expect(after!.stock).toBe(7);
    expect((await reopened.db.select({ id: products.id }).from(products)).length).toBe(countBefore);
  });
});
