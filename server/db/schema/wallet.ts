/** Gift cards and the wallet they are redeemed into. */

import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

import { timestamptz } from './columns';
import { customers } from './customers';
import { orders } from './orders';

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

export type GiftCardRow = typeof giftCards.$inferSelect;
