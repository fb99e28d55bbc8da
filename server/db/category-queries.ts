import { asc, inArray, sql } from 'drizzle-orm';

import { pickPreviewImages, type PreviewCandidate } from '../domain/catalog';
import type { Category } from '../schemas/category';
import type { Db } from './client';
import type { SearchLookups } from './search-lookups';
import { rowsOf } from './rows';
import { categories } from './schema';
import { categoryImagePath } from './seed/seed';

/** How many product images a category card gets. */
const PREVIEW_IMAGES = 4;

export interface CategoryScope {
  categoryId?: number;
  subcategoryId?: number;
}

/**
 * Category ids for a listing's slugs, or null when a slug names no such category: `category` must
 * be a top-level category, `subcategory` one of its sub-categories (of any, without `category`).
 */
export async function resolveCategoryScope(
  db: Db,
  { category, subcategory }: { category?: string | undefined; subcategory?: string | undefined },
  lookups?: SearchLookups,
): Promise<CategoryScope | null> {
  const slugs = [category, subcategory].filter((slug): slug is string => slug !== undefined);
  if (slugs.length === 0) return {};
  if (lookups) {
    return lookups.scopes.one(`${category ?? ''}/${subcategory ?? ''}`, () =>
      resolveCategoryScope(db, { category, subcategory }),
    );
  }
  const rows = await db
    .select({ id: categories.id, slug: categories.slug, parentId: categories.parentId })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const top = category === undefined ? undefined : rows.find((r) => r.slug === category && r.parentId === null);
  const sub = subcategory === undefined ? undefined : rows.find((r) => r.slug === subcategory && r.parentId !== null);
  if (category !== undefined && !top) return null;
  if (subcategory !== undefined && (!sub || (top && sub.parentId !== top.id))) return null;
  return { ...(top && { categoryId: top.id }), ...(sub && { subcategoryId: sub.id }) };
}

interface CountRow extends Record<string, unknown> {
  subcategory_id: number;
  products: number;
}

interface PreviewRow extends Record<string, unknown> {
  subcategory_id: number;
  image: string;
  in_stock: boolean;
}

/** The top-level categories in navigation order, each with its sub-categories and counts. */
export async function listCategories(db: Db): Promise<Category[]> {
  const [all, countResult, previewResult] = await Promise.all([
    db.select().from(categories).orderBy(asc(categories.position), asc(categories.id)),
    db.execute<CountRow>(sql`
      select subcategory_id, count(*)::int as products from products group by subcategory_id`),
    // A few products of each sub-category, in-stock first, for the category cards' collages.
    db.execute<PreviewRow>(sql`
      select s.id as subcategory_id, p.image, p.stock > 0 as in_stock
      from categories s
      cross join lateral (
        select image, stock from products
        where subcategory_id = s.id
        order by (stock > 0) desc, id
        limit ${PREVIEW_IMAGES}
      ) p
      where s.parent_id is not null
      order by s.id, (p.stock > 0) desc`),
  ]);
  const counts = new Map(rowsOf<CountRow>(countResult).map((r) => [r.subcategory_id, r.products]));
  const previews = new Map<number, PreviewCandidate[]>();
  for (const row of rowsOf<PreviewRow>(previewResult)) {
    const list = previews.get(row.subcategory_id) ?? [];
    list.push({ image: row.image, inStock: row.in_stock });
    previews.set(row.subcategory_id, list);
  }

  return all
    .filter((c) => c.parentId === null)
    .map((top) => {
      const subs = all.filter((c) => c.parentId === top.id);
      const subcategories = subs.map((sub) => ({
        slug: sub.slug,
        name: sub.name,
        image: sub.image ?? categoryImagePath(sub.slug),
        productCount: counts.get(sub.id) ?? 0,
      }));
      return {
        slug: top.slug,
        name: top.name,
        image: top.image ?? categoryImagePath(top.slug),
        productCount: subcategories.reduce((sum, sub) => sum + sub.productCount, 0),
        previewImages: pickPreviewImages(
          subs.map((sub) => previews.get(sub.id) ?? []),
          PREVIEW_IMAGES,
        ),
        subcategories,
      };
    });
}
