/**
 * GET /metrics (decision 023): Prometheus text that parses, counters that move with the requests
 * they count, route labels that are patterns, and who may read it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addresses, products } from '../../server/db/schema';
import { SmsError } from '../../server/sms/types';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory, requestOtp, signIn } from './auth-helpers';
import { setStock } from '../support/stock';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('93');

/** One sample line: `name{a="1",b="2"} value`. */
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (\S+)$/;

/**
 * The exposition as series → value, checking every line on the way: comments are HELP or TYPE,
 * every sample parses, and every sampled metric has a TYPE line before it.
 */
function parseExposition(text: string): { types: Map<string, string>; samples: Map<string, number> } {
  const types = new Map<string, string>();
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    if (/^# HELP \S+ /.test(line)) continue;
    const sample = SAMPLE.exec(line);
    expect(sample, `not a Prometheus sample line: ${line}`).not.toBeNull();
    const [, name, labels = '', value] = sample!;
    const family = [...types.keys()].find((typed) => name === typed || name!.startsWith(`${typed}_`));
    expect(family, `no # TYPE before ${name}`).toBeDefined();
    // Go's ParseFloat, which Prometheus parses with, takes NaN and Inf in any case (prom-client writes Nan).
    expect(/^(nan|[+-]?inf)$/i.test(value!) || Number.isFinite(Number(value)), line).toBe(true);
    samples.set(`${name}${labels}`, Number(value));
  }
  return { types, samples };
}

async function scrape(ctx: Ctx) {
  const res = await ctx.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(res.headers['cache-control']).toBe('no-store');
  return parseExposition(res.body);
}

const value = (samples: Map<string, number>, series: string) => samples.get(series) ?? 0;

