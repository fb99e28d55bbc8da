/** Online payment (issue 17, decision 030): our side of each order's payment, and the local gateway's own tables. */

import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';
import { orders } from './orders';

/**
 * The online payment of an order (one row per online order, written with it). `state` is what the
 * shopper sees: awaiting (no payment yet), pending (money taken, not yet confirmed), paid,
 * failed (the last attempt failed; still payable until `hold_until`), expired (the hold ran out:
 * stock and gift card released, order cancelled). One gateway order per order: it is created after
 * the order is committed, by whoever holds the lease `claimed_until`, so a replayed request or a
 * retry never creates a second one while the first is on its way.
 */
export const orderPayments = pgTable(
  'order_payments',
  {
    orderId: uuid('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    method: text('method').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    state: text('state').notNull().default('awaiting'),
    gatewayOrderId: text('gateway_order_id'),
    /** Who creates the gateway order holds it until then (a crashed holder's lease runs out). */
    claimedUntil: timestamptz('claimed_until'),
    /** When the stock hold ends if the order is still unpaid. */
    holdUntil: timestamptz('hold_until').notNull(),
    paidPaymentId: text('paid_payment_id'),
    paidAt: timestamptz('paid_at'),
    failureReason: text('failure_reason'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('order_payments_gateway_order_key').on(t.gatewayOrderId),
    index('order_payments_open_hold_idx')
      .on(t.holdUntil)
      .where(sql`${t.state} IN ('awaiting', 'pending', 'failed')`),
    check('order_payments_gateway', sql`${t.gateway} IN ('local', 'razorpay')`),
    check('order_payments_method', sql`${t.method} IN ('upi', 'card')`),
    check('order_payments_amount', sql`${t.amountPaise} > 0`),
    check('order_payments_state', sql`${t.state} IN ('awaiting', 'pending', 'paid', 'failed', 'expired')`),
    check(
      'order_payments_paid',
      sql`${t.state} <> 'paid' OR (${t.paidPaymentId} IS NOT NULL AND ${t.paidAt} IS NOT NULL)`,
    ),
  ],
);

/** Every payment a gateway told us about (by verify, webhook or the hold job), by its id. */
export const gatewayPayments = pgTable(
  'gateway_payments',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    gatewayOrderId: text('gateway_order_id').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull(),
    method: text('method'),
    errorDescription: text('error_description'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('gateway_payments_order_idx').on(t.orderId),
    check('gateway_payments_status', sql`${t.status} IN ('created', 'authorized', 'captured', 'refunded', 'failed')`),
    check('gateway_payments_amount', sql`${t.amountPaise} >= 0`),
  ],
);

/**
 * Refunds of captured payments: a cancelled paid order, a payment that came after its order was
 * released, a second payment of a paid order. At most one per payment (always the whole payment).
 * `requested` until the gateway accepts the call (the job retries it), then the gateway's state.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id')
      .notNull()
      .references(() => gatewayPayments.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    reason: text('reason').notNull(),
    state: text('state').notNull().default('requested'),
    gatewayRefundId: text('gateway_refund_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at'),
    lastError: text('last_error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_payment_key').on(t.paymentId),
    uniqueIndex('refunds_gateway_refund_key').on(t.gatewayRefundId),
    index('refunds_order_idx').on(t.orderId),
    check('refunds_amount', sql`${t.amountPaise} > 0`),
    check('refunds_reason', sql`${t.reason} IN ('cancelled', 'late-payment', 'double-payment', 'amount-mismatch')`),
    check('refunds_state', sql`${t.state} IN ('requested', 'pending', 'processed', 'failed')`),
  ],
);

/** Webhook events already processed, by the gateway's event id: a repeat changes nothing. */
export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
});

// The local gateway (PAYMENT_PROVIDER=local): what Razorpay keeps on its side, kept here.

export const localGatewayOrders = pgTable(
  'local_gateway_orders',
  {
    id: text('id').primaryKey(),
    amountPaise: integer('amount_paise').notNull(),
    receipt: text('receipt').notNull(),
    notes: jsonb('notes').$type<Record<string, string>>().notNull().default({}),
    status: text('status').notNull().default('created'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    check('local_gateway_orders_status', sql`${t.status} IN ('created', 'attempted', 'paid')`),
    check('local_gateway_orders_amount', sql`${t.amountPaise} > 0`),
  ],
);

export const localGatewayPayments = pgTable(
  'local_gateway_payments',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => localGatewayOrders.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    status: text('status').notNull(),
    method: text('method').notNull(),
    errorDescription: text('error_description'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('local_gateway_payments_order_idx').on(t.orderId),
    check('local_gateway_payments_status', sql`${t.status} IN ('captured', 'refunded', 'failed')`),
  ],
);

export const localGatewayRefunds = pgTable(
  'local_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => localGatewayPayments.id, { onDelete: 'cascade' }),
    amountPaise: integer('amount_paise').notNull(),
    receipt: text('receipt').notNull(),
    status: text('status').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('local_gateway_refunds_receipt_key').on(t.receipt),
    check('local_gateway_refunds_status', sql`${t.status} IN ('pending', 'processed', 'failed')`),
  ],
);

/** The local gateway's signed webhooks, delivered in the background and retried until accepted. */
export const localGatewayWebhooks = pgTable(
  'local_gateway_webhooks',
  {
    id: text('id').primaryKey(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull(),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('local_gateway_webhooks_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);
