/** Customers and what signing in keeps: code requests, sessions, saved addresses. */

import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';

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
    /**
     * The PIN code: 6 digits, the first 1-9. Every address saved since migration 0010 has one;
     * null only for an older address the gazetteer could not place (decision 028).
     */
    pincode: text('pincode'),
    version: integer('version').notNull().default(1),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId, t.createdAt),
    check('addresses_latitude_range', sql`${t.latitude} BETWEEN -90 AND 90`),
    check('addresses_longitude_range', sql`${t.longitude} BETWEEN -180 AND 180`),
    check('addresses_pincode_format', sql`${t.pincode} ~ '^[1-9][0-9]{5}$'`),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;
export type OtpChallengeRow = typeof otpChallenges.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type AddressRow = typeof addresses.$inferSelect;
