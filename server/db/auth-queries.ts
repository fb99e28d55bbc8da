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
  otpMatches,
  REFRESH_TOKEN_TTL_SECONDS,
  withinReuseGrace,
  type OtpDecision,
  type OtpLimits,
} from '../domain/auth';
import type { Db } from './client';
import { preparedStatement } from './prepared';
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

/** Epoch milliseconds as the statement below returns them (json; some drivers leave it a string). */
function datesOf(value: unknown): Date[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map((ms) => new Date(Number(ms))) : [];
}

/**
 * The OTP request in one statement: it reads the number's and the address's recent requests,
 * decides by the rules of decideOtpRequest (domain/auth.ts), inserts the challenge only when
 * allowed (dropping the number's rows older than the longest window) and returns what it decided;
 * when it refuses, also the history it counted. `$n` are its parameters, in OpenChallengeValues order.
 */
const OPEN_CHALLENGE_SQL = `
  with number_history as (
    select created_at from otp_challenges
    where mobile = $1::text and created_at > $2::timestamptz
    order by created_at desc
    limit $3::int
  ), ip_history as (
    select created_at from otp_challenges
    where ip = $4::text and created_at > $5::timestamptz
    order by created_at desc
    limit $6::int
  ), verdict as (
    select (not $7::boolean) or (
      coalesce((select max(created_at) from number_history) <= $8::timestamptz, true)
      and (select count(*) from number_history where created_at > $5::timestamptz) < $9::int
      and (select count(*) from number_history) < $10::int
      and (select count(*) from ip_history) < $11::int
    ) as allowed
  ), purged as (
    delete from otp_challenges
    where mobile = $1::text and created_at <= $2::timestamptz and (select allowed from verdict)
  ), inserted as (
    insert into otp_challenges (id, mobile, code_hash, expires_at, ip, created_at)
    select $12::uuid, $1::text, $13::text, $14::timestamptz, $4::text, $15::timestamptz
    from verdict where allowed
    returning id
  )
  select verdict.allowed,
    case when verdict.allowed then null else (select json_agg(round(extract(epoch from created_at) * 1000)
      order by created_at desc) from number_history) end as number_times,
    case when verdict.allowed then null else (select json_agg(round(extract(epoch from created_at) * 1000)
      order by created_at desc) from ip_history) end as ip_times
  from verdict`;

type OpenChallengeValues = [
  mobile: string,
  daySince: Date,
  numberRows: number,
  ip: string,
  hourSince: Date,
  ipRows: number,
  enforced: boolean,
  resendSince: Date,
  perNumberPerHour: number,
  perNumberPerDay: number,
  perIpPerHour: number,
  challengeId: string,
  codeHash: string,
  expiresAt: Date,
  now: Date,
];

/** The statement with its values as bound parameters (drizzle's own placeholders). */
function boundStatement(values: OpenChallengeValues) {
  const parts = OPEN_CHALLENGE_SQL.split(/\$(\d+)/);
  return sql.join(parts.map((part, k) => (k % 2 === 1 ? sql`${values[Number(part) - 1]}` : sql.raw(part))));
}

/**
 * PGlite runs the statement about five times faster prepared (its parse and plan, in WebAssembly,
 * cost more than the work): it is prepared once per database, and EXECUTE takes its arguments as
 * literals (EXECUTE cannot take bound parameters). Every value is checked against a strict pattern
 * first, so nothing that needs escaping reaches the text; anything else takes the bound form.
 */
const PREPARED_NAME = 'storefront_open_challenge';
const prepared = new WeakMap<Db, Promise<void>>();
const SAFE_LITERAL = /^[0-9A-Za-z.:/+-]*$/;
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/** The SQLSTATE of a database error, also when the ORM wrapped it. */
function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause === undefined ? undefined : errorCode(cause);
}

function literal(value: string | number | boolean | Date): string | undefined {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  const text = value instanceof Date ? value.toISOString() : value;
  return SAFE_LITERAL.test(text) ? `'${text}'` : undefined;
}

async function executePrepared(db: Db, values: OpenChallengeValues): Promise<unknown> {
  const literals = values.map(literal);
  if (literals.some((l) => l === undefined)) return db.execute(boundStatement(values));
  let ready = prepared.get(db);
  if (!ready) {
    ready = db
      .execute(sql.raw(`prepare ${PREPARED_NAME} as ${OPEN_CHALLENGE_SQL}`))
      .then(() => undefined)
      .catch((error: unknown) => {
        // Prepared already on this connection (by another handle on the same database): use it.
        if (errorCode(error) === DUPLICATE_PREPARED_STATEMENT) return;
        prepared.delete(db);
        throw error;
      });
    prepared.set(db, ready);
  }
  await ready;
  return db.execute(sql.raw(`execute ${PREPARED_NAME}(${literals.join(', ')})`));
}

