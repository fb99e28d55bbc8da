/** The catalogue: categories, products and what search reads. */

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** PostgreSQL full-text document; only ever read through SQL expressions, never selected. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/*
 * Search text is folded the same way here and in server/domain/search.ts: apostrophes dropped
 * (Lay's -> lays), lower case, anything but a-z and 0-9 is a word break. The 'simple' text search
 * configuration neither stems nor drops stop words, so Hinglish words (aloo, doodh, chawal) stay
 * exactly as shoppers type them.
 */
const fold = (column: string) => `lower(translate(${column}, '''’', ''))`;
const words = (column: string) => `btrim(regexp_replace(${fold(column)}, '[^a-z0-9]+', ' ', 'g'))`;
const nameWithoutBrand = `case when starts_with(lower("name"), lower("brand") || ' ') then substr("name", length("brand") + 2) else "name" end`;

/** Top-level categories (the navigation) and their sub-categories (the listing sidebar). */
export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    position: integer('position').notNull().default(0),
    image: text('image'),
  },
  (t) => [uniqueIndex('categories_slug_key').on(t.slug), index('categories_parent_idx').on(t.parentId, t.position)],
);

/** Money is integer paise; the API sends rupees. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    subcategoryId: integer('subcategory_id')
      .notNull()
      .references(() => categories.id),
    packSize: text('pack_size').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    pricePaise: integer('price_paise').notNull(),
    stock: integer('stock').notNull().default(0),
    image: text('image').notNull(),
    description: text('description').notNull().default(''),
    /** Other names shoppers type (Hinglish, regional), comma separated, for search. */
    aliases: text('aliases').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** False when the store no longer sells it ("not sold" in the console); its stock is then 0. */
    sold: boolean('sold').notNull().default(true),
    /** Grows with every edit from the console: a stale edit is refused (409) instead of overwriting. */
    version: integer('version').notNull().default(1),
    /** The uploaded photo's content hash (product_photos), or null: the generated art is shown. */
    photo: text('photo'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Names of the product's category and sub-category, kept by a trigger (migration 0003) so
     * that the generated search document below can weigh them; a column cannot read other tables.
     */
    categoryTerms: text('category_terms').notNull().default(''),
    /** Weighted search document: name A, aliases and brand B, category names C, description and pack size D. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          [
            `setweight(to_tsvector('simple'::regconfig, ${fold('"name"')}), 'A')`,
            `setweight(to_tsvector('simple'::regconfig, ${fold(`"aliases" || ' ' || "brand"`)}), 'B')`,
            `setweight(to_tsvector('simple'::regconfig, ${fold('"category_terms"')}), 'C')`,
            `setweight(to_tsvector('simple'::regconfig, ${fold(`"description" || ' ' || "pack_size"`)}), 'D')`,
          ].join(' || '),
        ),
      ),
    /**
     * What an exact search for this product looks like, folded: its name, its name without the
     * leading brand ('Amul Butter' -> 'butter'), and each alias.
     */
    searchKeys: text('search_keys')
      .array()
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `array[${words('"name"')}, ${words(nameWithoutBrand)}] || ` +
            `string_to_array(btrim(regexp_replace(regexp_replace(${fold('"aliases"')}, '[^a-z0-9,]+', ' ', 'g'), ' *, *', ',', 'g'), ' ,'), ',')`,
        ),
      ),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    // fastupdate off: the catalogue is written rarely and read constantly; a pending list of new
    // entries would be scanned linearly by every search until a vacuum merged it.
    index('products_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    check('products_price_positive', sql`${t.pricePaise} > 0 AND ${t.mrpPaise} >= ${t.pricePaise}`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

/**
 * What product search filters and sorts by, in a narrow table of its own (migration 0016, decision
 * 040): products rows are wide and rewritten by every stock change, so ranking thousands of
 * matches there touched a heap page per match. Kept by triggers on products, never written by the
 * app; `in_stock` is the national `stock > 0`.
 */
export const productSearch = pgTable(
  'product_search',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id').notNull(),
    subcategoryId: integer('subcategory_id').notNull(),
    inStock: boolean('in_stock').notNull(),
    name: text('name').notNull(),
    /**
     * The name sort's key: the name in lower case, in the "C" collation (migration 0018, decision
     * 055), so that the sort compares bytes and folds no name per request.
     */
    nameKey: text('name_key')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    searchVector: tsvector('search_vector').notNull(),
    searchKeys: text('search_keys').array().notNull(),
  },
  (t) => [
    index('product_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('product_search_category_idx').on(t.categoryId),
    index('product_search_subcategory_idx').on(t.subcategoryId),
  ],
);

/**
 * Hinglish and everyday words mapped to the words the catalogue uses (aloo -> potato), one pair a
 * row. Both sides are single folded words, which the query builder relies on.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    term: text('term').notNull(),
    synonym: text('synonym').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.term, t.synonym] }),
    check('search_synonyms_words', sql`${t.term} ~ '^[a-z0-9]+$' AND ${t.synonym} ~ '^[a-z0-9]+$'`),
  ],
);

/**
 * Every word of product names, aliases, brands and category names (filled by triggers from the
 * search document). Typos are corrected against this small vocabulary through its trigram index,
 * which stays fast however many products share the words.
 */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
]);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
