import { and, asc, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ProductRecord } from '../domain/catalog';
import { hasDevanagari } from '../domain/devanagari';
import {
  buildSearchPlan,
  CORRECTION_CANDIDATES,
  correctionFirstLetters,
  MIN_CORRECTION_LENGTH,
  normaliseQuery,
  parseIdList,
  type SearchPlan,
  type WordExpansion,
} from '../domain/search';
import type { ProductSearchQuery, SortOption } from '../schemas/product';
import { resolveCategoryScope } from './category-queries';
import type { Db } from './client';
import { preparedStatement } from './prepared';
import { rowsOf } from './rows';
import { categories, products, productSearch, storeStock } from './schema';
import type { SearchLookups } from './search-lookups';

const subcategories = alias(categories, 'subcategories');

/**
 * A product's stock as the shopper sees it: at the store that serves their chosen place, or
 * without one the national sum (decision 034). `id` is the product id column of the query.
 */
export const stockSql = (storeId: number | null | undefined, id: SQLWrapper = products.id): SQL<number> =>
  storeId == null
    ? sql<number>`${products.stock}`
    : sql<number>`coalesce((select ss.stock from ${storeStock} ss where ss.store_id = ${storeId} and ss.product_id = ${id}), 0)`;

const productColumns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  categorySlug: categories.slug,
  subcategorySlug: subcategories.slug,
  packSize: products.packSize,
  mrpPaise: products.mrpPaise,
  pricePaise: products.pricePaise,
  stock: products.stock,
  image: products.image,
  description: products.description,
  photo: products.photo,
};

/**
 * The storefront home feed: in-stock products first, taking turns across the categories (each
 * category's best deal, then its next best, ...) so the first screen shows the whole store.
 */
export async function listProducts(db: Db, limit: number, storeId?: number | null): Promise<ProductRecord[]> {
  const stock = stockSql(storeId);
  const turn = sql`row_number() over (
    partition by ${products.categoryId}, ${stock} > 0
    order by (${products.mrpPaise} - ${products.pricePaise})::float / ${products.mrpPaise} desc, ${products.id}
  )`;
  return db
    .select({ ...productColumns, stock: stock.mapWith(Number) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id))
    .orderBy(desc(sql`${stock} > 0`), turn, asc(categories.position), asc(products.id))
    .limit(limit);
}

/**
 * One product by id (the product page and its API answer, decision 045): built once and prepared,
 * on PGlite too, since building and planning this small join cost more than running it. The
 * national stock, or the stock at one store (stockSql's two forms).
 */
const PRODUCT_BY_ID_COLUMNS = sql.raw(`p.id, p.slug, p.name, p.brand, c.slug as "categorySlug",
    s.slug as "subcategorySlug", p.pack_size as "packSize", p.mrp_paise as "mrpPaise",
    p.price_paise as "pricePaise", p.image, p.description, p.photo`);
const PRODUCT_BY_ID_FROM = sql.raw(`from products p
    join categories c on c.id = p.category_id
    join categories s on s.id = p.subcategory_id`);
const productById = preparedStatement<ProductRecord, { id: number }>(
  'storefront_product_by_id',
  sql`select ${PRODUCT_BY_ID_COLUMNS}, p.stock ${PRODUCT_BY_ID_FROM} where p.id = ${sql.placeholder('id')}::int`,
  { onPglite: true },
);
const productByIdAtStore = preparedStatement<ProductRecord, { id: number; storeId: number }>(
  'storefront_product_by_id_at_store',
  sql`select ${PRODUCT_BY_ID_COLUMNS},
      coalesce((select ss.stock from store_stock ss
        where ss.store_id = ${sql.placeholder('storeId')}::int and ss.product_id = p.id), 0) as stock
    ${PRODUCT_BY_ID_FROM} where p.id = ${sql.placeholder('id')}::int`,
  { onPglite: true },
);

export async function findProduct(db: Db, id: number, storeId?: number | null): Promise<ProductRecord | undefined> {
  const [row] = storeId == null ? await productById(db, { id }) : await productByIdAtStore(db, { id, storeId });
  return row && { ...row, stock: Number(row.stock) };
}

export interface ProductSearch {
  /** Category ids, already resolved from slugs (see resolveCategoryScope). */
  categoryId?: number | undefined;
  subcategoryId?: number | undefined;
  ids?: number[] | undefined;
  q?: string | undefined;
  sort?: SortOption | undefined;
  page: number;
  pageSize: number;
  /** The store whose stock counts (decision 034); none: the national sum. */
  storeId?: number | null | undefined;
}

export interface ProductSearchResult {
  rows: ProductRecord[];
  total: number;
  /**
   * Nothing matched the words as typed, and these are the products for what they may have meant:
   * the query so corrected ('tomatto' -> 'tomato'). Only when every word matched (not the fallback).
   */
  correctedTo?: string;
}

