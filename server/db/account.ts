import { and, desc, eq, isNull, sql } from 'drizzle-orm';

import { mobileTombstone } from '../domain/auth';
import { customerColumns } from './auth/sessions';
import type { Db } from './client';
import { loadOrder, type OrderDetail } from './orders/read';
import { addresses, customers, orders, otpChallenges, pushSubscriptions, sessions } from './schema';

// What a customer's account export and deletion read and erase.

/** Everything stored about a customer, for the privacy page's download. Hashes stay out. */
export async function exportCustomerData(db: Db, customerId: string) {
  const [customer] = await db.select(customerColumns).from(customers).where(eq(customers.id, customerId));
  if (!customer) return undefined;
  const sessionRows = await db
    .select({
      id: sessions.id,
      familyId: sessions.familyId,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      replacedBy: sessions.replacedBy,
    })
    .from(sessions)
    .where(eq(sessions.customerId, customerId))
    .orderBy(sessions.createdAt);
  const otpRows = await db
    .select({
      createdAt: otpChallenges.createdAt,
      expiresAt: otpChallenges.expiresAt,
      consumedAt: otpChallenges.consumedAt,
      attempts: otpChallenges.attempts,
      ip: otpChallenges.ip,
    })
    .from(otpChallenges)
    .where(eq(otpChallenges.mobile, customer.mobile))
    .orderBy(otpChallenges.createdAt);
  return { customer, sessions: sessionRows, otpRequests: otpRows };
}

/**
 * Erases a customer's personal data: the number becomes a tombstone, the saved delivery addresses
 * are deleted, every session is revoked and the code requests made for the number (with their
 * client addresses) are deleted. The row itself
 * stays, so records that must be kept (orders) remain, anonymised.
 */
export async function deleteCustomer(db: Db, customerId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ mobile: customers.mobile })
      .from(customers)
      .where(and(eq(customers.id, customerId), isNull(customers.deletedAt)))
      .for('update');
    if (!customer) return false;
    await tx
      .update(customers)
      .set({ mobile: mobileTombstone(customerId), deletedAt: now })
      .where(eq(customers.id, customerId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
    await tx.delete(otpChallenges).where(eq(otpChallenges.mobile, customer.mobile));
    // Saved addresses are personal data with nothing that must be kept (orders keep a snapshot).
    await tx.delete(addresses).where(eq(addresses.customerId, customerId));
    // Push subscriptions: no browser hears about the deleted account's orders any more.
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));
    return true;
  });
}

/**
 * For a deleted account: orders stay (they are the store's records) but lose who and where:
 * only the city of the delivery address is kept.
 */
export async function anonymiseOrders(db: Db, customerId: string) {
  await db.execute(sql`
    update ${orders} set address = jsonb_build_object(
      'tag', '', 'name', '', 'buildingName', '', 'floor', null, 'nearBy', null, 'locality', '',
      'city', ${orders.address}->>'city', 'mobile', null, 'latitude', 0, 'longitude', 0)
    where ${orders.customerId} = ${customerId}`);
}

/**
 * The customer's orders still awaiting payment: deleting the account cancels them first (their
 * stock goes back at once, and a payment that still arrives is refunded as late) rather than
 * letting a payment send one to an address the deletion erases.
 */
export async function ordersAwaitingPayment(db: Db, customerId: string): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'awaiting-payment')));
  return rows.map((row) => row.id);
}

/** Everything about a customer's orders, newest first, for the account's data export. */
export async function exportOrders(db: Db, customerId: string): Promise<OrderDetail[]> {
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt));
  const details: OrderDetail[] = [];
  for (const { id } of ids) details.push((await loadOrder(db, customerId, id))!);
  return details;
}
