import { createHash, createHmac, hkdfSync, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Sign-in rules: mobile numbers, one-time codes, request limits and session lifetimes. Plain
 * functions without I/O; the routes and queries call them.
 */

/** What the shopper sees; the spec's texts where it has them (points 5 and 8). */
export const AUTH_MESSAGES = {
  mobileRequired: 'Mobile number is required',
  mobileInvalid: 'Mobile number must be 10 digits',
  /** Ten digits that no Indian mobile number has: the length is right, so say what is wrong. */
  mobileStart: 'Mobile number must start with 6, 7, 8 or 9',
  otpInvalidFormat: 'Please enter a valid 6-digit OTP.',
  otpSent: 'OTP sent',
  otpExpired: 'OTP expired. Please request a new one.',
  otpWrong: 'Invalid OTP. Please try again.',
  otpTooManyAttempts: 'Too many wrong attempts. Please request a new OTP.',
  otpCheckRunning: 'Your OTP is already being checked. Please wait a moment.',
  smsFailed: 'We could not send the OTP. Please try again.',
  loginSuccessful: 'Login successful',
  signInRequired: 'Please sign in to continue.',
  refreshed: 'Session refreshed',
  refreshInvalid: 'Your session has ended. Please sign in again.',
  signedOut: 'Signed out',
  deleteNotConfirmed: 'Please confirm that you want to delete your account.',
  accountDeleted: 'Your account and personal data have been deleted.',
} as const;

export const OTP_LENGTH = 6;
/** A code is valid for 5 minutes (DESIGN, section 6). */
export const OTP_TTL_SECONDS = 300;
/** Wrong codes a challenge survives; the fifth wrong one kills it. */
export const OTP_MAX_ATTEMPTS = 5;
/** Spec point 9: the session token lives 3600 s. */
export const ACCESS_TOKEN_TTL_SECONDS = 3600;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/**
 * How long the refresh token that was just replaced still renews the session (in the same
 * family) instead of counting as a replay: long enough for an answer lost on a flaky mobile
 * connection or for two tabs refreshing at once, short enough that a stolen token is of little use.
 */
export const REFRESH_REUSE_GRACE_SECONDS = 30;

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

export interface OtpLimits {
  /** False only for benchmarks (OTP_LIMITS=off, refused in production): every request is allowed. */
  enforced: boolean;
  /** Seconds before the same number may ask for another code (spec point 9: 30 s). */
  resendSeconds: number;
  perNumberPerHour: number;
  perNumberPerDay: number;
  /**
   * Generous on purpose: carriers put many shoppers behind one address (carrier-grade NAT). The
   * per-number caps and the per-challenge try limit are what stop guessing.
   */
  perIpPerHour: number;
  /**
   * Codes sent an hour (a fixed clock hour) to numbers of one network prefix (OTP_PREFIX_DIGITS
   * digits) and in all: budgets against SMS pumping from many numbers and addresses (decision 024).
   */
  perPrefixPerHour: number;
  perHour: number;
}

export const DEFAULT_OTP_LIMITS: OtpLimits = {
  enforced: true,
  resendSeconds: 30,
  perNumberPerHour: 5,
  perNumberPerDay: 10,
  perIpPerHour: 60,
  perPrefixPerHour: 500,
  perHour: 10_000,
};

/**
 * The network prefix the per-prefix budget counts: the first four of the ten digits, the operator
 * series of India's numbering plan (e.g. 9876 of 98765 43210); a thousandth of a 10 000-number
 * block is too fine to catch a pumping run, a 2-digit prefix too coarse for honest shoppers.
 */
export const OTP_PREFIX_DIGITS = 4;
export const otpPrefix = (mobile: string) => mobile.slice(0, OTP_PREFIX_DIGITS);
/** The budgets' window: the clock hour. */
export const OTP_BUDGET_WINDOW_MS = HOUR_MS;

/** The longest history the limit decision needs, so queries can stop there. */
export const NUMBER_HISTORY_MS = DAY_MS;
export const IP_HISTORY_MS = HOUR_MS;

export const MOBILE_INPUT_MAX_LENGTH = 32;

export type MobileResult = { ok: true; mobile: string } | { ok: false; message: string };

/**
 * Spec point 5: strip everything but digits and keep the last ten, so '+91 98765-43210' and
 * '098765 43210' are the same number. Indian mobile numbers start with 6, 7, 8 or 9.
 */
export function normaliseMobile(input: unknown): MobileResult {
  if (input === undefined || input === null) return { ok: false, message: AUTH_MESSAGES.mobileRequired };
  if (typeof input !== 'string' && typeof input !== 'number')
    return { ok: false, message: AUTH_MESSAGES.mobileInvalid };
  const raw = String(input);
  if (raw.trim() === '') return { ok: false, message: AUTH_MESSAGES.mobileRequired };
  // Room for '+91 98765-43210' and the like; anything longer is not a typed phone number.
  if (raw.length > MOBILE_INPUT_MAX_LENGTH) return { ok: false, message: AUTH_MESSAGES.mobileInvalid };
  // Ten digits, or ten after the country code (91, 091, 0091) or a trunk 0: nothing else is dropped.
  const digits = raw.replace(/\D/g, '').replace(/^(?:0091|091|91|0)(?=\d{10}$)/, '');
  if (digits.length !== 10) return { ok: false, message: AUTH_MESSAGES.mobileInvalid };
  if (!/^[6-9]/.test(digits)) return { ok: false, message: AUTH_MESSAGES.mobileStart };
  return { ok: true, mobile: digits };
}

export type OtpResult = { ok: true; otp: string } | { ok: false; message: string };

/** Six digits exactly; surrounding spaces (a pasted code) are forgiven. */
export function parseOtp(input: unknown): OtpResult {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (!/^\d{6}$/.test(raw)) return { ok: false, message: AUTH_MESSAGES.otpInvalidFormat };
  return { ok: true, otp: raw };
}

/** +91 and the ten digits: how SMS providers and the outbox address a number. */
export const e164 = (mobile: string) => `+91${mobile}`;

/** '9876543210' -> '98XXXXXX10': enough for the shopper to recognise, not enough to harvest. */
export const maskMobile = (mobile: string) =>
  `${mobile.slice(0, 2)}${'X'.repeat(mobile.length - 4)}${mobile.slice(-2)}`;

/** A uniformly random six-digit code from the operating system's CSPRNG (leading zeros kept). */
export function generateOtp(random: (max: number) => number = randomInt): string {
  return String(random(10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/** A key for one purpose, derived from the server secret, so one leaked key does not give the others. */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'quickcart', purpose, 32));
}

/**
 * Only this HMAC of a code is stored. It binds the code to its challenge and number, so a hash
 * copied to another row or number matches nothing.
 */
export function hashOtp(key: Buffer, challengeId: string, mobile: string, code: string): string {
  return createHmac('sha256', key).update(`${challengeId}:${mobile}:${code}`).digest('hex');
}

/** Compares in constant time, so response timing says nothing about how close a guess was. */
export function otpMatches(key: Buffer, challengeId: string, mobile: string, code: string, storedHash: string) {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashOtp(key, challengeId, mobile, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** The SMS, with the WebOTP line last so browsers can offer to fill the code in. */
export function otpSmsText(code: string, publicHost: string, ttlSeconds: number = OTP_TTL_SECONDS): string {
  return (
    `Your QuickCart code is ${code}. It expires in ${describeWait(ttlSeconds)}. Do not share it with anyone.` +
    `\n\n@${publicHost} #${code}`
  );
}

/** 32 random bytes; the browser keeps it in an HttpOnly cookie and only its SHA-256 is stored. */
export const newRefreshToken = () => randomBytes(32).toString('base64url');
export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The refresh token that replaces `token`: an HMAC of it under a server key, so the server can
 * give the same replacement again to a replay within the grace window without keeping it (only
 * hashes are stored), and nobody without the key can work it out from the old token.
 */
export const successorRefreshToken = (key: Buffer, token: string) =>
  createHmac('sha256', key).update(`rotate:${token}`).digest('base64url');

/**
 * The network a request counts against for the per-address limit: an IPv4 address as it is, an
 * IPv6 address by its /64 (one subscriber's whole prefix; counting single IPv6 addresses would
 * let a client rotate through billions of them).
 */
export function clientNetwork(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g]));
  const first = groupsOf(head);
  const last = tail === undefined ? [] : groupsOf(tail);
  const groups = [...first, ...Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0'), ...last];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}

export type OtpLimitReason = 'resend' | 'number-hour' | 'number-day' | 'ip-hour' | 'prefix-budget' | 'budget';

export type OtpDecision =
  { allowed: true } | { allowed: false; reason: OtpLimitReason; retryAfterSeconds: number; message: string };

export interface OtpHistory {
  /** When this number asked for codes in the last day, newest first. */
  number: Date[];
  /** When this address asked for codes in the last hour, newest first. */
  ip: Date[];
}

/** 'N seconds', 'N minutes' or 'N hours', rounded up, as a shopper would read it. */
export function describeWait(seconds: number): string {
  const [value, unit] =
    seconds < 60
      ? [seconds, 'second']
      : seconds < 3600
        ? [Math.ceil(seconds / 60), 'minute']
        : [Math.ceil(seconds / 3600), 'hour'];
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

function limitMessage(reason: OtpLimitReason, seconds: number): string {
  const wait = describeWait(seconds);
  switch (reason) {
    case 'resend':
      return `Please wait ${wait} before requesting another OTP.`;
    case 'number-hour':
    case 'number-day':
      return `Too many OTP requests for this number. Please try again in ${wait}.`;
    case 'ip-hour':
      return `Too many OTP requests from your network. Please try again in ${wait}.`;
    case 'prefix-budget':
    case 'budget':
      return `We are sending too many OTPs right now. Please try again in ${wait}.`;
  }
}

/** The refusal when an hourly OTP budget is spent: until the clock hour ends. */
export function budgetDecision(reason: 'prefix-budget' | 'budget', windowEnd: Date, now: Date): OtpDecision {
  const retryAfterSeconds = Math.max(1, Math.ceil((windowEnd.getTime() - now.getTime()) / 1000));
  return { allowed: false, reason, retryAfterSeconds, message: limitMessage(reason, retryAfterSeconds) };
}

/** The fixed window of `windowMs` that `now` falls in (aligned to the epoch: clock minutes, hours). */
export function fixedWindow(now: Date, windowMs: number): { start: Date; end: Date } {
  const start = Math.floor(now.getTime() / windowMs) * windowMs;
  return { start: new Date(start), end: new Date(start + windowMs) };
}

/**
 * Whether another code may be sent now. Windows slide: a request blocked by a cap becomes
 * possible when the oldest request it counted leaves the window. When several rules block, the
 * longest wait is the honest Retry-After.
 */
export function decideOtpRequest(limits: OtpLimits, history: OtpHistory, now: Date): OtpDecision {
  if (!limits.enforced) return { allowed: true };
  const t = now.getTime();
  const blocks: { reason: OtpLimitReason; until: number }[] = [];
  const latest = history.number[0];
  if (latest && t - latest.getTime() < limits.resendSeconds * 1000) {
    blocks.push({ reason: 'resend', until: latest.getTime() + limits.resendSeconds * 1000 });
  }
  const cap = (times: Date[], windowMs: number, limit: number, reason: OtpLimitReason) => {
    const inWindow = times.filter((d) => t - d.getTime() < windowMs);
    if (inWindow.length >= limit) blocks.push({ reason, until: inWindow[limit - 1]!.getTime() + windowMs });
  };
  cap(history.number, HOUR_MS, limits.perNumberPerHour, 'number-hour');
  cap(history.number, DAY_MS, limits.perNumberPerDay, 'number-day');
  cap(history.ip, HOUR_MS, limits.perIpPerHour, 'ip-hour');
  if (blocks.length === 0) return { allowed: true };
  const worst = blocks.reduce((a, b) => (b.until > a.until ? b : a));
  const retryAfterSeconds = Math.max(1, Math.ceil((worst.until - t) / 1000));
  return {
    allowed: false,
    reason: worst.reason,
    retryAfterSeconds,
    message: limitMessage(worst.reason, retryAfterSeconds),
  };
}

/**
 * How many codes an attacker can try against one number in a day under these limits: codes
 * per day times wrong tries per code. Each guess hits with probability 1 in 10^6.
 */
export function guessesPerNumberPerDay(limits: OtpLimits): number {
  const perDay = Math.min(limits.perNumberPerDay, limits.perNumberPerHour * 24);
  return perDay * OTP_MAX_ATTEMPTS;
}

/** Where a verification stands, from the latest challenge for the number. */
export type ChallengeState = 'missing' | 'consumed' | 'expired' | 'exhausted' | 'open';

export function challengeState(
  challenge: { expiresAt: Date; attempts: number; consumedAt: Date | null } | undefined,
  now: Date,
): ChallengeState {
  if (!challenge) return 'missing';
  if (challenge.consumedAt) return 'consumed';
  if (challenge.attempts >= OTP_MAX_ATTEMPTS) return 'exhausted';
  if (challenge.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

/**
 * Whether a refresh token that was already replaced may still renew the session: only the token
 * replaced last in its family (its successor not replaced or revoked in turn), and only for
 * REFRESH_REUSE_GRACE_SECONDS after the replacement. Anything else is a replay.
 */
export function withinReuseGrace(
  successor: { createdAt: Date; replacedBy: string | null; revokedAt: Date | null } | undefined,
  now: Date,
): boolean {
  if (!successor || successor.replacedBy !== null || successor.revokedAt !== null) return false;
  const age = now.getTime() - successor.createdAt.getTime();
  return age >= 0 && age < REFRESH_REUSE_GRACE_SECONDS * 1000;
}

/** What a deleted account's mobile becomes: unique, and no longer a phone number. */
export const mobileTombstone = (customerId: string) => `deleted:${customerId}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
