import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
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

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Shoppers, known by their mobile number (10 digits, without +91). Deleting an account replaces
 * the number with a tombstone, so the same number later signs up as a new customer.
 */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    deletedAt: timestamptz('deleted_at'),
  },
  (t) => [
    uniqueIndex('customers_mobile_key').on(t.mobile),
    check(
      'customers_mobile_format',
      sql`(${t.deletedAt} IS NULL AND ${t.mobile} ~ '^[6-9][0-9]{9}$') OR (${t.deletedAt} IS NOT NULL AND ${t.mobile} LIKE 'deleted:%')`,
    ),
  ],
);

/**
 * One row per code sent. Only an HMAC of the code is kept. The rows are also the request
 * counters for the per-number and per-address limits, so they are kept for a day.
 */
export const otpChallenges = pgTable(
  'otp_challenges',
  {
    id: uuid('id').primaryKey(),
    mobile: text('mobile').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    /** The client network the per-address limit counts: an IPv4 address, or an IPv6 /64. */
    ip: text('ip').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('otp_challenges_mobile_idx').on(t.mobile, t.createdAt.desc()),
    index('otp_challenges_ip_idx').on(t.ip, t.createdAt.desc()),
  ],
);

/**
 * Refresh tokens (only their SHA-256). Each refresh replaces the row with a new one of the same
 * family; presenting a replaced token again revokes the whole family, and the session token
 * (which names its family) stops working with it.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    refreshHash: text('refresh_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
    replacedBy: uuid('replaced_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_refresh_hash_key').on(t.refreshHash),
    index('sessions_family_idx').on(t.familyId),
    index('sessions_customer_idx').on(t.customerId),
  ],
);

/**
 * A customer's saved delivery address (spec point 5). `version` grows with every edit so an edit
 * queued offline against an older version is answered with a conflict instead of overwriting.
 * Orders keep their own snapshot of the address, so deleting one never touches order history.
 */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    tag: text('tag').notNull(),
    locality: text('locality').notNull(),
    buildingName: text('building_name').notNull(),
    floor: text('floor'),
    nearBy: text('near_by'),
    name: text('name').notNull(),
    mobile: text('mobile'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    city: text('city').notNull(),
    area: text('area'),
    state: text('state'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.createdAt),
    check('addresses_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('addresses_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
  ],
);

/**
 * Dark stores: the places orders are packed and delivered from. An address is served when it lies
 * within the radius of at least one active store; the nearest such store takes the order.
 */
export const stores = pgTable(
  'stores',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('stores_slug_key').on(t.slug),
    check('stores_radius_positive', sql`${t.radiusKm} > 0`),
    check('stores_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('stores_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
  ],
);

/** The delivery address as it was when the order was placed (the saved address may change later). */
export interface OrderAddressSnapshot {
  tag: string;
  name: string;
  buildingName: string;
  floor: string | null;
  nearBy: string | null;
  locality: string;
  city: string;
  mobile: string | null;
  latitude: number;
  longitude: number;
}

/**
 * Orders. `number` is the running order number shoppers see. Charges are integer paise, fixed when
 * the order is placed. (customer, idempotency key) is unique: a retried request finds its order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: serial('number').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status').notNull().default('processing'),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    etaMinutes: integer('eta_minutes').notNull(),
    address: jsonb('address').$type<OrderAddressSnapshot>().notNull(),
    paymentMethod: text('payment_method').notNull(),
    itemsPaise: integer('items_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    deliveryPaise: integer('delivery_paise').notNull(),
    handlingPaise: integer('handling_paise').notNull(),
    /** Paid from the e-gift card wallet. */
    walletPaise: integer('wallet_paise').notNull().default(0),
    /** Items + delivery + handling. */
    totalPaise: integer('total_paise').notNull(),
    /** What is left to pay with the payment method: total minus wallet. */
    payablePaise: integer('payable_paise').notNull(),
    cancelReason: text('cancel_reason'),
    cancelledBy: text('cancelled_by'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_customer_idempotency_key').on(t.customerId, t.idempotencyKey),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc()),
    check('orders_status', sql`${t.status} IN ('processing', 'dispatched', 'delivered', 'cancelled')`),
    check('orders_cancelled_by', sql`${t.cancelledBy} IS NULL OR ${t.cancelledBy} IN ('customer', 'store')`),
    check(
      'orders_amounts',
      sql`${t.totalPaise} = ${t.itemsPaise} + ${t.deliveryPaise} + ${t.handlingPaise} AND ${t.walletPaise} >= 0 AND ${t.payablePaise} = ${t.totalPaise} - ${t.walletPaise} AND ${t.payablePaise} >= 0`,
    ),
  ],
);

/** What was bought, as it was sold: name, image, size and prices are copied from the product. */
export const orderItems = pgTable(
  'order_items',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    image: text('image').notNull(),
    packSize: text('pack_size').notNull(),
    pricePaise: integer('price_paise').notNull(),
    mrpPaise: integer('mrp_paise').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.productId] }), check('order_items_quantity', sql`${t.quantity} > 0`)],
);

/**
 * E-gift cards issued by staff. Only an HMAC of the code is stored (codes are random, 80 bits),
 * so neither the table nor a backup reveals a spendable code. A card is redeemed once, whole.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull(),
    /** The last 4 characters, so staff and shoppers can tell cards apart. */
    codeHint: text('code_hint').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    note: text('note'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at'),
    redeemedBy: uuid('redeemed_by').references(() => customers.id),
    redeemedAt: timestamptz('redeemed_at'),
  },
  (t) => [
    uniqueIndex('gift_cards_code_hash_key').on(t.codeHash),
    check('gift_cards_amount', sql`${t.amountPaise} > 0`),
  ],
);

/**
 * The e-gift card wallet: every credit (a redeemed card, a refund) and debit (an order) as a row;
 * the balance is their sum. Writers lock the customer's row first, so the balance never goes negative.
 */
export const walletLedger = pgTable(
  'wallet_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    amountPaise: integer('amount_paise').notNull(),
    kind: text('kind').notNull(),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id),
    orderId: uuid('order_id').references(() => orders.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_ledger_customer_idx').on(t.customerId, t.createdAt.desc()),
    check('wallet_ledger_kind', sql`${t.kind} IN ('giftcard', 'order', 'refund')`),
    check('wallet_ledger_nonzero', sql`${t.amountPaise} <> 0`),
  ],
);

/** Failed gift-card redemptions, counted per customer to stop guessing (kept a day). */
export const giftCardAttempts = pgTable(
  'gift_card_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('gift_card_attempts_customer_idx').on(t.customerId, t.createdAt.desc())],
);

export type CategoryRow = typeof categories.$inferSelect;
export type ProductRow = typeof products.$inferSelect;
export type CustomerRow = typeof customers.$inferSelect;
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
export type StoreRow = typeof stores.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type GiftCardRow = typeof giftCards.$inferSelect;
