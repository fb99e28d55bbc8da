import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'storefront-config-'));

/** Razorpay test-mode keys shaped like the Dashboard's (made up). */
const razorpay = {
  RAZORPAY_KEY_ID: 'rzp_test_1DP5mmOlF5G5ag',
  RAZORPAY_KEY_SECRET: 'thisissecretkeyXYZ12345',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-from-the-dashboard',
};

/** A VAPID pair (web-push's format), as production requires for Web Push. */
const vapid = {
  VAPID_PUBLIC_KEY: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  VAPID_PRIVATE_KEY: 'tUxbf-Mxt1TjtxU2Zj1ZLVXYZlmz7nqrbd4TjkDTVZw',
  VAPID_SUBJECT: 'mailto:ops@quickcart.example',
};

describe('loadConfig', () => {
  it('has working defaults for a fresh machine', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({ env: 'development', port: 3000, dataDir, databaseUrl: undefined });
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
  });

  it('leaves the JWT secret to the database with DATABASE_URL (shared by its processes), not DATA_DIR', () => {
    const dataDir = tempDir();
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://shop@db:5432/shop' });
    expect(config).toMatchObject({ jwtSecret: '', jwtSecretSource: 'database' });
    expect(() => readFileSync(path.join(dataDir, 'jwt-secret'))).toThrow(/ENOENT/);
    const set = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/shop', JWT_SECRET: 's'.repeat(32) });
    expect(set).toMatchObject({ jwtSecret: 's'.repeat(32), jwtSecretSource: 'env' });
    expect(loadConfig({ DATA_DIR: dataDir })).toMatchObject({ jwtSecretSource: 'data-dir' });
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, DATABASE_URL: 'postgres://db/shop' })).toThrow(
      new ConfigError('JWT_SECRET is required in production (at least 32 characters).'),
    );
  });

  it('has OTP budgets far above the test suite, set by OTP_PREFIX_BUDGET and OTP_HOURLY_BUDGET', () => {
    const DATA_DIR = tempDir();
    expect(loadConfig({ DATA_DIR }).otpLimits).toMatchObject({ perPrefixPerHour: 500, perHour: 10_000 });
    expect(loadConfig({ DATA_DIR, OTP_PREFIX_BUDGET: '40', OTP_HOURLY_BUDGET: '900' }).otpLimits).toMatchObject({
      perPrefixPerHour: 40,
      perHour: 900,
    });
    for (const bad of ['0', '-1', '1.5', 'lots']) {
      expect(() => loadConfig({ DATA_DIR, OTP_HOURLY_BUDGET: bad })).toThrow(
        new ConfigError(`OTP_HOURLY_BUDGET must be a whole number from 1 to 10000000; got "${bad}".`),
      );
      expect(() => loadConfig({ DATA_DIR, OTP_PREFIX_BUDGET: bad })).toThrow(/OTP_PREFIX_BUDGET/);
      expect(() => loadConfig({ DATA_DIR, GEO_CALLS_PER_MINUTE: bad })).toThrow(/GEO_CALLS_PER_MINUTE/);
    }
    expect(loadConfig({ DATA_DIR }).geoCallsPerMinute).toBe(120);
    expect(loadConfig({ DATA_DIR, GEO_CALLS_PER_MINUTE: '30' }).geoCallsPerMinute).toBe(30);
  });

  it('requires a JWT secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() })).toThrow(
      new ConfigError('JWT_SECRET is required in production (at least 32 characters).'),
    );
  });

  it('says clearly what is wrong with a bad value', () => {
    const DATA_DIR = tempDir();
    expect(() => loadConfig({ DATA_DIR, PORT: 'eighty' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATA_DIR, PORT: '70000' })).toThrow(/PORT must be a whole number/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'mysql://x@y/z' })).toThrow(
      /DATABASE_URL must start with postgres/,
    );
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL must be a URL/);
    expect(() => loadConfig({ DATA_DIR, NODE_ENV: 'staging' })).toThrow(/NODE_ENV must be/);
    expect(() => loadConfig({ DATA_DIR, JWT_SECRET: 'short' })).toThrow(/at least 32/);
  });

  it('accepts a PostgreSQL URL', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' });
    expect(config.databaseUrl).toBe('postgres://postgres@127.0.0.1:5432/test');
  });

  describe('sign-in settings', () => {
    const msg91 = { MSG91_AUTH_KEY: 'key', MSG91_TEMPLATE_ID: 'template', MSG91_SENDER_ID: 'QKCART' };
    const production = () => ({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(32),
      ...razorpay,
      ...vapid,
    });

    it('default to the outbox, refresh on, enforced limits and localhost outside production', () => {
      const config = loadConfig({ DATA_DIR: tempDir() });
      expect(config.sms).toEqual({ provider: 'outbox' });
      expect(config.authRefresh).toBe(true);
      expect(config.publicHost).toBe('localhost');
      expect(config.otpLimits).toEqual({
        enforced: true,
        resendSeconds: 30,
        perNumberPerHour: 5,
        perNumberPerDay: 10,
        perIpPerHour: 60,
        perPrefixPerHour: 500,
        perHour: 10_000,
      });
    });

    it('take MSG91 with its DLT settings', () => {
      const config = loadConfig({ DATA_DIR: tempDir(), SMS_PROVIDER: 'msg91', ...msg91 });
      expect(config.sms).toEqual({ provider: 'msg91', authKey: 'key', templateId: 'template', senderId: 'QKCART' });
    });

    it('say what MSG91 is missing', () => {
      const DATA_DIR = tempDir();
      expect(() => loadConfig({ DATA_DIR, SMS_PROVIDER: 'msg91' })).toThrow(
        new ConfigError('SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY, MSG91_TEMPLATE_ID, MSG91_SENDER_ID.'),
      );
      expect(() => loadConfig({ DATA_DIR, SMS_PROVIDER: 'msg91', ...msg91, MSG91_SENDER_ID: 'QUICKCART' })).toThrow(
        /MSG91_SENDER_ID must be the six-letter DLT sender id/,
      );
      expect(() => loadConfig({ DATA_DIR, SMS_PROVIDER: 'twilio' })).toThrow(/SMS_PROVIDER must be outbox or msg91/);
    });

    it('refuse the outbox in production and require a provider there', () => {
      expect(() => loadConfig({ ...production(), SMS_PROVIDER: 'outbox' })).toThrow(/refused in production/);
      expect(() => loadConfig(production())).toThrow(/SMS_PROVIDER is required in production/);
      expect(loadConfig({ ...production(), SMS_PROVIDER: 'msg91', ...msg91 }).sms.provider).toBe('msg91');
    });

    it('turn refresh tokens off with AUTH_REFRESH=off', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), AUTH_REFRESH: 'off' }).authRefresh).toBe(false);
      expect(() => loadConfig({ DATA_DIR: tempDir(), AUTH_REFRESH: 'no' })).toThrow(/AUTH_REFRESH must be on or off/);
    });

    it('read PAGE_RENDER_TIMEOUT_MS, 1.5 s by default', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).pageRenderTimeoutMs).toBe(1500);
      expect(loadConfig({ DATA_DIR: tempDir(), PAGE_RENDER_TIMEOUT_MS: '6000' }).pageRenderTimeoutMs).toBe(6000);
      expect(() => loadConfig({ DATA_DIR: tempDir(), PAGE_RENDER_TIMEOUT_MS: '0' })).toThrow(
        /PAGE_RENDER_TIMEOUT_MS must be/,
      );
    });

    it('read CATALOGUE_CACHE_MS, a second by default and off under test', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).catalogueCacheMs).toBe(1000);
      expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).catalogueCacheMs).toBe(0);
      expect(loadConfig({ DATA_DIR: tempDir(), CATALOGUE_CACHE_MS: '250' }).catalogueCacheMs).toBe(250);
      expect(() => loadConfig({ DATA_DIR: tempDir(), CATALOGUE_CACHE_MS: '-1' })).toThrow(/CATALOGUE_CACHE_MS must be/);
    });

    it('read HEADERS_TIMEOUT_MS and CONNECTIONS_PER_IP: 10 s and 64 by default, 0 lifts the cap', () => {
      const defaults = loadConfig({ DATA_DIR: tempDir() });
      expect(defaults.headersTimeoutMs).toBe(10_000);
      expect(defaults.maxConnectionsPerAddress).toBe(64);
      const set = loadConfig({ DATA_DIR: tempDir(), HEADERS_TIMEOUT_MS: '5000', CONNECTIONS_PER_IP: '0' });
      expect(set.headersTimeoutMs).toBe(5000);
      expect(set.maxConnectionsPerAddress).toBe(0);
      expect(() => loadConfig({ DATA_DIR: tempDir(), HEADERS_TIMEOUT_MS: '10s' })).toThrow(
        'HEADERS_TIMEOUT_MS must be a whole number from 100 to 120000; got "10s".',
      );
      expect(() => loadConfig({ DATA_DIR: tempDir(), CONNECTIONS_PER_IP: '-1' })).toThrow(
        /CONNECTIONS_PER_IP must be a whole number from 0/,
      );
    });

    it('lift OTP limits with OTP_LIMITS=off, but never in production', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), OTP_LIMITS: 'off' }).otpLimits.enforced).toBe(false);
      expect(() => loadConfig({ ...production(), SMS_PROVIDER: 'msg91', ...msg91, OTP_LIMITS: 'off' })).toThrow(
        new ConfigError('OTP_LIMITS=off is for benchmarks only and is refused in production.'),
      );
    });

    it('shorten the code lifetime with TEST_OTP_TTL_SECONDS for tests, never in production', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).otpTtlSeconds).toBe(300);
      expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', TEST_OTP_TTL_SECONDS: '3' }).otpTtlSeconds).toBe(3);
      for (const bad of ['0', '301', '2.5', 'soon', '-1']) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), TEST_OTP_TTL_SECONDS: bad }), bad).toThrow(
          new ConfigError(`TEST_OTP_TTL_SECONDS must be a whole number from 1 to 300; got "${bad}".`),
        );
      }
      expect(() => loadConfig({ ...production(), SMS_PROVIDER: 'msg91', ...msg91, TEST_OTP_TTL_SECONDS: '3' })).toThrow(
        new ConfigError('TEST_OTP_TTL_SECONDS is for tests only and is refused in production.'),
      );
    });

    it('take a public host name for the WebOTP line', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), PUBLIC_HOST: 'Shop.QuickCart.in' }).publicHost).toBe(
        'shop.quickcart.in',
      );
      for (const bad of ['https://shop.quickcart.in', 'shop.quickcart.in:443', 'shop/x', 'a b']) {
        expect(() => loadConfig({ DATA_DIR: tempDir(), PUBLIC_HOST: bad }), bad).toThrow(
          /PUBLIC_HOST must be a host name/,
        );
      }
    });
  });

  describe('maps', () => {
    it('default to OpenStreetMap tiles and no Google key', () => {
      const config = loadConfig({ DATA_DIR: tempDir() });
      expect(config.googleMapsApiKey).toBeUndefined();
      expect(config.mapTiles.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
      expect(config.mapTiles.attribution).toContain('OpenStreetMap');
      expect(loadConfig({ DATA_DIR: tempDir(), GOOGLE_MAPS_API_KEY: 'k' }).googleMapsApiKey).toBe('k');
    });

    it('take a custom tile URL with its attribution, and refuse a bad one', () => {
      const custom = loadConfig({
        DATA_DIR: tempDir(),
        MAP_TILE_URL: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: '© Example',
      });
      expect(custom.mapTiles).toEqual({
        url: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png',
        attribution: '© Example',
      });
      expect(() =>
        loadConfig({
          DATA_DIR: tempDir(),
          MAP_TILE_URL: 'https://t.example.in/{z}/{x}.png',
          MAP_TILE_ATTRIBUTION: 'x',
        }),
      ).toThrow(/must contain \{z\}, \{x\} and \{y\}/);
      expect(() =>
        loadConfig({
          DATA_DIR: tempDir(),
          MAP_TILE_URL: 'ftp://t.example.in/{z}/{x}/{y}.png',
          MAP_TILE_ATTRIBUTION: 'x',
        }),
      ).toThrow(/must be an https:\/\/ URL/);
      expect(() => loadConfig({ DATA_DIR: tempDir(), MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png' })).toThrow(
        /MAP_TILE_ATTRIBUTION is required/,
      );
    });
  });

  describe('TRUST_PROXY', () => {
    const production = () => ({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(32),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'key',
      MSG91_TEMPLATE_ID: 'template',
      MSG91_SENDER_ID: 'QKCART',
      ...razorpay,
      ...vapid,
    });

    it('trusts no proxy by default outside production', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).trustProxy).toBe(false);
      expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).trustProxy).toBe(false);
    });

    it('trusts a reverse proxy on the same machine by default in production', () => {
      expect(loadConfig(production()).trustProxy).toEqual(['loopback']);
      expect(loadConfig({ ...production(), TRUST_PROXY: 'off' }).trustProxy).toBe(false);
    });

    it('takes addresses, CIDR networks and named ranges', () => {
      expect(
        loadConfig({ ...production(), TRUST_PROXY: '10.0.0.0/8, 192.0.2.7,2001:db8::/32 ,::1,uniquelocal' }).trustProxy,
      ).toEqual(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32', '::1', 'uniquelocal']);
      expect(loadConfig({ DATA_DIR: tempDir(), TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    });

    it('refuses to trust everyone, hop counts and what is not an address', () => {
      for (const everyone of ['on', 'true', '*']) {
        expect(() => loadConfig({ ...production(), TRUST_PROXY: everyone }), everyone).toThrow(
          /would believe any client's X-Forwarded-For/,
        );
      }
      expect(() => loadConfig({ ...production(), TRUST_PROXY: '1' })).toThrow(/looks like a hop count/);
      for (const bad of ['10.0.0.0/33', '2001:db8::/129', '10.0.0', 'proxy.internal', '10.0.0.0/8,', '1.2.3.4/8/1']) {
        expect(() => loadConfig({ ...production(), TRUST_PROXY: bad }), bad).toThrow(
          /^TRUST_PROXY must be off, or addresses and networks separated by commas/,
        );
      }
      expect(() => loadConfig({ ...production(), TRUST_PROXY: '10.0.0.1,bogus' })).toThrow(/not understood: "bogus"/);
    });
  });

  describe('metrics and load shedding', () => {
    it('has /metrics on with no token, and sheds on a second of event-loop delay or a nearly full heap', () => {
      const config = loadConfig({ DATA_DIR: tempDir() });
      expect(config.metrics).toEqual({ enabled: true, token: undefined });
      expect(config.shedding).toMatchObject({
        eventLoopDelayMs: 1000,
        eventLoopUtilization: null,
        rssBytes: null,
        retryAfterSeconds: 5,
      });
      expect(config.shedding.heapUsedBytes).toBeGreaterThan(64 * 1024 * 1024);
    });

    it('sheds nothing by default under NODE_ENV=test, unless told to', () => {
      const config = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' });
      expect(config.shedding).toMatchObject({
        eventLoopDelayMs: null,
        eventLoopUtilization: null,
        heapUsedBytes: null,
        rssBytes: null,
      });
      const told = loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test', SHED_EVENT_LOOP_DELAY_MS: '300' });
      expect(told.shedding.eventLoopDelayMs).toBe(300);
    });

    it('takes a metrics token and thresholds, and off for each threshold', () => {
      const config = loadConfig({
        DATA_DIR: tempDir(),
        METRICS: 'off',
        METRICS_TOKEN: 'a-token-of-sixteen+',
        SHED_EVENT_LOOP_DELAY_MS: '250',
        SHED_EVENT_LOOP_UTILIZATION: '0.95',
        SHED_HEAP_USED_MB: 'off',
        SHED_RSS_MB: '512',
      });
      expect(config.metrics).toEqual({ enabled: false, token: 'a-token-of-sixteen+' });
      expect(config.shedding).toMatchObject({
        eventLoopDelayMs: 250,
        eventLoopUtilization: 0.95,
        heapUsedBytes: null,
        rssBytes: 512 * 1024 * 1024,
      });
      expect(loadConfig({ DATA_DIR: tempDir(), SHED_EVENT_LOOP_DELAY_MS: 'off' }).shedding.eventLoopDelayMs).toBe(null);
      expect(loadConfig({ DATA_DIR: tempDir(), SHED_HEAP_USED_MB: '300' }).shedding.heapUsedBytes).toBe(
        300 * 1024 * 1024,
      );
    });

    it('refuses a weak metrics token and thresholds that are not numbers in range', () => {
      const DATA_DIR = tempDir();
      for (const token of ['short', 'has a space in it!!', 'x'.repeat(257)]) {
        expect(() => loadConfig({ DATA_DIR, METRICS_TOKEN: token }), token).toThrow(/^METRICS_TOKEN must be 16 to 256/);
      }
      expect(() => loadConfig({ DATA_DIR, METRICS: 'yes' })).toThrow(/METRICS must be on or off; got "yes"/);
      for (const delay of ['5', '1e3', '-1', 'fast', '60001']) {
        expect(() => loadConfig({ DATA_DIR, SHED_EVENT_LOOP_DELAY_MS: delay }), delay).toThrow(
          /^SHED_EVENT_LOOP_DELAY_MS must be off or a whole number from 10 to 60000/,
        );
      }
      for (const share of ['0', '1.5', '98%', 'high', '-0.5']) {
        expect(() => loadConfig({ DATA_DIR, SHED_EVENT_LOOP_UTILIZATION: share }), share).toThrow(
          /^SHED_EVENT_LOOP_UTILIZATION must be off or a share above 0 and at most 1/,
        );
      }
      expect(() => loadConfig({ DATA_DIR, SHED_HEAP_USED_MB: '8' })).toThrow(/^SHED_HEAP_USED_MB must be off or/);
      expect(() => loadConfig({ DATA_DIR, SHED_RSS_MB: '1.5' })).toThrow(/^SHED_RSS_MB must be off or/);
    });
  });

  describe('Web Push', () => {
    const production = () => ({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(32),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'key',
      MSG91_TEMPLATE_ID: 'template',
      MSG91_SENDER_ID: 'QKCART',
      ...razorpay,
    });

    it('generates a VAPID pair into DATA_DIR once outside production, and keeps it', () => {
      const dataDir = tempDir();
      const first = loadConfig({ DATA_DIR: dataDir }).push;
      expect(first).toMatchObject({ enabled: true, subject: 'mailto:push@quickcart.invalid' });
      expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
      expect(JSON.parse(readFileSync(path.join(dataDir, 'vapid.json'), 'utf8'))).toEqual({
        publicKey: first.publicKey,
        privateKey: first.privateKey,
      });
      expect(loadConfig({ DATA_DIR: dataDir }).push).toEqual(first);
    });

    it('requires the keys and a subject in production (or PUSH=off), and takes them from the environment', () => {
      expect(() => loadConfig(production())).toThrow(/Web Push needs VAPID keys in production/);
      expect(() => loadConfig({ ...production(), ...vapid, VAPID_SUBJECT: '' })).toThrow(
        new ConfigError('VAPID_SUBJECT is required in production.'),
      );
      expect(() => loadConfig({ ...production(), ...vapid, VAPID_SUBJECT: 'ops at quickcart' })).toThrow(
        /mailto: or https:/,
      );
      expect(() => loadConfig({ ...production(), VAPID_PUBLIC_KEY: vapid.VAPID_PUBLIC_KEY })).toThrow(/go together/);
      expect(loadConfig({ ...production(), ...vapid }).push).toEqual({
        enabled: true,
        publicKey: vapid.VAPID_PUBLIC_KEY,
        privateKey: vapid.VAPID_PRIVATE_KEY,
        subject: vapid.VAPID_SUBJECT,
      });
      expect(loadConfig({ ...production(), PUSH: 'off' }).push.enabled).toBe(false);
    });
  });

  describe('payments', () => {
    const production = () => ({
      NODE_ENV: 'production',
      DATA_DIR: tempDir(),
      JWT_SECRET: 'x'.repeat(32),
      SMS_PROVIDER: 'msg91',
      MSG91_AUTH_KEY: 'key',
      MSG91_TEMPLATE_ID: 'template',
      MSG91_SENDER_ID: 'QKCART',
      ...vapid,
    });

    it('default to the local gateway holding stock 15 minutes outside production', () => {
      expect(loadConfig({ DATA_DIR: tempDir() }).payments).toEqual({ provider: 'local', holdMinutes: 15 });
      expect(loadConfig({ DATA_DIR: tempDir(), NODE_ENV: 'test' }).payments).toEqual({
        provider: 'local',
        holdMinutes: 15,
      });
      expect(loadConfig({ DATA_DIR: tempDir(), PAYMENT_HOLD_MINUTES: '30' }).payments).toEqual({
        provider: 'local',
        holdMinutes: 30,
      });
    });

    it('take Razorpay with its three keys, and turn online payment off', () => {
      expect(loadConfig({ DATA_DIR: tempDir(), PAYMENT_PROVIDER: 'razorpay', ...razorpay }).payments).toEqual({
        provider: 'razorpay',
        holdMinutes: 15,
        keyId: 'rzp_test_1DP5mmOlF5G5ag',
        keySecret: 'thisissecretkeyXYZ12345',
        webhookSecret: 'webhook-secret-from-the-dashboard',
      });
      const live = { ...razorpay, RAZORPAY_KEY_ID: 'rzp_live_ILgsfZCZoFIKMb', PAYMENT_HOLD_MINUTES: '5' };
      expect(loadConfig({ ...production(), ...live }).payments).toMatchObject({
        provider: 'razorpay',
        keyId: 'rzp_live_ILgsfZCZoFIKMb',
        holdMinutes: 5,
      });
      expect(loadConfig({ DATA_DIR: tempDir(), PAYMENT_PROVIDER: 'off' }).payments).toEqual({ provider: 'off' });
      expect(loadConfig({ ...production(), PAYMENT_PROVIDER: 'off' }).payments).toEqual({ provider: 'off' });
    });

    it('refuse the local gateway in production and require the Razorpay keys there', () => {
      expect(() => loadConfig({ ...production(), PAYMENT_PROVIDER: 'local' })).toThrow(
        /^PAYMENT_PROVIDER=local is a pretend gateway for development and tests and is refused in production/,
      );
      expect(() => loadConfig(production())).toThrow(
        new ConfigError(
          'Online payment in production takes Razorpay: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET ' +
            '(Razorpay Dashboard → Account & Settings → API Keys and Webhooks), or PAYMENT_PROVIDER=off for cash on delivery only.',
        ),
      );
      const { RAZORPAY_WEBHOOK_SECRET: _webhook, ...withoutWebhook } = razorpay;
      expect(() => loadConfig({ ...production(), ...withoutWebhook })).toThrow(/set RAZORPAY_WEBHOOK_SECRET \(/);
    });

    it('say what Razorpay is missing or what is wrong, never quoting a secret', () => {
      const DATA_DIR = tempDir();
      expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'razorpay' })).toThrow(
        new ConfigError(
          'PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET.',
        ),
      );
      expect(() =>
        loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'razorpay', ...razorpay, RAZORPAY_KEY_SECRET: '' }),
      ).toThrow(new ConfigError('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_SECRET.'));
      for (const keyId of [
        '1DP5mmOlF5G5ag',
        'rzp_1DP5mmOlF5G5ag',
        'rzp_prod_1DP5mmOlF5G5ag',
        'rzp_test_',
        'rzp_test_a-b',
      ]) {
        expect(
          () => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'razorpay', ...razorpay, RAZORPAY_KEY_ID: keyId }),
          keyId,
        ).toThrow(`RAZORPAY_KEY_ID must be a Razorpay key id such as rzp_test_… or rzp_live_…`);
      }
      for (const [name, bad] of [
        ['RAZORPAY_KEY_SECRET', 'short'],
        ['RAZORPAY_KEY_SECRET', 'has a space in it'],
        ['RAZORPAY_WEBHOOK_SECRET', 'x'.repeat(257)],
      ] as const) {
        let message = '';
        try {
          loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'razorpay', ...razorpay, [name]: bad });
        } catch (error) {
          expect(error).toBeInstanceOf(ConfigError);
          message = (error as Error).message;
        }
        expect(message).toBe(`${name} must be 8 to 256 visible ASCII characters (no spaces); check what was pasted.`);
        expect(message).not.toContain(bad);
      }
      expect(() => loadConfig({ DATA_DIR, PAYMENT_PROVIDER: 'stripe' })).toThrow(
        new ConfigError('PAYMENT_PROVIDER must be local, razorpay or off; got "stripe".'),
      );
      for (const minutes of ['4', '61', '10.5', 'soon']) {
        expect(() => loadConfig({ DATA_DIR, PAYMENT_HOLD_MINUTES: minutes }), minutes).toThrow(
          new ConfigError(`PAYMENT_HOLD_MINUTES must be a whole number from 5 to 60; got "${minutes}".`),
        );
      }
    });
  });
});
