import { randomUUID } from 'node:crypto';

import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';

import {
  challengeState,
  decideOtpRequest,
  hashRefreshToken,
  IP_HISTORY_MS,
  mobileTombstone,
  newRefreshToken,
  NUMBER_HISTORY_MS,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_SECONDS,
  otpMatches,
  REFRESH_TOKEN_TTL_SECONDS,
  type OtpDecision,
  type OtpLimits,
} from '../domain/auth';
import type { Db } from './client';
import { rowsOf } from './rows';
import { addresses, customers, otpChallenges, sessions } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

// Advisory lock classes (the two-key form, a key space apart from the single-key migration and
// seed locks): one lock per mobile number, one per client address.
const MOBILE_LOCK = 7_201_907;
const IP_LOCK = 7_201_908;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

export interface Customer {
  id: string;
  mobile: string;
  createdAt: Date;
}

const customerColumns = { id: customers.id, mobile: customers.mobile, createdAt: customers.createdAt };

export type OpenChallengeResult = { ok: true; challengeId: string } | { ok: false; decision: OtpDecision };

/**
 * Records a new code for a number if the limits allow it. Requests for one number (and, while
 * limits are enforced, from one address) queue on advisory locks for the length of this
 * transaction, so twenty simultaneous requests see each other and exactly one gets a code.
 */
export async function openChallenge(
  db: Db,
  input: {
    mobile: string;
    ip: string;
    limits: OtpLimits;
    now: Date;
    /** The HMAC of the code, which is bound to the challenge id. */
    hashFor: (challengeId: string) => string;
  },
): Promise<OpenChallengeResult> {
  const { mobile, ip, limits, now } = input;
  return db.transaction(async (tx) => {
    // Locks are always taken mobile first, then address (left to right in one statement), so two
    // requests never wait on each other. Without limits (benchmarks) the per-address count decides
    // nothing, so requests from one address need not queue.
    await tx.execute(
      limits.enforced
        ? sql`select pg_advisory_xact_lock(${sql.raw(String(MOBILE_LOCK))}, hashtext(${mobile})),
            pg_advisory_xact_lock(${sql.raw(String(IP_LOCK))}, hashtext(${ip}))`
        : sql`select pg_advisory_xact_lock(${sql.raw(String(MOBILE_LOCK))}, hashtext(${mobile}))`,
    );
    // Both histories in one round trip; each stops at the most rows its limits can look at.
    const numberSince = ago(now, NUMBER_HISTORY_MS);
    const ipSince = ago(now, IP_HISTORY_MS);
    const history = rowsOf<{ kind: 'number' | 'ip'; at: Date | string }>(
      await tx.execute(sql`
        (select 'number' as kind, ${otpChallenges.createdAt} as at from ${otpChallenges}
          where ${otpChallenges.mobile} = ${mobile} and ${otpChallenges.createdAt} > ${numberSince}
          order by ${otpChallenges.createdAt} desc
          limit ${Math.max(limits.perNumberPerDay, limits.perNumberPerHour, 1)})
        union all
        (select 'ip' as kind, ${otpChallenges.createdAt} as at from ${otpChallenges}
          where ${otpChallenges.ip} = ${ip} and ${otpChallenges.createdAt} > ${ipSince}
          order by ${otpChallenges.createdAt} desc
          limit ${Math.max(limits.perIpPerHour, 1)})`),
    );
    const times = (kind: 'number' | 'ip') =>
      history
        .filter((row) => row.kind === kind)
        .map((row) => new Date(row.at))
        .sort((a, b) => b.getTime() - a.getTime());
    const decision = decideOtpRequest(limits, { number: times('number'), ip: times('ip') }, now);
    if (!decision.allowed) return { ok: false, decision };

    // The insert also drops this number's rows that are older than the longest window.
    const challengeId = randomUUID();
    await tx.execute(sql`
      with purged as (
        delete from ${otpChallenges}
        where ${otpChallenges.mobile} = ${mobile} and ${otpChallenges.createdAt} <= ${numberSince}
      )
      insert into ${otpChallenges} (id, mobile, code_hash, expires_at, ip, created_at)
      values (${challengeId}, ${mobile}, ${input.hashFor(challengeId)},
        ${new Date(now.getTime() + OTP_TTL_SECONDS * 1000)}, ${ip}, ${now})`);
    return { ok: true, challengeId };
  });
}

/** A code that could not be delivered must not stay usable, nor count against the shopper. */
export async function discardChallenge(db: Db, challengeId: string) {
  await db.delete(otpChallenges).where(eq(otpChallenges.id, challengeId));
}

export interface IssuedSession {
  id: string;
  familyId: string;
  refreshToken: string;
  expiresAt: Date;
}

