import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';

import webPush from 'web-push';

import { DEFAULT_OTP_LIMITS, OTP_TTL_SECONDS, type OtpLimits } from './domain/auth';

export interface AppConfig {
  env: 'production' | 'development' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL connection string; absent means the embedded PGlite database in dataDir. */
  databaseUrl: string | undefined;
  /**
   * The key of session tokens (and, derived from it, of OTP and gift-card HMACs). Empty until
   * `withSharedSecrets` (db/secrets.ts) fills it when `jwtSecretSource` is 'database'.
   */
  jwtSecret: string;
  /**
   * Where jwtSecret comes from: JWT_SECRET; a file generated once in DATA_DIR (PGlite, outside
   * production); or, with DATABASE_URL outside production, a secret generated once and kept in
   * the database, so that every process on it agrees (decision 024).
   */
  jwtSecretSource: 'env' | 'data-dir' | 'database';
  /** Directory holding the built client; static serving is skipped when it does not exist. */
  distDir: string;
  logLevel: string;
  /** Host name the storefront is served on; the OTP SMS ends with `@host #code` for WebOTP. */
  publicHost: string;
  sms: SmsConfig;
  /** Rotating refresh tokens (`_auth_refresh`, POST /api/customer/refresh); AUTH_REFRESH=off turns them off. */
  authRefresh: boolean;
  otpLimits: OtpLimits;
  /** Server-held key for Google's Geocoding and Places APIs; absent means the bundled gazetteer only. */
  googleMapsApiKey: string | undefined;
  /** Map look-ups (reverse, autocomplete, place) a customer may make a minute, in all processes. */
  geoCallsPerMinute: number;
  /** Map tiles for the address picker (Leaflet URL template) and their attribution. */
  mapTiles: MapTilesConfig;
  /** How long a one-time code is valid: 300 s; TEST_OTP_TTL_SECONDS shortens it for tests only. */
  otpTtlSeconds: number;
  /**
   * Which peers may tell the client's address (X-Forwarded-For) and protocol (X-Forwarded-Proto):
   * none, or the listed addresses and networks (Fastify's trustProxy).
   */
  trustProxy: TrustProxy;
  /**
   * How long (ms) a public catalogue answer is reused from memory before the database is asked
   * again (CATALOGUE_CACHE_MS; 0 turns it off, the default under NODE_ENV=test).
   */
  catalogueCacheMs: number;
  /**
   * Whether a first visit to a page gets it rendered on the server (decision 015) when the build
   * has its server part; RENDER_PAGES=off sends the plain shell.
   */
  renderPages: boolean;
  /**
   * How long (ms) a page may take to render on the server before the visitor gets the shell
   * instead (PAGE_RENDER_TIMEOUT_MS, 1500). The browser tests give it longer: two servers and two
   * browsers share a 2-core machine, and their pages must render.
   */
  pageRenderTimeoutMs: number;
  /** GET /metrics in Prometheus format (METRICS, METRICS_TOKEN; decision 023). */
  metrics: MetricsConfig;
  /** When /api calls are answered 503 instead of queued behind a saturated process (decision 023). */
  shedding: SheddingConfig;
  /** How long (ms) a client has to send a request's headers before the connection is closed. */
  headersTimeoutMs: number;
  /** Open connections one client address may hold (a trusted proxy's are not counted); 0 = no cap. */
  maxConnectionsPerAddress: number;
  /** Online payment (issue 17): which gateway takes UPI, cards and wallets, or none (cash on delivery only). */
  payments: PaymentsConfig;
  /** Web Push (issue 19): the VAPID key pair push services check our notifications against. */
  push: PushConfig;
}

/**
 * VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, as web-push generates them) and VAPID_SUBJECT
 * (a mailto: or https: address push services may contact). Required in production; elsewhere a
 * pair is generated once into DATA_DIR/vapid.json (decision 036). `enabled` false: PUSH=off.
 */