const NOTHING: ProductSearchResult = { rows: [], total: 0 };

/**
 * GET /api/product/public: a page of products for the query parameters, or null when a category
 * slug names no such category. With `lookups`, what the search looks up before ranking is read
 * from memory while the catalogue's vocabulary and categories are unchanged (decision 051).
 */
export async function findProductPage(
  db: Db,
  query: ProductSearchQuery,
  storeId?: number | null,
  lookups?: SearchLookups,
): Promise<ProductSearchResult | null> {
  const { category, subcategory, q, ids, sort, page = 1, pageSize = 24 } = query;
  const scope = await resolveCategoryScope(db, { category, subcategory }, lookups);
  if (!scope) return null;
  return searchProducts(
    db,
    {
      ...scope,
      ids: ids === undefined ? undefined : parseIdList(ids),
      q,
      sort,
      page,
      pageSize,
      storeId,
    },
    lookups,
  );
}

/**
 * One page of products matching the filters, and how many match in all. Out-of-stock products
 * always come after in-stock ones. Relevance (the default) ranks text matches by search tier when
 * there is a query, and otherwise keeps the merchandising order (category, then sub-category
 * position, then id).
 */
export async function searchProducts(
  db: Db,
  search: ProductSearch,
  lookups?: SearchLookups,
): Promise<ProductSearchResult> {
  const query = normaliseQuery(search.q);
  if (!query) return runSearch(db, search, undefined);
  if (query.words.length === 0) return NOTHING;
  const expansions = await lookupWords(db, query.words, lookups);
  const plan = buildSearchPlan(query, expansions, 'all');
  const result = await runSearch(db, search, plan, lookups);
  if (result.total > 0) {
    // Said in the shopper's words only: not for Hindi typed in Devanagari, searched in Latin letters.
    const said = result.corrected && plan.corrected && !hasDevanagari(search.q ?? '');
    return said ? { ...result, correctedTo: plan.corrected } : result;
  }
  // Nothing has every word ('amul xyz'): rather than an empty page, show what has some of them.
  if (query.words.length === 1) return result;
  return runSearch(db, search, buildSearchPlan(query, expansions, 'any'), lookups);
}

interface SortKey {
  expr: SQL;
  dir: 'asc' | 'desc';
}

type PageRow = ProductRecord & { total: number; corrected: boolean };

/** A page of rows, and whether they were found for the corrected words (nothing matched as typed). */
type RunResult = ProductSearchResult & { corrected?: boolean };

