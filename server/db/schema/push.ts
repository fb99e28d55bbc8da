/** Web Push (issue 19): where a customer's browsers receive notifications about their orders. */

import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';
import { customers } from './customers';

/**
 * One browser's push subscription (the push service's endpoint and the keys a message is
 * encrypted with), owned by a customer and the session it was made in: signing out of that
 * session removes it, deleting the account removes them all, and a push service answering 404 or
 * 410 (the subscription is gone) removes it.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    sessionFamily: text('session_family').notNull(),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_customer_idx').on(t.customerId),
    check('push_subscriptions_endpoint_https', sql`${t.endpoint} LIKE 'https://%'`),
  ],
);

/**
 * The order statuses a notification went out for. Every server process hears every order event
 * (and an order may have several events in one status: a refund after a cancel); the one insert
 * that wins sends the push, so a shopper gets it once however many processes run.
 */
export const pushSent = pgTable(
  'push_sent',
  {
    orderId: uuid('order_id').notNull(),
    status: text('status').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.status] })],
);