export interface PushConfig {
  enabled: boolean;
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * PAYMENT_PROVIDER: `local` (the default outside production; refused in production), `razorpay`
 * (the default in production, with its three keys) or `off` (cash on delivery only).
 * `holdMinutes` (PAYMENT_HOLD_MINUTES): how long an unpaid online order holds its stock.
 * The local gateway's webhook secret is generated, not configured.
 */
export type PaymentsConfig =
  | { provider: 'off' }
  | { provider: 'local'; holdMinutes: number }
  | { provider: 'razorpay'; holdMinutes: number; keyId: string; keySecret: string; webhookSecret: string };

/** How long an unpaid online order holds its stock unless PAYMENT_HOLD_MINUTES says otherwise. */
export const DEFAULT_PAYMENT_HOLD_MINUTES = 15;

export interface MetricsConfig {
  /** METRICS=off removes the endpoint (the counters still run: they cost next to nothing). */
  enabled: boolean;
  /**
   * The Bearer token GET /metrics asks for (METRICS_TOKEN). Without one the endpoint is open
   * outside production and absent (404) in production.
   */
  token: string | undefined;
}

/** Thresholds of load shedding; null turns a signal off. */
export interface SheddingConfig {
  /** The 99th percentile of event-loop delay over one sample, in ms (SHED_EVENT_LOOP_DELAY_MS). */
  eventLoopDelayMs: number | null;
  /** The share of one sample the event loop was busy, 0 to 1 (SHED_EVENT_LOOP_UTILIZATION). */
  eventLoopUtilization: number | null;
  /** V8 heap in use, in bytes (SHED_HEAP_USED_MB). */
  heapUsedBytes: number | null;
  /** Resident set size, in bytes (SHED_RSS_MB). */
  rssBytes: number | null;
  /** How often the signals are read; a reading holds until the next one. */
  sampleIntervalMs: number;
  /** The Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
}

/** Map look-ups a customer may make a minute by default: far above a person typing (searches are debounced). */
export const GEO_CALLS_PER_MINUTE = 120;

export interface MapTilesConfig {
  url: string;
  attribution: string;
}

export const DEFAULT_MAP_TILES: MapTilesConfig = {
  url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  attribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};
export type TrustProxy = false | string[];

export type SmsConfig =
  { provider: 'outbox' } | { provider: 'msg91'; authKey: string; templateId: string; senderId: string };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 3000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a whole number from 0 to 65535; got "${raw}".`);
  }
  return port;
}

function parseEnv(raw: string | undefined): AppConfig['env'] {
  const value = raw ?? 'development';
  if (value === 'production' || value === 'development' || value === 'test') return value;
  throw new ConfigError(`NODE_ENV must be production, development or test; got "${value}".`);
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL such as postgres://user@host:5432/db.');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://; got "${url.protocol}//".`);
  }
  return raw;
}

/**
 * The JWT secret is required in production. Elsewhere it is generated once: with DATABASE_URL in
 * the database (db/secrets.ts, after it is opened), since processes sharing one database may each
 * have a DATA_DIR of their own; with PGlite in DATA_DIR, so that sessions survive a restart.
 */
function resolveJwtSecret(
  env: AppConfig['env'],
  raw: string | undefined,
  dataDir: string,
  databaseUrl: string | undefined,
): Pick<AppConfig, 'jwtSecret' | 'jwtSecretSource'> {
  if (raw !== undefined && raw !== '') {
    if (raw.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters long.');
    return { jwtSecret: raw, jwtSecretSource: 'env' };
  }
  if (env === 'production') {
    throw new ConfigError('JWT_SECRET is required in production (at least 32 characters).');
  }
  if (databaseUrl) return { jwtSecret: '', jwtSecretSource: 'database' };
  return { jwtSecret: dataDirSecret(dataDir), jwtSecretSource: 'data-dir' };
}

/** The secret generated into DATA_DIR earlier, if there is one. */
export function storedDataDirSecret(dataDir: string): string | undefined {
  try {
    const stored = readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    return stored.length >= 32 ? stored : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}

function dataDirSecret(dataDir: string): string {
  const stored = storedDataDirSecret(dataDir);
  if (stored) return stored;
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(path.join(dataDir, 'jwt-secret'), secret + '\n', { mode: 0o600 });
  return secret;
}

function parseSms(env: AppConfig['env'], vars: Env): SmsConfig {
  const provider = vars.SMS_PROVIDER || (env === 'production' ? undefined : 'outbox');
  if (provider === undefined) {
    throw new ConfigError(
      'SMS_PROVIDER is required in production: set SMS_PROVIDER=msg91 with MSG91_AUTH_KEY, MSG91_TEMPLATE_ID and MSG91_SENDER_ID.',
    );
  }
  if (provider === 'outbox') {
    if (env === 'production') {
      throw new ConfigError(
        'SMS_PROVIDER=outbox only writes codes to a local file and is refused in production; use SMS_PROVIDER=msg91.',
      );
    }
    return { provider };
  }
  if (provider !== 'msg91') throw new ConfigError(`SMS_PROVIDER must be outbox or msg91; got "${provider}".`);
  const missing = ['MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID', 'MSG91_SENDER_ID'].filter((name) => !vars[name]);
  if (missing.length > 0) throw new ConfigError(`SMS_PROVIDER=msg91 needs ${missing.join(', ')}.`);
  const senderId = vars.MSG91_SENDER_ID!;
  // DLT headers for transactional SMS are six letters.
  if (!/^[A-Za-z]{6}$/.test(senderId)) {
    throw new ConfigError(`MSG91_SENDER_ID must be the six-letter DLT sender id (header); got "${senderId}".`);
  }
  return { provider, authKey: vars.MSG91_AUTH_KEY!, templateId: vars.MSG91_TEMPLATE_ID!, senderId };
}

function parseOnOff(name: string, raw: string | undefined, fallback: boolean): boolean {
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'on') return true;
  if (raw === 'off') return false;
  throw new ConfigError(`${name} must be on or off; got "${raw}".`);
}

function parsePublicHost(raw: string | undefined): string {
  if (raw === undefined || raw === '') return 'localhost';
  if (!/^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(raw)) {
    throw new ConfigError(
      `PUBLIC_HOST must be a host name such as shop.example.in (no scheme, port or path); got "${raw}".`,
    );
  }
  return raw.toLowerCase();
}

function parseBudget(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < 1 || value > 10_000_000) {
    throw new ConfigError(`${name} must be a whole number from 1 to 10000000; got "${raw}".`);
  }
  return value;
}

