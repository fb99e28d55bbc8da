import { sql } from 'drizzle-orm';

import type { Db } from '../server/db/client';
import { categories, products } from '../server/db/schema';
import { seedProducts } from '../server/db/seed/catalog-data';
import { joinAliases, productImagePath } from '../server/db/seed/seed';
import { rupeesToPaise } from '../server/domain/money';

/** House and regional brands that a large dark-store catalogue carries beside the national ones. */
const BRANDS = [
  'Fresho',
  'BB Royal',
  'Nature Fresh',
  'Desi Farms',
  'Pro Nature',
  'Daily Good',
  'Kisan Choice',
  'Green Valley',
  'Swadeshi',
  'Royal Harvest',
  'Urban Pantry',
  'Golden Fields',
  'Happy Kitchen',
  'Shudh Desi',
  'Mera Bazaar',
  'Sunrise Foods',
];

/** Pack variants: a label for the pack size and how much more (or less) the pack holds. */
const PACKS = [
  { label: 'Pack of 2', factor: 2 },
  { label: 'Pack of 3', factor: 3 },
  { label: 'Value Pack', factor: 2.5 },
  { label: 'Family Pack', factor: 4 },
  { label: 'Mini', factor: 0.5 },
  { label: 'Combo', factor: 5 },
  { label: 'Jumbo', factor: 6 },
  { label: 'Trial Pack', factor: 0.25 },
];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function withoutBrand(name: string, brand: string): string {
  return name.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? name.slice(brand.length + 1) : name;
}

/**
 * Tops the seeded catalogue up to `total` products with deterministic variations of the seed
 * products: each seed product again under other brands and in other pack sizes (brand x product x
 * pack size), with prices scaled to the pack and some packs out of stock.
 */
export async function growCatalog(db: Db, total: number): Promise<number> {
  const categoryRows = await db.select({ id: categories.id, slug: categories.slug }).from(categories);
  const idOf = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
  const missing = total - (existing?.n ?? 0);
  const rows: (typeof products.$inferInsert)[] = [];
  for (let i = 0; i < missing; i++) {
    const base = seedProducts[i % seedProducts.length]!;
    const variant = Math.floor(i / seedProducts.length);
    const brand = BRANDS[variant % BRANDS.length]!;
    const pack = PACKS[Math.floor(variant / BRANDS.length) % PACKS.length]!;
    const round = Math.floor(variant / (BRANDS.length * PACKS.length));
    const mrp = Math.max(5, Math.round(base.mrp * pack.factor));
    const discount = (i * 7) % 23;
    const slug = slugify(`${base.slug}-${brand}-${pack.label}${round > 0 ? `-${round}` : ''}`);
    rows.push({
      slug,
      name: `${brand} ${withoutBrand(base.name, base.brand)}`,
      brand,
      categoryId: idOf.get(base.category)!,
      subcategoryId: idOf.get(base.subcategory)!,
      packSize: `${pack.label} (${base.packSize})`,
      mrpPaise: rupeesToPaise(mrp),
      pricePaise: rupeesToPaise(Math.max(1, Math.round((mrp * (100 - discount)) / 100))),
      stock: i % 11 === 0 ? 0 : (i * 37) % 300,
      image: productImagePath(slug),
      description: base.description,
      aliases: joinAliases(base.aliases),
    });
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(products).values(rows.slice(i, i + 500));
  });
  await db.execute(sql`analyze categories, products, product_search, search_words`);
  return rows.length;
}
