import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../../server/db/client';
import { searchProducts } from '../../server/db/product-queries';
import { rowsOf } from '../../server/db/rows';
import { seedCategories, seedProducts } from '../../server/db/seed/catalog-data';
import { seedCatalog } from '../../server/db/seed/seed';
import { rupeesToPaise } from '../../server/domain/money';
import { testDatabaseUrl, withDatabase } from '../setup/template-db';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');

/**
 * A database as the first release left it: migrations 0000 and 0001 only, the catalogue seeded
 * with aliases space separated, and an alias an operator has since edited.
 */
let database: Database;
let cleanup: (() => Promise<void>) | undefined;

async function openEmpty(dataDir: string) {
  const url = testDatabaseUrl();
  if (!url) return { database: await openDatabase({ dataDir }), drop: async () => {} };
  const name = `storefront_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  return {
    database: await openDatabase({ databaseUrl: withDatabase(url, name), dataDir }),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

/** A copy of the migrations folder that stops after `lastTag`. */
function migrationsUpTo(lastTag: string, into: string): string {
  const folder = path.join(into, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

async function seedTheOldWay(db: Database['db']) {
  const ids = new Map<string, number>();
  const insertCategory = async (slug: string, name: string, position: number, parentId: number | null) => {
    const result = await db.execute(sql`
      insert into categories (slug, name, parent_id, position, image)
      values (${slug}, ${name}, ${parentId}, ${position}, ${`/images/categories/${slug}.svg`}) returning id`);
    ids.set(slug, rowsOf<{ id: number }>(result)[0]!.id);
  };
  for (const [position, category] of seedCategories.entries()) {
    await insertCategory(category.slug, category.name, position, null);
    for (const [subPosition, sub] of category.subcategories.entries()) {
      await insertCategory(sub.slug, sub.name, subPosition, ids.get(category.slug)!);
    }
  }
  for (let i = 0; i < seedProducts.length; i += 100) {
    const values = seedProducts.slice(i, i + 100).map(
      (p) => sql`(${p.slug}, ${p.name}, ${p.brand}, ${ids.get(p.category)!}, ${ids.get(p.subcategory)!},
        ${p.packSize}, ${rupeesToPaise(p.mrp)}, ${rupeesToPaise(p.price)}, ${p.stock},
        ${`/images/products/${p.slug}.svg`}, ${p.description}, ${p.aliases.join(' ')})`,
    );
    await db.execute(sql`
      insert into products (slug, name, brand, category_id, subcategory_id, pack_size, mrp_paise,
        price_paise, stock, image, description, aliases)
      values ${sql.join(values, sql`, `)}`);
  }
  await db.execute(sql`update products set aliases = 'tamatar desi tomato' where slug = 'tomato-hybrid-1-kg'`);
}

beforeAll(async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-upgrade-'));
  const opened = await openEmpty(dir);
  database = opened.database;
  cleanup = async () => {
    await database.close().catch(() => {});
    await opened.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  const folder = migrationsUpTo('0001_catalog', dir);
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
  await seedTheOldWay(database.db);

  // The upgrade, exactly as the server starts: migrate, then seed (which finds a catalogue).
  await database.migrate();
  expect(await seedCatalog(database.db)).toEqual({ seeded: false });
  // A fresh database, two migration runs and a seed: a minute on a loaded machine.
}, 120_000);
afterAll(() => cleanup?.());

const count = async (table: string) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

describe('upgrading a catalogue seeded before search existed', () => {
  it('gains the synonyms and the search vocabulary', async () => {
    expect(await count('search_synonyms')).toBeGreaterThan(50);
    expect(await count('search_words')).toBeGreaterThan(500);
  });

  it('separates the seeded aliases, leaving edited ones alone', async () => {
    const aliases = async (slug: string) =>
      rowsOf<{ aliases: string }>(await database.db.execute(sql`select aliases from products where slug = ${slug}`))[0]!
        .aliases;
    expect(await aliases('potato-1-kg')).toBe('aloo, alu, batata');
    expect(await aliases('tomato-hybrid-1-kg')).toBe('tamatar desi tomato');
  });

  it('searches the upgraded catalogue: Hinglish, typos, category words', async () => {
    const first = async (q: string) => (await searchProducts(database.db, { q, page: 1, pageSize: 5 })).rows[0]?.name;
    expect(await first('aloo')).toBe('Potato');
    expect(await first('pyaz')).toBe('Onion');
    expect(await first('tomatoe')).toMatch(/tomato/i);
    expect((await searchProducts(database.db, { q: 'leafy', page: 1, pageSize: 50 })).total).toBeGreaterThan(5);
  });

  it('keeps the name sort key of every product: its name in lower case (migration 0018)', async () => {
    const [keys] = rowsOf<{ drift: number; folded: number }>(
      await database.db.execute(sql`
        select count(*) filter (where s.name_key is distinct from lower(p.name))::int as drift,
          count(*) filter (where s.name_key <> p.name)::int as folded
        from products p join product_search s on s.product_id = p.id`),
    );
    expect(keys).toEqual({ drift: 0, folded: expect.any(Number) });
    expect(keys!.folded).toBeGreaterThan(100);
    // Compared byte by byte, as the sort compared lower(name) collate "C", whatever the
    // database's own collation.
    const [column] = rowsOf<{ collation: string }>(
      await database.db.execute(sql`
        select collation_name as collation from information_schema.columns
        where table_name = 'product_search' and column_name = 'name_key'`),
    );
    expect(column?.collation).toBe('C');
    const names = (await searchProducts(database.db, { q: 'milk', sort: 'name', page: 1, pageSize: 50 })).rows
      .filter((row) => row.stock > 0)
      .map((row) => row.name.toLowerCase());
    expect(names.length).toBeGreaterThan(5);
    expect(names).toEqual([...names].sort());
  });

  it('does it once: a second start changes nothing', async () => {
    const synonyms = await count('search_synonyms');
    await database.migrate();
    expect(await seedCatalog(database.db)).toEqual({ seeded: false });
    expect(await count('search_synonyms')).toBe(synonyms);
  });
});