/**
 * OTP_LIMITS=off lifts the request limits and budgets for benchmarks; never in production.
 * OTP_PREFIX_BUDGET and OTP_HOURLY_BUDGET: codes sent an hour per number prefix and
 * in all (decision 024).
 */
function parseOtpLimits(env: AppConfig['env'], vars: Env): OtpLimits {
  const enforced = parseOnOff('OTP_LIMITS', vars.OTP_LIMITS, true);
  if (!enforced && env === 'production') {
    throw new ConfigError('OTP_LIMITS=off is for benchmarks only and is refused in production.');
  }
  const perPrefixPerHour = parseBudget(
    'OTP_PREFIX_BUDGET',
    vars.OTP_PREFIX_BUDGET,
    DEFAULT_OTP_LIMITS.perPrefixPerHour,
  );
  const perHour = parseBudget('OTP_HOURLY_BUDGET', vars.OTP_HOURLY_BUDGET, DEFAULT_OTP_LIMITS.perHour);
  return { ...DEFAULT_OTP_LIMITS, enforced, perPrefixPerHour, perHour };
}

/** A Leaflet tile URL template: https (or a same-origin path) with {z}, {x} and {y}. */
function parseMapTiles(vars: Env): MapTilesConfig {
  const url = vars.MAP_TILE_URL || DEFAULT_MAP_TILES.url;
  const attribution = vars.MAP_TILE_ATTRIBUTION || (vars.MAP_TILE_URL ? '' : DEFAULT_MAP_TILES.attribution);
  if (!['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    throw new ConfigError(`MAP_TILE_URL must contain {z}, {x} and {y}; got "${url}".`);
  }
  if (
    !url.startsWith('/') &&
    !/^https:\/\/[^/]+\//.test(url) &&
    !/^http:\/\/(localhost|127\.0\.0\.1)(:\d+)?\//.test(url)
  ) {
    throw new ConfigError(
      `MAP_TILE_URL must be an https:// URL (or a path on this server starting with /); got "${url}".`,
    );
  }
  if (!attribution) {
    throw new ConfigError('MAP_TILE_ATTRIBUTION is required with a custom MAP_TILE_URL (tile licences ask for it).');
  }
  return { url, attribution };
}

/** OTP lifetime for tests of expiry (a browser cannot wait five minutes); never in production. */
function parseOtpTtl(env: AppConfig['env'], raw: string | undefined): number {
  if (raw === undefined || raw === '') return OTP_TTL_SECONDS;
  if (env === 'production') {
    throw new ConfigError('TEST_OTP_TTL_SECONDS is for tests only and is refused in production.');
  }
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw) || seconds < 1 || seconds > OTP_TTL_SECONDS) {
    throw new ConfigError(`TEST_OTP_TTL_SECONDS must be a whole number from 1 to ${OTP_TTL_SECONDS}; got "${raw}".`);
  }
  return seconds;
}

