import { and, eq, isNull, sql } from 'drizzle-orm';

import {
  hashRefreshToken,
  newRefreshToken,
  REFRESH_TOKEN_TTL_SECONDS,
  successorRefreshToken,
  withinReuseGrace,
} from '../../domain/auth';
import type { Db, Executor } from '../client';
import { preparedStatement } from '../prepared';
import { customers, sessions } from '../schema';

export interface Customer {
  id: string;
  mobile: string;
  createdAt: Date;
}

export const customerColumns = { id: customers.id, mobile: customers.mobile, createdAt: customers.createdAt };

export interface IssuedSession {
  id: string;
  familyId: string;
  refreshToken: string;
  expiresAt: Date;
}

export async function createSession(
  tx: Executor,
  customerId: string,
  familyId: string,
  now: Date,
  refreshToken: string = newRefreshToken(),
): Promise<IssuedSession> {
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const [row] = await tx
    .insert(sessions)
    .values({ customerId, familyId, refreshHash: hashRefreshToken(refreshToken), expiresAt, createdAt: now })
    .returning({ id: sessions.id });
  return { id: row!.id, familyId, refreshToken, expiresAt };
}

const signedInCustomer = preparedStatement<{ id: string; mobile: string; createdAt: Date | string }>(
  'find_signed_in_customer',
  sql`select c.id, c.mobile, c.created_at as "createdAt" from ${customers} c
    where c.id = ${sql.placeholder('customerId')}::uuid and c.deleted_at is null
      and exists (select 1 from ${sessions} s where s.family_id = ${sql.placeholder('familyId')}::uuid
        and s.customer_id = c.id and s.revoked_at is null)`,
);

/**
 * The customer a session token belongs to, if the account exists and the session family is live
 * (every signed-in request asks: a prepared statement).
 */
export async function findSignedInCustomer(
  db: Db,
  customerId: string,
  familyId: string,
): Promise<Customer | undefined> {
  const [row] = await signedInCustomer(db, { customerId, familyId });
  return row && { id: row.id, mobile: row.mobile, createdAt: new Date(row.createdAt) };
}

export type RotateResult =
  | {
      outcome: 'rotated';
      customer: Customer;
      session: IssuedSession;
      /** True when a just-replaced token was renewed within the grace window. */
      grace: boolean;
    }
  | { outcome: 'invalid' }
  | { outcome: 'reused' };

/**
 * Swaps a refresh token for a new one in the same family (successorRefreshToken, derived with
 * `key`). A token that was already swapped is being replayed (stolen, or leaked and used by
 * someone else first): the whole family is revoked, unless it is the token replaced last in the
 * family and that happened less than REFRESH_REUSE_GRACE_SECONDS ago (an answer lost on the way,
 * or two tabs refreshing at once): then it gets the replacement already issued, the same token
 * again, so any number of replays leave one live refresh token. Revoked tokens (logout) never renew.
 */
export async function rotateSession(db: Db, refreshToken: string, now: Date, key: Buffer): Promise<RotateResult> {
  return db.transaction(async (tx): Promise<RotateResult> => {
    const [current] = await tx
      .select({
        id: sessions.id,
        familyId: sessions.familyId,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        replacedBy: sessions.replacedBy,
        customer: customerColumns,
        deletedAt: customers.deletedAt,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(eq(sessions.refreshHash, hashRefreshToken(refreshToken)))
      .limit(1)
      .for('update', { of: sessions });
    if (!current || current.revokedAt || current.deletedAt) return { outcome: 'invalid' };
    const unexpired = current.expiresAt.getTime() > now.getTime();
    if (current.replacedBy) {
      const [successor] = await tx
        .select({
          id: sessions.id,
          createdAt: sessions.createdAt,
          replacedBy: sessions.replacedBy,
          revokedAt: sessions.revokedAt,
          refreshHash: sessions.refreshHash,
          expiresAt: sessions.expiresAt,
        })
        .from(sessions)
        .where(eq(sessions.id, current.replacedBy))
        .limit(1);
      if (!unexpired || !withinReuseGrace(successor, now)) {
        await revokeFamilyWith(tx, current.familyId, now);
        return { outcome: 'reused' };
      }
      // The replacement already issued, once more. It matches unless the key changed since (or it
      // was issued before replacements were derived): then the shopper signs in again.
      const again = successorRefreshToken(key, refreshToken);
      if (hashRefreshToken(again) !== successor!.refreshHash) return { outcome: 'invalid' };
      const session = {
        id: successor!.id,
        familyId: current.familyId,
        refreshToken: again,
        expiresAt: successor!.expiresAt,
      };
      return { outcome: 'rotated', customer: current.customer, session, grace: true };
    }
    if (!unexpired) return { outcome: 'invalid' };
    const next = successorRefreshToken(key, refreshToken);
    const session = await createSession(tx, current.customer.id, current.familyId, now, next);
    await tx.update(sessions).set({ replacedBy: session.id }).where(eq(sessions.id, current.id));
    return { outcome: 'rotated', customer: current.customer, session, grace: false };
  });
}

async function revokeFamilyWith(tx: Executor, familyId: string, now: Date) {
  await tx
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}

export const revokeFamily = (db: Db, familyId: string, now: Date) => revokeFamilyWith(db, familyId, now);

/** The family of a refresh token, whatever its state. */
export async function familyOfRefreshToken(db: Db, refreshToken: string): Promise<string | undefined> {
  const [row] = await db
    .select({ familyId: sessions.familyId })
    .from(sessions)
    .where(eq(sessions.refreshHash, hashRefreshToken(refreshToken)))
    .limit(1);
  return row?.familyId;
}