async function createSession(tx: Executor, customerId: string, familyId: string, now: Date): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  const expiresAt = new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);
  const [row] = await tx
    .insert(sessions)
    .values({ customerId, familyId, refreshHash: hashRefreshToken(refreshToken), expiresAt, createdAt: now })
    .returning({ id: sessions.id });
  return { id: row!.id, familyId, refreshToken, expiresAt };
}

export type VerifyResult =
  | { outcome: 'signed-in'; customer: Customer; session: IssuedSession }
  | { outcome: 'missing' | 'consumed' | 'expired' }
  /** `requestedAt`: when the dead challenge was issued, which decides when a new code may be sent. */
  | { outcome: 'exhausted'; requestedAt: Date }
  | { outcome: 'wrong'; attemptsLeft: number };

/**
 * Checks a code against the number's latest challenge. A wrong code costs one of its tries; the
 * right one consumes it, creates the customer on first sign-in and starts a new session family.
 * The challenge row is locked, so parallel guesses are counted one after another.
 */
export async function verifyChallenge(
  db: Db,
  input: { mobile: string; code: string; key: Buffer; now: Date },
): Promise<VerifyResult> {
  const { mobile, code, key, now } = input;
  return db.transaction(async (tx): Promise<VerifyResult> => {
    const [challenge] = await tx
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.mobile, mobile))
      .orderBy(desc(otpChallenges.createdAt))
      .limit(1)
      .for('update');
    const state = challengeState(challenge, now);
    if (state === 'exhausted') return { outcome: state, requestedAt: challenge!.createdAt };
    if (state !== 'open') return { outcome: state };
    if (!otpMatches(key, challenge!.id, mobile, code, challenge!.codeHash)) {
      const attempts = challenge!.attempts + 1;
      await tx.update(otpChallenges).set({ attempts }).where(eq(otpChallenges.id, challenge!.id));
      return attempts >= OTP_MAX_ATTEMPTS
        ? { outcome: 'exhausted', requestedAt: challenge!.createdAt }
        : { outcome: 'wrong', attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
    }
    await tx.update(otpChallenges).set({ consumedAt: now }).where(eq(otpChallenges.id, challenge!.id));
    const [customer] = await tx
      .insert(customers)
      .values({ mobile, createdAt: now })
      // A no-op update, so that RETURNING also gives the existing customer.
      .onConflictDoUpdate({ target: customers.mobile, set: { mobile: sql`excluded.mobile` } })
      .returning(customerColumns);
    const session = await createSession(tx, customer!.id, randomUUID(), now);
    return { outcome: 'signed-in', customer: customer!, session };
  });
}

/** The customer a session token belongs to, if the account exists and the session family is live. */
export async function findSignedInCustomer(
  db: Db,
  customerId: string,
  familyId: string,
): Promise<Customer | undefined> {
  const [row] = await db
    .select(customerColumns)
    .from(customers)
    .where(
      and(
        eq(customers.id, customerId),
        isNull(customers.deletedAt),
        sql`exists (select 1 from ${sessions} where ${sessions.familyId} = ${familyId}
          and ${sessions.customerId} = ${customers.id} and ${sessions.revokedAt} is null)`,
      ),
    )
    .limit(1);
  return row;
}

export type RotateResult =
  { outcome: 'rotated'; customer: Customer; session: IssuedSession } | { outcome: 'invalid' } | { outcome: 'reused' };

/**
 * Swaps a refresh token for a new one in the same family. A token that was already swapped is
 * being replayed (stolen, or leaked and used by someone else first): the whole family is revoked.
 */
export async function rotateSession(db: Db, refreshToken: string, now: Date): Promise<RotateResult> {
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
    if (current.replacedBy) {
      await revokeFamilyWith(tx, current.familyId, now);
      return { outcome: 'reused' };
    }
    if (current.expiresAt.getTime() <= now.getTime()) return { outcome: 'invalid' };
    const session = await createSession(tx, current.customer.id, current.familyId, now);
    await tx.update(sessions).set({ replacedBy: session.id }).where(eq(sessions.id, current.id));
    return { outcome: 'rotated', customer: current.customer, session };
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
 * Erases a customer's personal data: the number becomes a tombstone, every session is revoked
 * and the code requests made for the number (with their IP addresses) and the saved delivery
 * addresses are deleted. The row itself
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
    return true;
  });
}

/** Housekeeping: code requests past every limit window, and sessions past their expiry. */
export async function sweepAuthRows(db: Db, now: Date) {
  await db.delete(otpChallenges).where(lte(otpChallenges.createdAt, ago(now, NUMBER_HISTORY_MS)));
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
