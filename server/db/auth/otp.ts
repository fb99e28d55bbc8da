import { randomUUID } from 'node:crypto';

import { and, desc, eq, gt, lte, sql } from 'drizzle-orm';

import {
  budgetDecision,
  challengeState,
  decideOtpRequest,
  fixedWindow,
  IP_HISTORY_MS,
  NUMBER_HISTORY_MS,
  OTP_BUDGET_WINDOW_MS,
  OTP_MAX_ATTEMPTS,
  otpMatches,
  otpPrefix,
  type OtpDecision,
  type OtpLimits,
} from '../../domain/auth';
import type { Db } from '../client';
import { preparedStatement } from '../prepared';
import { customers, otpChallenges, rateCounters, sessions } from '../schema';
import { createSession, customerColumns, type Customer, type IssuedSession } from './sessions';

// Advisory lock classes (the two-key form, a key space apart from the single-key migration and
// seed locks): one lock per mobile number, one per client address.
const MOBILE_LOCK = 7_201_907;
const IP_LOCK = 7_201_908;

const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** Epoch milliseconds as the statement below returns them (json; some drivers leave it a string). */
function datesOf(value: unknown): Date[] {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  return Array.isArray(list) ? list.map((ms) => new Date(Number(ms))) : [];
}

/** A value of the statement below. */
const value = (name: keyof OpenChallengeValues) => sql.placeholder(name);

/**
 * The OTP request in one statement: it reads the number's and the address's recent requests,
 * decides by the rules of decideOtpRequest (domain/auth.ts); when they allow it, it spends one
 * code of the hour's budgets (the number's prefix first, then all numbers: decision 024), each an
 * upsert on rate_counters that adds one only while the budget lasts; it inserts the challenge
 * only when both had room (dropping the number's rows older than the longest window) and returns
 * what it decided, the budgets' counts, and, when a rule refuses, the history it counted. PGlite
 * runs it about five times faster prepared (its parse and plan cost more than the work), hence
 * `onPglite`. Budgets are only counted while limits are enforced.
 */
const openChallengeStatement = preparedStatement<
  {
    allowed: boolean;
    rules_allowed: boolean;
    prefix_hits: number | string | null;
    all_hits: number | string | null;
    number_times: unknown;
    ip_times: unknown;
  },
  OpenChallengeValues
>(
  'storefront_open_challenge',
  sql`
  with number_history as (
    select created_at from otp_challenges
    where mobile = ${value('mobile')}::text and created_at > ${value('daySince')}::timestamptz
    order by created_at desc
    limit ${value('numberRows')}::int
  ), ip_history as (
    select created_at from otp_challenges
    where ip = ${value('ip')}::text and created_at > ${value('hourSince')}::timestamptz
    order by created_at desc
    limit ${value('ipRows')}::int
  ), verdict as (
    select (not ${value('enforced')}::boolean) or (
      coalesce((select max(created_at) from number_history) <= ${value('resendSince')}::timestamptz, true)
      and (select count(*) from number_history where created_at > ${value('hourSince')}::timestamptz) < ${value('perNumberPerHour')}::int
      and (select count(*) from number_history) < ${value('perNumberPerDay')}::int
      and (select count(*) from ip_history) < ${value('perIpPerHour')}::int
    ) as allowed
  ), prefix_budget as (
    insert into rate_counters (key, window_start, hits, window_end)
    select ${value('prefixKey')}::text, ${value('budgetStart')}::timestamptz, 1, ${value('budgetEnd')}::timestamptz
    from verdict where allowed and ${value('enforced')}::boolean
    on conflict (key, window_start) do update set hits = rate_counters.hits + 1
      where rate_counters.hits < ${value('perPrefixPerHour')}::int
    returning hits
  ), all_budget as (
    insert into rate_counters (key, window_start, hits, window_end)
    select ${value('allKey')}::text, ${value('budgetStart')}::timestamptz, 1, ${value('budgetEnd')}::timestamptz
    from prefix_budget
    on conflict (key, window_start) do update set hits = rate_counters.hits + 1
      where rate_counters.hits < ${value('perHour')}::int
    returning hits
  ), decision as (
    select verdict.allowed as rules_allowed,
      verdict.allowed and ((not ${value('enforced')}::boolean) or exists (select 1 from all_budget)) as allowed
    from verdict
  ), purged as (
    delete from otp_challenges
    where mobile = ${value('mobile')}::text and created_at <= ${value('daySince')}::timestamptz and (select allowed from decision)
  ), inserted as (
    insert into otp_challenges (id, mobile, code_hash, expires_at, ip, created_at)
    select ${value('challengeId')}::uuid, ${value('mobile')}::text, ${value('codeHash')}::text,
      ${value('expiresAt')}::timestamptz, ${value('ip')}::text, ${value('now')}::timestamptz
    from decision where allowed
    returning id
  )
  select decision.allowed, decision.rules_allowed,
    (select hits from prefix_budget) as prefix_hits,
    (select hits from all_budget) as all_hits,
    case when decision.rules_allowed then null else (select json_agg(round(extract(epoch from created_at) * 1000)
      order by created_at desc) from number_history) end as number_times,
    case when decision.rules_allowed then null else (select json_agg(round(extract(epoch from created_at) * 1000)
      order by created_at desc) from ip_history) end as ip_times
  from decision`,
  { onPglite: true },
);