async function runSearch(
  db: Db,
  search: ProductSearch,
  plan: SearchPlan | undefined,
  lookups?: SearchLookups,
): Promise<RunResult> {
  // Filters and sort keys read product_search, the narrow copy of what they need (decision 040);
  // products is read for the rows of the page only.
  const filters: SQL[] = [];
  if (search.categoryId !== undefined) filters.push(eq(productSearch.categoryId, search.categoryId));
  if (search.subcategoryId !== undefined) filters.push(eq(productSearch.subcategoryId, search.subcategoryId));
  if (search.ids) filters.push(inArray(productSearch.productId, search.ids));
  if (plan) filters.push(sql`${productSearch.searchVector} @@ ${matchQuery(plan)}`);
  const where = filters.length > 0 ? and(...filters) : sql`true`;
  const sort = search.sort ?? 'relevance';
  const ranked =
    sort === 'relevance' && plan ? { plan, subcategoryIds: await subcategoriesNamed(db, plan, lookups) } : undefined;
  const keys = sortKeys(sort, ranked, search.storeId);
  const keyColumns = sql.join(
    keys.map((key, i) => sql`${key.expr} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const keyOrder = (table: string) =>
    sql.join(
      keys.map((key, i) => sql`${sql.identifier(table)}.${sql.identifier(`k${i}`)} ${sql.raw(key.dir)}`),
      sql`, `,
    );
  const byPosition = sort === 'relevance' && !plan;

  // 1. scored: each matching product's sort keys (its relevance score among them), computed once
  //    from the full row; 'offset 0' keeps the planner from postponing that work past step 2.
  // 2. ranked: the total and this page, over those narrow rows.
  // 3. the full rows of this page only.
  const result = await db.execute(sql`
    with ranked as (
      select scored.*, (count(*) over ())::int as total
      from (
        select ${productSearch.productId} as id, ${keyColumns}
        from ${productSearch}
        ${byPosition ? sql`join ${categories} on ${categories.id} = ${productSearch.categoryId} join ${categories} ${sql.identifier('subcategories')} on ${subcategories.id} = ${productSearch.subcategoryId}` : sql``}
        where ${where}
        offset 0
      ) scored
      order by ${keyOrder('scored')}
      limit ${search.pageSize} offset ${(search.page - 1) * search.pageSize}
    )
    select p.id, p.slug, p.name, p.brand, c.slug as "categorySlug", s.slug as "subcategorySlug",
      p.pack_size as "packSize", p.mrp_paise as "mrpPaise", p.price_paise as "pricePaise",
      ${search.storeId == null ? sql`p.stock` : stockSql(search.storeId, sql`p.id`)} as stock,
      p.image, p.description, p.photo, ranked.total, ${correctedFlag(plan)} as corrected
    from ranked
    join ${products} p on p.id = ranked.id
    join ${categories} c on c.id = p.category_id
    join ${categories} s on s.id = p.subcategory_id
    order by ${keyOrder('ranked')}`);
  const rows = rowsOf<PageRow>(result);

  if (rows.length > 0) {
    return {
      rows: rows.map(({ total: _total, corrected: _corrected, ...row }) => row),
      total: rows[0]!.total,
      corrected: rows[0]!.corrected,
    };
  }
  if (search.page === 1) return NOTHING;
  // Past the last page: the window count came back with no row to carry it.
  const [counted] = await db.select({ total: count() }).from(productSearch).where(where);
  return { rows: [], total: counted?.total ?? 0 };
}

/**
 * The tsquery that finds a plan's products. With a word that may be a typo, the words as typed
 * when they find anything in the catalogue, else what they may have meant: a query found as typed
 * is not taken for a typo ('poha' lists the curry leaves whose description mentions it, not the
 * floor cleaner whose alias 'pocha' is one letter away). Decided in the statement itself, by one
 * look at the index, rather than by a query more.
 */
function matchQuery(plan: SearchPlan): SQL {
  if (plan.asTyped === undefined) return sql`to_tsquery('simple', ${plan.match})`;
  return sql`(case when exists (
      select 1 from ${productSearch} typed where typed.search_vector @@ to_tsquery('simple', ${plan.asTyped}))
    then to_tsquery('simple', ${plan.asTyped}) else to_tsquery('simple', ${plan.match}) end)`;
}

/** Whether matchQuery took the corrections: the same look at the index, once per statement. */
function correctedFlag(plan: SearchPlan | undefined): SQL {
  if (plan?.asTyped === undefined) return sql`false`;
  return sql`not exists (
      select 1 from ${productSearch} typed where typed.search_vector @@ to_tsquery('simple', ${plan.asTyped}))`;
}

const byId: SortKey = { expr: sql`${productSearch.productId}`, dir: 'asc' };

/** What a sort orders by, most significant first; out-of-stock always last, ties by id. */
function sortKeys(sort: SortOption, ranked: Ranking | undefined, storeId: number | null | undefined): SortKey[] {
  const inStock: SortKey = {
    expr: storeId == null ? sql`${productSearch.inStock}` : sql`${stockSql(storeId, productSearch.productId)} > 0`,
    dir: 'desc',
  };
  switch (sort) {
    case 'price-asc':
      return [inStock, { expr: sql`${productSearch.pricePaise}`, dir: 'asc' }, byId];
    case 'price-desc':
      return [inStock, { expr: sql`${productSearch.pricePaise}`, dir: 'desc' }, byId];
    case 'name':
      // The name folded to lower case, compared byte by byte: kept so by migration 0018.
      return [inStock, { expr: sql`${productSearch.nameKey}`, dir: 'asc' }, byId];
    case 'discount':
      return [
        inStock,
        {
          expr: sql`(${productSearch.mrpPaise} - ${productSearch.pricePaise}) * 100 / ${productSearch.mrpPaise}`,
          dir: 'desc',
        },
        byId,
      ];
    case 'relevance':
      if (!ranked) {
        return [
          inStock,
          { expr: sql`${categories.position}`, dir: 'asc' },
          { expr: sql`${subcategories.position}`, dir: 'asc' },
          byId,
        ];
      }
      // Among equal scores the shorter name is the closer match ('Onion' before 'Spring Onion').
      return [
        inStock,
        { expr: relevance(ranked), dir: 'desc' },
        { expr: sql`length(${productSearch.name})`, dir: 'asc' },
        byId,
      ];
  }
}

/** What ranking by relevance needs: the plan, and the sub-categories its words name. */
interface Ranking {
  plan: SearchPlan;
  subcategoryIds: number[];
}

/**
 * The sub-categories one of whose name parts is one of the plan's category keys ('milk' names
 * Milk, 'curd' names Curd & Yogurt). Asked before the search rather than inside it: compared per
 * product with an array computed in the same statement, the test cost more than all the rest of
 * the ranking on PGlite (decision 040); with the ids as a parameter it is a constant array.
 */
async function subcategoriesNamed(db: Db, plan: SearchPlan, lookups?: SearchLookups): Promise<number[]> {
  if (plan.categoryKeys.length === 0) return [];
  if (lookups) return lookups.subcategories.one(plan.categoryKeys.join('|'), () => subcategoriesNamed(db, plan));
  const rows = rowsOf<{ id: number }>(
    await db.execute(sql`
      select c.id from ${categories} c
      where c.parent_id is not null and ${categoryParts(sql`c.name`)} && string_to_array(${plan.categoryKeys.join('|')}, '|')
      order by c.id`),
  );
  return rows.map((row) => Number(row.id));
}

/** The points of a product for a plan: the exact tiers plus every tier query it matches. */
function relevance({ plan, subcategoryIds }: Ranking): SQL {
  const points = (n: number) => sql.raw(String(Math.trunc(n)));
  // A tier nested within a broader one is tested only for products matching that one (decision
  // 040): the same points, fewer tests of products that matched on category or description only.
  const tierTerm = (index: number): SQL => {
    const tier = plan.tiers[index]!;
    const nested = plan.tiers.flatMap((inner, i) => (inner.within === index ? [sql` + ${tierTerm(i)}`] : []));
    return sql`(case when ${productSearch.searchVector} @@ to_tsquery('simple', ${tier.query}) then ${points(tier.points)}${sql.join(nested, sql``)} else 0 end)`;
  };
  const terms = plan.tiers.flatMap((tier, i) => (tier.within === undefined ? [tierTerm(i)] : []));
  // Keys are folded words and spaces only, so '|' cannot occur in them.
  if (plan.exact.length > 0) {
    const cases = plan.exact.map(
      (group) =>
        sql`when ${productSearch.searchKeys} && string_to_array(${group.keys.join('|')}, '|') then ${points(group.points)}`,
    );
    if (plan.exact.length === 1) terms.push(sql`(case ${cases[0]!} else 0 end)`);
    else {
      // Most products have none of the keys: one test of them all, then which group.
      const all = plan.exact.flatMap((group) => group.keys).join('|');
      terms.push(
        sql`(case when ${productSearch.searchKeys} && string_to_array(${all}, '|') then (case ${sql.join(cases, sql` `)} end) else 0 end)`,
      );
    }
  }
  if (subcategoryIds.length > 0) {
    terms.push(
      sql`(case when ${productSearch.subcategoryId} = any(${`{${subcategoryIds.join(',')}}`}::int[]) then ${points(plan.categoryExactPoints)} else 0 end)`,
    );
  }
  return sql.join(terms, sql` + `);
}

/** A category name's parts, folded: 'Atta, Rice & Dal' -> {atta, rice, dal}. */
const categoryParts = (name: SQLWrapper) =>
  sql`string_to_array(btrim(regexp_replace(regexp_replace(lower(${name}), '[^a-z0-9,&]+', ' ', 'g'), ' *[,&] *', '|', 'g')), '|')`;

interface WordRow extends Record<string, unknown> {
  word: string;
  known: boolean;
  synonyms: string[];
  corrections: string[];
}

/**
 * Synonyms and spelling-correction candidates for each word, in one round trip. Only a word the
 * catalogue does not know (neither a catalogue word nor a synonym term) gets candidates: words of
 * search_words similar to it by the trigram operator (similarity 0.3 or more, index-assisted) that
 * begin with a letter a correction may begin with (correctionFirstLetters: asked here, so that
 * others do not take the places of the candidates), which chooseCorrections then narrows down by
 * edit distance.
 */
export async function lookupWords(
  db: Db,
  words: string[],
  lookups?: SearchLookups,
): Promise<Map<string, WordExpansion>> {
  if (lookups) return lookups.words.many(words, (missing) => lookupWords(db, missing));
  const result = await db.execute<WordRow>(sql`
    select t.word,
      exists (select 1 from search_words w where w.word = t.word) as known,
      array(select s.synonym from search_synonyms s where s.term = t.word order by s.synonym) as synonyms,
      case
        when length(t.word) < ${MIN_CORRECTION_LENGTH}
          or exists (select 1 from search_words w where w.word = t.word)
          or exists (select 1 from search_synonyms s where s.term = t.word)
        then array[]::text[]
        else array(
          select w.word from search_words w
          where w.word % t.word and strpos(t.firsts, left(w.word, 1)) > 0
          order by similarity(w.word, t.word) desc, w.word
          limit ${CORRECTION_CANDIDATES})
      end as corrections
    from unnest(
      string_to_array(${words.join(' ')}, ' '),
      string_to_array(${words.map(correctionFirstLetters).join(' ')}, ' ')
    ) as t(word, firsts)`);
  const rows = rowsOf<WordRow>(result);
  return new Map(
    rows.map((row) => [row.word, { known: row.known, synonyms: row.synonyms, corrections: row.corrections }]),
  );
}
