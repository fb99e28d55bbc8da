/** Stores and the orders they deliver. */

import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import type { OrderAddressSnapshot } from '../../domain/order-rules';
import { timestamptz } from './columns';
import { products } from './catalog';
import { customers } from './customers';

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
    check(
      'orders_status',
      sql`${t.status} IN ('awaiting-payment', 'processing', 'packed', 'dispatched', 'delivered', 'cancelled')`,
    ),
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
 * What happened to each order, in order (decision 035): append-only, written by triggers on
 * orders, order_payments and refunds (migration 0014), each row announced with
 * pg_notify('order_events', ...). `kind`: placed, status (`detail`: the status before), payment or
 * refund (`detail`: its new state); `status` is the order's status at that moment.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    storeId: integer('store_id').notNull(),
    status: text('status').notNull(),
    kind: text('kind').notNull(),
    detail: text('detail'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [
    index('order_events_order_idx').on(t.orderId, t.id),
    index('order_events_customer_idx').on(t.customerId, t.id),
    index('order_events_store_idx').on(t.storeId, t.id),
    check('order_events_kind', sql`${t.kind} IN ('placed', 'status', 'payment', 'refund')`),
  ],
);

export type StoreRow = typeof stores.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