interface OpenChallengeValues {
  mobile: string;
  /** The number's history: since when, and at most how many rows. */
  daySince: Date;
  numberRows: number;
  ip: string;
  /** The address's history (and the number's last hour): since when, and at most how many rows. */
  hourSince: Date;
  ipRows: number;
  enforced: boolean;
  /** A request after this one is too soon to resend. */
  resendSince: Date;
  perNumberPerHour: number;
  perNumberPerDay: number;
  perIpPerHour: number;
  /** The budgets: their counters' keys, the clock hour they count in, and their sizes. */
  prefixKey: string;
  allKey: string;
  budgetStart: Date;
  budgetEnd: Date;
  perPrefixPerHour: number;
  perHour: number;
  challengeId: string;
  codeHash: string;
  expiresAt: Date;
  now: Date;
}

/** The rate_counters keys of the OTP budgets. */
export const otpBudgetKeys = (mobile: string) => ({ prefixKey: `otp-prefix:${otpPrefix(mobile)}`, allKey: 'otp-all' });

/** Which budget this request spent the last code of (for the warning), if any. */
export type BudgetReached = { budget: 'prefix'; prefix: string; limit: number } | { budget: 'all'; limit: number };

export type OpenChallengeResult =
  { ok: true; challengeId: string; budgetStart: Date; reached: BudgetReached[] } | { ok: false; decision: OtpDecision };

/**
 * Records a new code for a number if the limits and budgets allow it, with openChallengeStatement:
 * one statement that reads the history, decides, spends the budgets, inserts and says what it
 * decided. When a rule refuses, decideOtpRequest turns the history it returns into the reason and
 * the Retry-After; a spent budget refuses until its clock hour ends.
 *
 * Concurrency: PGlite runs one statement at a time, so there the statement is atomic by itself.
 * On PostgreSQL, requests for one number (and, while limits are enforced, from one address) queue
 * on advisory locks taken by a statement of their own before it, in one transaction: a statement
 * sees the rows committed when it starts, so a lock taken inside it would not make it see the
 * challenge its predecessor inserted. Twenty simultaneous requests thus see each other and
 * exactly one gets a code. The budgets need no lock: an upsert waits for the row and adds to the
 * latest count, so they hold for requests on any process.
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
  const budget = fixedWindow(now, OTP_BUDGET_WINDOW_MS);
  const values: OpenChallengeValues = {
    mobile,
    daySince: ago(now, NUMBER_HISTORY_MS),
    numberRows: Math.max(limits.perNumberPerDay, limits.perNumberPerHour, 1),
    ip,
    hourSince: ago(now, IP_HISTORY_MS),
    ipRows: Math.max(limits.perIpPerHour, 1),
    enforced: limits.enforced,
    resendSince: ago(now, limits.resendSeconds * 1000),
    perNumberPerHour: limits.perNumberPerHour,
    perNumberPerDay: limits.perNumberPerDay,
    perIpPerHour: limits.perIpPerHour,
    ...otpBudgetKeys(mobile),
    budgetStart: budget.start,
    budgetEnd: budget.end,
    perPrefixPerHour: limits.perPrefixPerHour,
    perHour: limits.perHour,
    challengeId,
    codeHash: input.hashFor(challengeId),
    expiresAt: new Date(now.getTime() + input.ttlSeconds * 1000),
    now,
  };
  const firstRow = <Row>([row]: Row[]) => {
    if (!row) throw new Error('the OTP request statement returned no row');
    return row;
  };
  const row = input.exclusive
    ? firstRow(await openChallengeStatement(db, values))
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
        return firstRow(await openChallengeStatement(tx, values));
      });
  if (row.allowed) {
    const reached: BudgetReached[] = [];
    if (row.prefix_hits !== null && Number(row.prefix_hits) === limits.perPrefixPerHour) {
      reached.push({ budget: 'prefix', prefix: otpPrefix(mobile), limit: limits.perPrefixPerHour });
    }
    if (row.all_hits !== null && Number(row.all_hits) === limits.perHour) {
      reached.push({ budget: 'all', limit: limits.perHour });
    }
    return { ok: true, challengeId, budgetStart: budget.start, reached };
  }
  if (row.rules_allowed) {
    const reason = row.prefix_hits === null ? 'prefix-budget' : 'budget';
    return { ok: false, decision: budgetDecision(reason, budget.end, now) };
  }
  const decision = decideOtpRequest(limits, { number: datesOf(row.number_times), ip: datesOf(row.ip_times) }, now);
  if (decision.allowed) throw new Error('the OTP request statement refused what decideOtpRequest allows');
  return { ok: false, decision };
}

/**
 * A code that could not be delivered must not stay usable, nor count against the shopper, nor
 * against the budgets (no SMS went out).
 */
export async function discardChallenge(
  db: Db,
  challenge: { challengeId: string; mobile: string; budgetStart: Date; enforced: boolean },
) {
  await db.transaction(async (tx) => {
    await tx.delete(otpChallenges).where(eq(otpChallenges.id, challenge.challengeId));
    if (!challenge.enforced) return;
    const { prefixKey, allKey } = otpBudgetKeys(challenge.mobile);
    // One row at a time, in the order a code request locks them (prefix, then all): one UPDATE
    // over both could lock them the other way round and deadlock with a request on PostgreSQL.
    for (const key of [prefixKey, allKey]) {
      await tx
        .update(rateCounters)
        .set({ hits: sql`${rateCounters.hits} - 1` })
        .where(
          and(eq(rateCounters.key, key), eq(rateCounters.windowStart, challenge.budgetStart), gt(rateCounters.hits, 0)),
        );
    }
  });
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

/** Housekeeping: code requests past every limit window, and sessions past their expiry. */
export async function sweepAuthRows(db: Db, now: Date) {
  await db.delete(otpChallenges).where(lte(otpChallenges.createdAt, ago(now, NUMBER_HISTORY_MS)));
  await db.delete(sessions).where(lte(sessions.expiresAt, now));
}