/** proxy-addr's named ranges: 127.0.0.1/8 and ::1; 169.254.0.0/16 and fe80::/10; private networks. */
const PROXY_PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrNetwork(entry: string): boolean {
  if (PROXY_PRESETS.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: `off`, or a comma-separated list of addresses, CIDR networks and the names
 * loopback, linklocal, uniquelocal. Unset: off outside production; `loopback` in production,
 * which believes a reverse proxy on the same machine and never a header a client sent directly.
 * Trusting everyone is refused: any client could then pick the address the per-IP OTP cap counts.
 * So is a hop count: it cannot tell the proxy from a client that connects directly, and Fastify
 * (5.12) fails closed on one, trusting nobody, which would silently count every shopper as the proxy.
 */
function parseTrustProxy(env: AppConfig['env'], raw: string | undefined): TrustProxy {
  const value = raw?.trim() ?? '';
  if (value === '') return env === 'production' ? ['loopback'] : false;
  if (value === 'off') return false;
  if (value === 'on' || value === 'true' || value === '*') {
    throw new ConfigError(
      `TRUST_PROXY=${value} would believe any client's X-Forwarded-For, and the per-address OTP limit with it; ` +
        "give the proxies' addresses or networks instead (e.g. TRUST_PROXY=10.0.0.0/8).",
    );
  }
  if (/^\d+$/.test(value)) {
    throw new ConfigError(
      `TRUST_PROXY=${value} looks like a hop count, which cannot tell the proxy from a client that connects ` +
        "directly; give the proxies' addresses or networks instead (e.g. TRUST_PROXY=10.0.0.0/8).",
    );
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isAddressOrNetwork(entry));
  if (bad.length > 0) {
    throw new ConfigError(
      'TRUST_PROXY must be off, or addresses and networks separated by commas ' +
        `(e.g. 10.0.0.0/8,::1 or loopback); not understood: "${bad.join('", "')}".`,
    );
  }
  return entries;
}

function parseCatalogueCacheMs(nodeEnv: AppConfig['env'], raw: string | undefined): number {
  if (raw === undefined || raw === '') return nodeEnv === 'test' ? 0 : 1000;
  const ms = Number(raw);
  if (!Number.isInteger(ms) || ms < 0 || ms > 60_000) {
    throw new ConfigError(`CATALOGUE_CACHE_MS must be a whole number of milliseconds from 0 to 60000; got "${raw}".`);
  }
  return ms;
}

function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16 || raw.length > 256 || !/^[\x21-\x7e]+$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN must be 16 to 256 visible ASCII characters (no spaces), e.g. the output of `openssl rand -hex 24`.',
    );
  }
  return raw;
}

const MB = 1024 * 1024;

/** `off`, or a whole number from min to max (a threshold of load shedding). */
function parseThreshold(name: string, raw: string | undefined, min: number, max: number): number | null | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'off') return null;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be off or a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

/**
 * Unset thresholds: 1 s of event-loop delay and 90 % of the heap V8 may grow to (where garbage
 * collection starts to thrash); none under NODE_ENV=test, where a test run on a busy machine must
 * not see 503s it did not ask for (the shedding tests set their own).
 */
function parseShedding(nodeEnv: AppConfig['env'], vars: Env): SheddingConfig {
  const test = nodeEnv === 'test';
  const delay = parseThreshold('SHED_EVENT_LOOP_DELAY_MS', vars.SHED_EVENT_LOOP_DELAY_MS, 10, 60_000);
  const heapMb = parseThreshold('SHED_HEAP_USED_MB', vars.SHED_HEAP_USED_MB, 16, 1024 * 1024);
  const rssMb = parseThreshold('SHED_RSS_MB', vars.SHED_RSS_MB, 16, 1024 * 1024);
  let utilization: number | null = null;
  const rawUtilization = vars.SHED_EVENT_LOOP_UTILIZATION;
  if (rawUtilization !== undefined && rawUtilization !== '' && rawUtilization !== 'off') {
    utilization = Number(rawUtilization);
    if (!/^(0|1)?(\.\d+)?$/.test(rawUtilization) || !(utilization > 0 && utilization <= 1)) {
      throw new ConfigError(
        `SHED_EVENT_LOOP_UTILIZATION must be off or a share above 0 and at most 1 (e.g. 0.98); got "${rawUtilization}".`,
      );
    }
  }
  return {
    eventLoopDelayMs: delay === undefined ? (test ? null : 1000) : delay,
    eventLoopUtilization: utilization,
    heapUsedBytes:
      heapMb === undefined
        ? test
          ? null
          : Math.floor(getHeapStatistics().heap_size_limit * 0.9)
        : heapMb && heapMb * MB,
    rssBytes: rssMb ? rssMb * MB : null,
    sampleIntervalMs: 1000,
    retryAfterSeconds: 5,
  };
}

