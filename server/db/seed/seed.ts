import { sql } from 'drizzle-orm';

import type { Db } from '../client';
import { categories, products, searchSynonyms } from '../schema';
import { rupeesToPaise } from '../../domain/money';
import { seedCategories, seedProducts } from './catalog-data';
import { seedSynonymRows } from './search-synonyms';

// Held for the seeding transaction so that processes starting together seed exactly once.
const SEED_LOCK_KEY = 7_201_906;

export const productImagePath = (slug: string) => `/images/products/${slug}.svg`;
export const categoryImagePath = (slug: string) => `/images/categories/${slug}.svg`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Aliases are stored comma separated, so that search can tell a whole alias from a word of one. */
export const joinAliases = (aliases: string[]) => aliases.join(', ');

/**
 * Loads the bundled catalogue into an empty database; leaves an existing catalogue alone. Either
 * way it then brings the search data up to date (see seedSearch), so an older database gains it.
 */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: categories.id }).from(categories).limit(1);
    const seeded = existing.length === 0;
    if (seeded) await insertCatalog(tx);
    await seedSearch(tx, { upgrade: !seeded });
    // Fresh statistics, so the planner knows the search indexes are worth using (PGlite has no
    // autovacuum to gather them later).
    if (seeded) await tx.execute(sql`analyze categories, products, search_words`);
    return { seeded };
  });
}

/**
 * Search data for databases of any age, once: the synonyms (when the table is empty, so an
 * operator's edits are kept), and, for catalogues seeded before aliases were comma separated,
 * those aliases rewritten; only values still exactly as the old seeder wrote them are touched.
 */
async function seedSearch(tx: Tx, { upgrade }: { upgrade: boolean }) {
  const [anySynonym] = await tx.select({ term: searchSynonyms.term }).from(searchSynonyms).limit(1);
  if (anySynonym) return;
  await tx.insert(searchSynonyms).values(seedSynonymRows()).onConflictDoNothing();
  if (!upgrade) return;
  const changed = seedProducts.filter((p) => p.aliases.length > 1);
  for (let i = 0; i < changed.length; i += 200) {
    const values = changed
      .slice(i, i + 200)
      .map((p) => sql`(${p.slug}, ${p.aliases.join(' ')}, ${joinAliases(p.aliases)})`);
    await tx.execute(sql`
      update ${products} set aliases = v.next
      from (values ${sql.join(values, sql`, `)}) as v(slug, previous, next)
      where ${products.slug} = v.slug and ${products.aliases} = v.previous`);
  }
}

async function insertCatalog(tx: Tx) {
  const ids = new Map<string, number>();
  for (const [position, category] of seedCategories.entries()) {
    const [top] = await tx
      .insert(categories)
      .values({ slug: category.slug, name: category.name, position, image: categoryImagePath(category.slug) })
      .returning({ id: categories.id });
    ids.set(category.slug, top!.id);
    const subRows = await tx
      .insert(categories)
      .values(
        category.subcategories.map((sub, subPosition) => ({
          slug: sub.slug,
          name: sub.name,
          parentId: top!.id,
          position: subPosition,
          image: categoryImagePath(sub.slug),
        })),
      )
      .returning({ id: categories.id, slug: categories.slug });
    for (const row of subRows) ids.set(row.slug, row.id);
  }

  const idOf = (slug: string) => {
    const id = ids.get(slug);
    if (id === undefined) throw new Error(`seed product refers to unknown category "${slug}"`);
    return id;
  };
  const rows = seedProducts.map((p) => ({
    slug: p.slug,
    name: p.name,
    brand: p.brand,
    categoryId: idOf(p.category),
    subcategoryId: idOf(p.subcategory),
    packSize: p.packSize,
    mrpPaise: rupeesToPaise(p.mrp),
    pricePaise: rupeesToPaise(p.price),
    stock: p.stock,
    image: productImagePath(p.slug),
    description: p.description,
    aliases: joinAliases(p.aliases),
  }));
  // Batches keep each statement well under the bind-parameter limit.
  for (let i = 0; i < rows.length; i += 200) await tx.insert(products).values(rows.slice(i, i + 200));
}