describe('GET /metrics outside production', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('is Prometheus text with the process, database and renderer figures', async () => {
    // The jobs started when the app became ready (the payments sweep) query the database first;
    // PGlite answers from its own thread (decision 041), so they may still be under way here.
    if (ctx.app.database.kind === 'pglite') await expect.poll(() => ctx.app.database.stats().idle).toBe(1);
    const { types, samples } = await scrape(ctx);
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('http_server_errors_total')).toBe('counter');
    expect(types.get('nodejs_eventloop_lag_p99_seconds')).toBe('gauge');
    expect(types.get('process_resident_memory_bytes')).toBe('gauge');
    expect(types.get('page_renders_in_flight')).toBe('gauge');
    expect(types.get('load_shedding_active')).toBe('gauge');
    expect(types.get('orders_placed_total')).toBe('counter');
    expect(types.get('otp_sms_sent_total')).toBe('counter');
    if (ctx.app.database.kind === 'pglite') {
      // PGlite is one connection, idle between requests.
      expect(samples.get('db_pool_connections{state="total"}')).toBe(1);
      expect(samples.get('db_pool_connections{state="idle"}')).toBe(1);
    } else {
      // A pg pool opens connections on demand and closes idle ones. The app's own jobs (the
      // payments sweep, the photo clean-up) may hold some at start; once they are done, all the
      // pool has are idle.
      expect(samples.get('db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(0);
      await expect
        .poll(async () => {
          const now = (await scrape(ctx)).samples;
          return now.get('db_pool_connections{state="idle"}') === now.get('db_pool_connections{state="total"}');
        })
        .toBe(true);
    }
    expect(samples.get('db_pool_waiting')).toBe(0);
    expect(samples.get('load_shedding_active')).toBe(0);
  });

  it('counts requests by route pattern, never by the raw URL, and leaves itself out', async () => {
    const series = 'http_requests_total{method="GET",route="/api/product/public/:id",status_class="2xx"}';
    const before = (await scrape(ctx)).samples;
    for (const id of [1, 2, 3]) {
      expect((await ctx.app.inject({ url: `/api/product/public/${id}` })).statusCode).toBe(200);
    }
    expect((await ctx.app.inject({ url: '/api/product/public/999999' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/no/such/thing' })).statusCode).toBe(404);
    const res = await ctx.app.inject({ url: '/metrics' });
    const after = parseExposition(res.body).samples;

    expect(value(after, series) - value(before, series)).toBe(3);
    const notFound = 'http_requests_total{method="GET",route="/api/product/public/:id",status_class="4xx"}';
    expect(value(after, notFound) - value(before, notFound)).toBe(1);
    const noRoute = 'http_requests_total{method="GET",route="(no route)",status_class="4xx"}';
    expect(value(after, noRoute) - value(before, noRoute)).toBe(1);
    const count = 'http_request_duration_seconds_count{method="GET",route="/api/product/public/:id"}';
    expect(value(after, count) - value(before, count)).toBe(4);
    expect(
      after.has('http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/product/public/:id"}'),
    ).toBe(true);
    expect(res.body).not.toMatch(/route="\/api\/product\/public\/\d/);
    expect(res.body).not.toContain('/api/no/such/thing');
    expect(res.body).not.toContain('route="/metrics"');
  });

  it('counts one-time codes sent and not sent, and orders placed but not their replays', async () => {
    const sent = 'otp_sms_sent_total{provider="outbox"}';
    const failed = 'otp_sms_failed_total{provider="outbox",reason="unavailable"}';
    const placed = 'orders_placed_total{payment_method="cod"}';
    const before = (await scrape(ctx)).samples;

    const shopper = await signIn(ctx, nextNumber(), '198.51.100.30');
    const send = ctx.app.sms.send;
    ctx.app.sms.send = () => Promise.reject(new SmsError('unavailable', 'the provider did not answer'));
    try {
      expect((await requestOtp(ctx.app, nextNumber(), '198.51.100.31')).statusCode).toBe(503);
    } finally {
      ctx.app.sms.send = send;
    }

    const [address] = await ctx.database.db
      .insert(addresses)
      .values({
        customerId: shopper.customerId,
        tag: 'Home',
        locality: 'Hill Road, Bandra West',
        buildingName: 'Flat 4, Sea View',
        name: 'Asha',
        city: 'Mumbai',
        latitude: 19.06,
        longitude: 72.83,
        pincode: '400050',
      })
      .returning({ id: addresses.id });
    const [product] = await ctx.database.db.select().from(products).where(eq(products.id, 1));
    await setStock(ctx.database.db, 1, 50);
    const order = () =>
      ctx.app.inject(
        json(
          'POST',
          '/api/order',
          { addressId: address!.id, items: [{ productId: 1, quantity: 1, price: product!.pricePaise / 100 }] },
          { headers: { authorization: `Bearer ${shopper.token}`, 'idempotency-key': 'metrics-test-order-1' } },
        ),
      );
    expect((await order()).statusCode).toBe(201);
    expect((await order()).statusCode).toBe(200);

    const after = (await scrape(ctx)).samples;
    expect(value(after, sent) - value(before, sent)).toBe(1);
    expect(value(after, failed) - value(before, failed)).toBe(1);
    expect(value(after, placed) - value(before, placed)).toBe(1);
  });

  it('counts 5xx answers as errors by route', async () => {
    const series = 'http_server_errors_total{route="/api/customer/public",status="503"}';
    const before = (await scrape(ctx)).samples;
    const send = ctx.app.sms.send;
    ctx.app.sms.send = () => Promise.reject(new SmsError('unavailable', 'the provider did not answer'));
    try {
      expect((await requestOtp(ctx.app, nextNumber(), '198.51.100.32')).statusCode).toBe(503);
    } finally {
      ctx.app.sms.send = send;
    }
    expect(value((await scrape(ctx)).samples, series) - value(before, series)).toBe(1);
  });

  it('is not in the API document', async () => {
    const spec = (await ctx.app.inject({ url: '/api/docs/json' })).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(spec.paths)).not.toContain('/metrics');
  });
});

describe('who may read /metrics', () => {
  const production = { env: 'production' as const, sms: { provider: 'outbox' as const } };
  const token = 'scrape-token-0123456789abcdef';
  let apps: Ctx[] = [];
  const open = async (...args: Parameters<typeof createTestApp>) => {
    const ctx = await createTestApp(...args);
    apps.push(ctx);
    return ctx;
  };
  afterAll(async () => {
    await Promise.all(apps.map((ctx) => ctx.close()));
    apps = [];
  });

  it('is absent in production without a token, for a browser too (not the shell)', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'storefront-metrics-prod-'));
    mkdirSync(path.join(root, 'dist'));
    writeFileSync(path.join(root, 'dist', 'index.html'), '<!doctype html><title>Shell</title>');
    try {
      const ctx = await open({
        ...production,
        distDir: path.join(root, 'dist'),
        metrics: { enabled: true, token: undefined },
      });
      for (const accept of ['text/plain', 'text/html', '*/*']) {
        const res = await ctx.app.inject({ url: '/metrics', headers: { accept } });
        expect(res.statusCode, accept).toBe(404);
        expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
      }
      const shell = await ctx.app.inject({ url: '/metricsx', headers: { accept: 'text/html' } });
      expect(shell.body).toContain('<title>Shell</title>');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('asks for the token when one is set, in production or not', async () => {
    for (const overrides of [production, {}]) {
      const ctx = await open({ ...overrides, metrics: { enabled: true, token } });
      for (const authorization of [undefined, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, token, 'Basic abc']) {
        const res = await ctx.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.json()).toEqual({
          success: false,
          code: 'UNAUTHENTICATED',
          message: 'Metrics need the token set in METRICS_TOKEN',
        });
      }
      const res = await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('# TYPE http_requests_total counter');
    }
  });

  it('is absent with METRICS=off', async () => {
    const ctx = await open({ metrics: { enabled: false, token } });
    expect((await ctx.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(
      404,
    );
  });
});

describe('the page renderer in /metrics', () => {
  let ctx: Ctx;
  let base = '';
  let root = '';
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'storefront-metrics-'));
    const distDir = path.join(root, 'dist');
    mkdirSync(path.join(distDir, 'assets'), { recursive: true });
    mkdirSync(path.join(root, 'dist-server'));
    writeFileSync(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head><title>Shell</title></head><body><div id="root"></div><noscript>JS</noscript></body></html>',
    );
    writeFileSync(
      path.join(root, 'dist-server', 'ssr.js'),
      `export async function renderPage(url) { return { html: '<main id="main">' + url + '</main>', title: null, data: '[]' }; }`,
    );
    ctx = await createTestApp({ distDir });
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('shows its capacity and the renders under way once it has started', async () => {
    expect((await scrape(ctx)).samples.get('page_render_capacity')).toBe(0);
    const res = await fetch(new URL('/about', base), { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('<main id="main">/about</main>');
    const { samples } = await scrape(ctx);
    expect(samples.get('page_render_capacity')).toBe(8);
    expect(samples.get('page_renders_in_flight')).toBe(0);
    expect(samples.get('page_render_visitors_waiting')).toBe(0);
    expect(samples.get('page_renders_refused_busy_total')).toBe(0);
  });
});