function parseWhole(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

/** Razorpay's API key ids: `rzp_test_…` in test mode, `rzp_live_…` in live mode. */
const RAZORPAY_KEY_ID = /^rzp_(test|live)_[A-Za-z0-9]{8,32}$/;
const RAZORPAY_KEYS = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/**
 * PAYMENT_PROVIDER and Razorpay's keys. The secrets are checked for presence and shape only, and
 * never quoted in a message (a ConfigError is printed).
 */
function parsePayments(env: AppConfig['env'], vars: Env): PaymentsConfig {
  const provider = vars.PAYMENT_PROVIDER || (env === 'production' ? 'razorpay' : 'local');
  if (provider !== 'local' && provider !== 'razorpay' && provider !== 'off') {
    throw new ConfigError(`PAYMENT_PROVIDER must be local, razorpay or off; got "${provider}".`);
  }
  const holdMinutes = parseWhole(
    'PAYMENT_HOLD_MINUTES',
    vars.PAYMENT_HOLD_MINUTES,
    DEFAULT_PAYMENT_HOLD_MINUTES,
    5,
    60,
  );
  if (provider === 'off') return { provider };
  if (provider === 'local') {
    if (env === 'production') {
      throw new ConfigError(
        'PAYMENT_PROVIDER=local is a pretend gateway for development and tests and is refused in production; ' +
          'use PAYMENT_PROVIDER=razorpay (with RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET) ' +
          'or PAYMENT_PROVIDER=off for cash on delivery only.',
      );
    }
    return { provider, holdMinutes };
  }
  const missing = RAZORPAY_KEYS.filter((name) => !vars[name]);
  if (missing.length > 0) {
    throw new ConfigError(
      env === 'production' && !vars.PAYMENT_PROVIDER
        ? `Online payment in production takes Razorpay: set ${missing.join(', ')} ` +
            '(Razorpay Dashboard → Account & Settings → API Keys and Webhooks), or PAYMENT_PROVIDER=off for cash on delivery only.'
        : `PAYMENT_PROVIDER=razorpay needs ${missing.join(', ')}.`,
    );
  }
  const keyId = vars.RAZORPAY_KEY_ID!.trim();
  if (!RAZORPAY_KEY_ID.test(keyId)) {
    throw new ConfigError(
      `RAZORPAY_KEY_ID must be a Razorpay key id such as rzp_test_… or rzp_live_… (letters and digits after the prefix); got "${keyId}".`,
    );
  }
  const keySecret = vars.RAZORPAY_KEY_SECRET!;
  const webhookSecret = vars.RAZORPAY_WEBHOOK_SECRET!;
  for (const [name, value] of [
    ['RAZORPAY_KEY_SECRET', keySecret],
    ['RAZORPAY_WEBHOOK_SECRET', webhookSecret],
  ] as const) {
    if (value.length < 8 || value.length > 256 || !/^[\x21-\x7e]+$/.test(value)) {
      throw new ConfigError(`${name} must be 8 to 256 visible ASCII characters (no spaces); check what was pasted.`);
    }
  }
  return { provider, holdMinutes, keyId, keySecret, webhookSecret };
}

const VAPID_KEY = /^[A-Za-z0-9_-]+$/;
const DEV_VAPID_SUBJECT = 'mailto:push@quickcart.invalid';

function parsePush(env: AppConfig['env'], vars: Env, dataDir: string): PushConfig {
  const enabled = parseOnOff('PUSH', vars.PUSH, true);
  const publicKey = vars.VAPID_PUBLIC_KEY || undefined;
  const privateKey = vars.VAPID_PRIVATE_KEY || undefined;
  const subject = vars.VAPID_SUBJECT || undefined;
  if (!enabled) return { enabled, publicKey: '', privateKey: '', subject: '' };
  if (subject && !/^(mailto:|https:\/\/)/.test(subject)) {
    throw new ConfigError('VAPID_SUBJECT must be a mailto: or https: address push services can reach you at.');
  }
  if (publicKey || privateKey) {
    if (!publicKey || !privateKey || !VAPID_KEY.test(publicKey) || !VAPID_KEY.test(privateKey)) {
      throw new ConfigError(
        'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together, both base64url (npx web-push generate-vapid-keys).',
      );
    }
    if (env === 'production' && !subject) throw new ConfigError('VAPID_SUBJECT is required in production.');
    return { enabled, publicKey, privateKey, subject: subject ?? DEV_VAPID_SUBJECT };
  }
  if (env === 'production') {
    throw new ConfigError(
      'Web Push needs VAPID keys in production: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT ' +
        '(npx web-push generate-vapid-keys), or PUSH=off.',
    );
  }
  return { enabled, ...dataDirVapidKeys(dataDir), subject: subject ?? DEV_VAPID_SUBJECT };
}

/** The development key pair kept in DATA_DIR, generated on first use (a new pair would orphan every subscription). */
function dataDirVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid.json');
  try {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && !(error instanceof SyntaxError)) throw error;
  }
  const keys = webPush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys) + '\n', { mode: 0o600 });
  return keys;
}

