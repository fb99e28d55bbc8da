import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** Other names shoppers type (Hinglish, regional), space separated, for search. */
    aliases: text('aliases').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_slug_key').on(t.slug),
    index('products_category_idx').on(t.categoryId),
    index('products_subcategory_idx').on(t.subcategoryId),
    check('products_price_positive', sql`${t.pricePaise} > 0 AND ${t.mrpPaise} >= ${t.pricePaise}`),
    check('products_stock_nonnegative', sql`${t.stock} >= 0`),
  ],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
