/** Store staff, what they did (the audit log) and product photos (issue 18). */

import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { products } from './catalog';
import { timestamptz } from './columns';
import { stores } from './orders';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * People who run the store from /ops, known by the mobile number they sign in with (the same OTP
 * flow as shoppers). A picker or manager works in one dark store; an admin in all of them.
 * Removing someone sets `removed_at` (the audit log keeps pointing at the row); adding the number
 * again brings the row back with its new role.
 */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mobile: text('mobile').notNull(),
    role: text('role').notNull(),
    storeId: integer('store_id').references(() => stores.id),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    removedAt: timestamptz('removed_at'),
  },
  (t) => [
    uniqueIndex('staff_mobile_key').on(t.mobile),
    check('staff_mobile_format', sql`${t.mobile} ~ '^[6-9][0-9]{9}$'`),
    check('staff_role_known', sql`${t.role} IN ('picker', 'manager', 'admin')`),
    check('staff_store_by_role', sql`(${t.role} = 'admin') = (${t.storeId} IS NULL)`),
  ],
);

/**
 * Every staff action, append-only (a trigger in migration 0012 refuses UPDATE and DELETE): who
 * (the staff row and the mobile at the time; both null for the server's command line, `actor`
 * says which), what (`action` and its target), when, and the target before and after.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamptz('at').notNull().defaultNow(),
    actor: text('actor').notNull(),
    staffId: uuid('staff_id').references(() => staff.id),
    staffMobile: text('staff_mobile'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    /** Set when the target is a product (or its photo), for the admin's filter by product. */
    productId: integer('product_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.id.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.id.desc()),
    index('audit_log_product_idx').on(t.productId, t.id.desc()),
    check('audit_log_actor_known', sql`${t.actor} IN ('console', 'cli')`),
  ],
);

/**
 * The encoded variants of uploaded product photos, in the database so that every server process
 * serves them (decision 033). `name` is `<sha256 of the upload, 32 hex>-<width>.<avif|webp>`:
 * content-hashed, so an answer never changes and is cached as immutable.
 */
export const productPhotos = pgTable(
  'product_photos',
  {
    name: text('name').primaryKey(),
    hash: text('hash').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    body: bytea('body').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [index('product_photos_hash_idx').on(t.hash)],
);

export type StaffRow = typeof staff.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;