export function loadConfig(env: Env = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const nodeEnv = overrides.env ?? parseEnv(env.NODE_ENV);
  const dataDir = path.resolve(overrides.dataDir ?? env.DATA_DIR ?? './data');
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : parseDatabaseUrl(env.DATABASE_URL);
  const secret =
    overrides.jwtSecret !== undefined
      ? { jwtSecret: overrides.jwtSecret, jwtSecretSource: overrides.jwtSecretSource ?? ('env' as const) }
      : resolveJwtSecret(nodeEnv, env.JWT_SECRET, dataDir, databaseUrl);
  const config: AppConfig = {
    env: nodeEnv,
    host: overrides.host ?? env.HOST ?? (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    port: overrides.port ?? parsePort(env.PORT),
    dataDir,
    databaseUrl,
    ...secret,
    distDir: path.resolve(overrides.distDir ?? env.DIST_DIR ?? 'dist'),
    logLevel: overrides.logLevel ?? env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    publicHost: overrides.publicHost ?? parsePublicHost(env.PUBLIC_HOST),
    sms: overrides.sms ?? parseSms(nodeEnv, env),
    authRefresh: overrides.authRefresh ?? parseOnOff('AUTH_REFRESH', env.AUTH_REFRESH, true),
    otpLimits: overrides.otpLimits ?? parseOtpLimits(nodeEnv, env),
    googleMapsApiKey:
      'googleMapsApiKey' in overrides ? overrides.googleMapsApiKey : env.GOOGLE_MAPS_API_KEY || undefined,
    geoCallsPerMinute:
      overrides.geoCallsPerMinute ??
      parseBudget('GEO_CALLS_PER_MINUTE', env.GEO_CALLS_PER_MINUTE, GEO_CALLS_PER_MINUTE),
    mapTiles: overrides.mapTiles ?? parseMapTiles(env),
    otpTtlSeconds: overrides.otpTtlSeconds ?? parseOtpTtl(nodeEnv, env.TEST_OTP_TTL_SECONDS),
    trustProxy: overrides.trustProxy ?? parseTrustProxy(nodeEnv, env.TRUST_PROXY),
    catalogueCacheMs: overrides.catalogueCacheMs ?? parseCatalogueCacheMs(nodeEnv, env.CATALOGUE_CACHE_MS),
    renderPages: overrides.renderPages ?? parseOnOff('RENDER_PAGES', env.RENDER_PAGES, true),
    pageRenderTimeoutMs:
      overrides.pageRenderTimeoutMs ??
      parseWhole('PAGE_RENDER_TIMEOUT_MS', env.PAGE_RENDER_TIMEOUT_MS, 1500, 100, 30_000),
    metrics: overrides.metrics ?? {
      enabled: parseOnOff('METRICS', env.METRICS, true),
      token: parseMetricsToken(env.METRICS_TOKEN),
    },
    shedding: overrides.shedding ?? parseShedding(nodeEnv, env),
    headersTimeoutMs:
      overrides.headersTimeoutMs ?? parseWhole('HEADERS_TIMEOUT_MS', env.HEADERS_TIMEOUT_MS, 10_000, 100, 120_000),
    maxConnectionsPerAddress:
      overrides.maxConnectionsPerAddress ?? parseWhole('CONNECTIONS_PER_IP', env.CONNECTIONS_PER_IP, 64, 0, 100_000),
    payments: overrides.payments ?? parsePayments(nodeEnv, env),
    push: overrides.push ?? parsePush(nodeEnv, env, dataDir),
  };
  return config;
}
