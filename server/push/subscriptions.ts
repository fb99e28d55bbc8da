import { and, eq, inArray } from 'drizzle-orm';

import type { Db } from '../db/client';
import { pushSent, pushSubscriptions } from '../db/schema';

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for the customer signed in there. The same endpoint saved again
 * (a new sign-in on that browser, perhaps as someone else) moves to the new owner: a browser
 * receives the notifications of whoever last subscribed on it.
 */
export async function saveSubscription(
  db: Db,
  owner: { customerId: string; sessionFamily: string },
  keys: PushSubscriptionKeys,
) {
  await db
    .insert(pushSubscriptions)
    .values({ ...owner, ...keys })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...owner, p256dh: keys.p256dh, auth: keys.auth, createdAt: new Date() },
    });
}

/** Removes one of the customer's subscriptions; false when they have none at that endpoint. */
export async function removeSubscription(db: Db, customerId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.customerId, customerId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}

/** Signing out: the browsers subscribed in those sessions stop receiving the customer's orders. */
export async function removeSessionSubscriptions(db: Db, families: string[]) {
  if (families.length === 0) return;
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionFamily, families));
}

/** Deleting an account. */
export async function removeCustomerSubscriptions(db: Db, customerId: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));
}

/** The push service said the subscription is gone (404 or 410). */
export async function removeEndpoint(db: Db, endpoint: string) {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

export async function subscriptionsOf(db: Db, customerId: string) {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.customerId, customerId));
}

/** True for the one process that gets to notify the order's new status (see pushSent). */
export async function claimNotification(db: Db, orderId: string, status: string): Promise<boolean> {
  const claimed = await db
    .insert(pushSent)
    .values({ orderId, status })
    .onConflictDoNothing()
    .returning({ orderId: pushSent.orderId });
  return claimed.length > 0;
}
