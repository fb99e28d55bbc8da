import { sql } from 'drizzle-orm';

import type { Db } from '../client';
import { categories, products } from '../schema';
import { rupeesToPaise } from '../../domain/money';
import { seedCategories, seedProducts } from './catalog-data';

// Held for the seeding transaction so that processes starting together seed exactly once.
const SEED_LOCK_KEY = 7_201_906;

export const productImagePath = (slug: string) => `/images/products/${slug}.svg`;
export const categoryImagePath = (slug: string) => `/images/categories/${slug}.svg`;

/** Loads the bundled catalogue into an empty database; does nothing when a catalogue exists. */
export async function seedCatalog(db: Db): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const existing = await tx.select({ id: categories.id }).from(categories).limit(1);
    if (existing.length > 0) return { seeded: false };

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
      aliases: p.aliases.join(' '),
    }));
    // Batches keep each statement well under the bind-parameter limit.
    for (let i = 0; i < rows.length; i += 200) await tx.insert(products).values(rows.slice(i, i + 200));
    return { seeded: true };
  });
}
