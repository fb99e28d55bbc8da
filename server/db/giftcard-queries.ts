import { and, eq, gt, sql } from 'drizzle-orm';

import { REDEEM_FAILURES_PER_HOUR } from '../domain/gift-cards';
import type { Db } from './client';
import { lockCustomer } from './locks';
import { giftCardAttempts, giftCards, walletLedger } from './schema';
import { walletBalancePaise } from './wallet';

export type RedeemResult =
  | { outcome: 'redeemed'; amountPaise: number; balancePaise: number }
  | { outcome: 'invalid' | 'used' | 'expired' | 'too-many' };

const HOUR_MS = 3600_000;

/**
 * Redeems a card into the customer's wallet, once. Wrong codes are recorded; after
 * REDEEM_FAILURES_PER_HOUR of them in an hour the customer must wait, whatever they try.
 */
export async function redeemGiftCard(
  db: Db,
  input: { customerId: string; codeHash: string; now: Date },
): Promise<RedeemResult> {
  return db.transaction(async (tx): Promise<RedeemResult> => {
    await lockCustomer(tx, input.customerId);
    const since = new Date(input.now.getTime() - HOUR_MS);
    const [failures] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(giftCardAttempts)
      .where(and(eq(giftCardAttempts.customerId, input.customerId), gt(giftCardAttempts.createdAt, since)));
    if (Number(failures?.n ?? 0) >= REDEEM_FAILURES_PER_HOUR) return { outcome: 'too-many' };

    const [card] = await tx.select().from(giftCards).where(eq(giftCards.codeHash, input.codeHash)).for('update');
    if (!card) {
      await tx.insert(giftCardAttempts).values({ customerId: input.customerId, createdAt: input.now });
      return { outcome: 'invalid' };
    }
    if (card.redeemedAt) return { outcome: 'used' };
    if (card.expiresAt && card.expiresAt <= input.now) return { outcome: 'expired' };
    await tx
      .update(giftCards)
      .set({ redeemedBy: input.customerId, redeemedAt: input.now })
      .where(eq(giftCards.id, card.id));
    await tx.insert(walletLedger).values({
      customerId: input.customerId,
      amountPaise: card.amountPaise,
      kind: 'giftcard',
      giftCardId: card.id,
      createdAt: input.now,
    });
    return {
      outcome: 'redeemed',
      amountPaise: card.amountPaise,
      balancePaise: await walletBalancePaise(tx, input.customerId),
    };
  });
}

/** Stores new cards (only the HMAC of each code) and returns nothing secret: the caller holds the codes. */
export async function insertGiftCards(
  db: Db,
  cards: { codeHash: string; codeHint: string; amountPaise: number; note: string | null; expiresAt: Date | null }[],
) {
  await db.insert(giftCards).values(cards);
}

/** Housekeeping: failed redemptions older than the window count for nothing. */
export async function sweepGiftCardAttempts(db: Db, now: Date) {
  await db
    .delete(giftCardAttempts)
    .where(sql`${giftCardAttempts.createdAt} <= ${new Date(now.getTime() - 24 * HOUR_MS)}`);
}
