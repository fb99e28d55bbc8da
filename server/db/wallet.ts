import { desc, eq, sql } from 'drizzle-orm';

import type { Db, Executor } from './client';
import { giftCards, orders, walletLedger } from './schema';

export async function walletBalancePaise(tx: Executor, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string | number | null>`coalesce(sum(${walletLedger.amountPaise}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.customerId, customerId));
  return Number(row?.balance ?? 0);
}

export interface WalletEntry {
  id: string;
  amountPaise: number;
  kind: 'giftcard' | 'order' | 'refund';
  createdAt: Date;
  orderId: string | null;
  orderNumber: number | null;
  codeHint: string | null;
}

/** The balance and the latest `limit` entries of the customer's wallet, newest first. */
export async function walletSummary(db: Db, customerId: string, limit = 50) {
  const [balancePaise, entries] = await Promise.all([
    walletBalancePaise(db, customerId),
    db
      .select({
        id: walletLedger.id,
        amountPaise: walletLedger.amountPaise,
        kind: walletLedger.kind,
        createdAt: walletLedger.createdAt,
        orderId: walletLedger.orderId,
        orderNumber: orders.number,
        codeHint: giftCards.codeHint,
      })
      .from(walletLedger)
      .leftJoin(orders, eq(orders.id, walletLedger.orderId))
      .leftJoin(giftCards, eq(giftCards.id, walletLedger.giftCardId))
      .where(eq(walletLedger.customerId, customerId))
      .orderBy(desc(walletLedger.createdAt), desc(walletLedger.id))
      .limit(limit),
  ]);
  return { balancePaise, entries: entries as WalletEntry[] };
}