/**
 * Records a new code for a number if the limits allow it, with OPEN_CHALLENGE_SQL: one statement
 * that reads the history, decides, inserts and says what it decided. When it refuses,
 * decideOtpRequest turns the history it returns into the reason and the Retry-After.
 *
 * Concurrency: PGlite runs one statement at a time, so there the statement is atomic by itself.
 * On PostgreSQL, requests for one number (and, while limits are enforced, from one address) queue
 * on advisory locks taken by a statement of their own before it, in one transaction: a statement
 * sees the rows committed when it starts, so a lock taken inside it would not make it see the
 * challenge its predecessor inserted. Twenty simultaneous requests thus see each other and
 * exactly one gets a code.
 */
export async function openChallenge(
  db: Db,
  input: {
    mobile: string;
    ip: string;
    limits: OtpLimits;
    now: Date;
    /** How long the code is valid (OTP_TTL_SECONDS outside tests). */
    ttlSeconds: number;
    /** True when the database runs one statement at a time (PGlite): no locks needed. */
    exclusive: boolean;
    /** The HMAC of the code, which is bound to the challenge id. */
    hashFor: (challengeId: string) => string;
  },
): Promise<OpenChallengeResult> {
  const { mobile, ip, limits, now } = input;
  const challengeId = randomUUID();
  const values: OpenChallengeValues = [
    mobile,
    ago(now, NUMBER_HISTORY_MS),
    Math.max(limits.perNumberPerDay, limits.perNumberPerHour, 1),
    ip,
    ago(now, IP_HISTORY_MS),
    Math.max(limits.perIpPerHour, 1),
    limits.enforced,
    ago(now, limits.resendSeconds * 1000),
    limits.perNumberPerHour,
    limits.perNumberPerDay,
    limits.perIpPerHour,
    challengeId,
    input.hashFor(challengeId),
    new Date(now.getTime() + input.ttlSeconds * 1000),
    now,
  ];
  const firstRow = (result: unknown) => {
    const [row] = rowsOf<{ allowed: boolean; number_times: unknown; ip_times: unknown }>(result);
    if (!row) throw new Error('the OTP request statement returned no row');
    return row;
  };
  const row = input.exclusive
    ? firstRow(await executePrepared(db, values))
    : await db.transaction(async (tx) => {
        // Locks are always taken mobile first, then address (left to right in one statement), so
        // two requests never wait on each other. Without limits (benchmarks) the per-address count
        // decides nothing, so requests from one address need not queue.
        await tx.execute(
          limits.enforced
            ? sql`select pg_advisory_xact_lock(${sql.raw(String(MOBILE_LOCK))}, hashtext(${mobile})),
                pg_advisory_xact_lock(${sql.raw(String(IP_LOCK))}, hashtext(${ip}))`
            : sql`select pg_advisory_xact_lock(${sql.raw(String(MOBILE_LOCK))}, hashtext(${mobile}))`,
        );
        return firstRow(await tx.execute(boundStatement(values)));
      });
  if (row.allowed) return { ok: true, challengeId };
  const decision = decideOtpRequest(limits, { number: datesOf(row.number_times), ip: datesOf(row.ip_times) }, now);
  if (decision.allowed) throw new Error('the OTP request statement refused what decideOtpRequest allows');
  return { ok: false, decision };
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
 * Swaps a refresh token for a new one in the same family. A token that was already swapped is
 * being replayed (stolen, or leaked and used by someone else first): the whole family is revoked,
 * unless it is the token replaced last in the family and that happened less than
 * REFRESH_REUSE_GRACE_SECONDS ago (an answer lost on the way, or two tabs refreshing at once):
 * then it gets a fresh pair in the same family too. Revoked tokens (logout) never renew.
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
    const unexpired = current.expiresAt.getTime() > now.getTime();
    if (current.replacedBy) {
      const [successor] = await tx
        .select({ createdAt: sessions.createdAt, replacedBy: sessions.replacedBy, revokedAt: sessions.revokedAt })
        .from(sessions)
        .where(eq(sessions.id, current.replacedBy))
        .limit(1);
      if (!unexpired || !withinReuseGrace(successor, now)) {
        await revokeFamilyWith(tx, current.familyId, now);
        return { outcome: 'reused' };
      }
      // The first replacement stays valid too: whichever answer the browser keeps last works.
      const session = await createSession(tx, current.customer.id, current.familyId, now);
      return { outcome: 'rotated', customer: current.customer, session, grace: true };
    }
    if (!unexpired) return { outcome: 'invalid' };
    const session = await createSession(tx, current.customer.id, current.familyId, now);
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
    return true;
  });
}

/** Housekeeping: code requests past every limit window, and sessions past their expiry. */
export async function sweepAuthRows(db: Db, now: Date) {
  await db.delete(otpChallenges).where(lte(otpChallenges.createdAt, ago(now, NUMBER_HISTORY_MS)));
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
