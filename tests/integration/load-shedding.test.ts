/**
 * Load shedding (decision 023): under pressure, /api calls get 503 with Retry-After at once while
 * pages, static files and /healthz are still served, and /readyz takes the process out of rotation.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { loadConfig, type SheddingConfig } from '../../server/config';
import { BUSY_MESSAGE } from '../../server/plugins/pressure';
import { createTestApp } from '../setup/test-app';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;

let root = '';
let distDir = '';
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-shedding-'));
  distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>QuickCart shell</title><div id="root"></div>');
  writeFileSync(path.join(distDir, 'assets', 'index-C.css'), 'body{margin:0}');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const page = (ctx: Ctx, url: string) => ctx.app.inject({ url, headers: { accept: 'text/html' } });

function expectShed(res: Awaited<ReturnType<Ctx['app']['inject']>>) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('5');
  expect(res.headers['x-request-id']).toBeTruthy();
  expect(res.json()).toEqual({ success: false, code: 'SERVER_BUSY', message: BUSY_MESSAGE });
}

/** Keeps this thread, which is also the server's, busy for `ms`. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // Busy on purpose.
  }
}

describe('with the thresholds of development and production', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    const { shedding } = loadConfig({ NODE_ENV: 'development', DATA_DIR: root });
    ctx = await createTestApp({ distDir, shedding });
  });
  afterAll(() => ctx.close());

  it('is off in a normal run: a second of delay and 90 % of the heap are far from a test', async () => {
    expect(ctx.config.shedding.eventLoopDelayMs).toBe(1000);
    expect(ctx.config.shedding.heapUsedBytes).toBeGreaterThan(0);
    expect(ctx.app.pressure.underPressure()).toBe(false);
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).json()).toEqual({
      status: 'ready',
      database: ctx.app.database.kind,
    });
  });

  it('sheds API calls only, while the process reads as under pressure', async () => {
    ctx.app.pressure.simulate(['event-loop delay 1500 ms is over 1000 ms']);
    try {
      expectShed(await ctx.app.inject({ url: '/api/product/public/1' }));
      expectShed(await ctx.app.inject({ method: 'POST', url: '/api/customer/public', payload: {} }));
      expectShed(await ctx.app.inject({ url: '/api/no/such/route' }));
      expectShed(await ctx.app.inject({ url: '/api' }));

      const shell = await page(ctx, '/products/1');
      expect(shell.statusCode).toBe(200);
      expect(shell.body).toContain('QuickCart shell');
      expect((await ctx.app.inject({ url: '/assets/index-C.css' })).statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/healthz' })).statusCode).toBe(200);
      // Not the API, even if it starts like it: the page (a category that does not exist), not a 503.
      const notApi = await page(ctx, '/apis');
      expect(notApi.statusCode).toBe(404);
      expect(notApi.body).toContain('QuickCart shell');

      const ready = await ctx.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: 'unavailable',
        database: ctx.app.database.kind,
        message: 'The server is under pressure: event-loop delay 1500 ms is over 1000 ms',
      });

      const metrics = (await ctx.app.inject({ url: '/metrics' })).body;
      expect(metrics).toMatch(/^load_shedding_active 1$/m);
      expect(metrics).toMatch(/^load_shed_requests_total 4$/m);
    } finally {
      ctx.app.pressure.simulate(null);
    }
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});

describe('a blocked event loop', () => {
  let ctx: Ctx;
  const shedding: SheddingConfig = {
    eventLoopDelayMs: 200,
    eventLoopUtilization: null,
    heapUsedBytes: null,
    rssBytes: null,
    sampleIntervalMs: 1000,
    retryAfterSeconds: 5,
  };
  beforeAll(async () => {
    ctx = await createTestApp({ distDir, shedding });
  });
  afterAll(() => ctx.close());

  it('does not shed for a single stall: it is over before shedding could help', async () => {
    await new Promise((resolve) => setTimeout(resolve, 1100));
    blockEventLoop(600);
    await vi.waitFor(() => expect(ctx.app.pressure.current().eventLoopDelayMs).toBeGreaterThan(200), {
      timeout: 1000,
      interval: 5,
    });
    expect(ctx.app.pressure.underPressure()).toBe(false);
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
    // A quiet second: the next stall is a single one again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
  });

  it('sheds API calls while the loop stays late, until a sample reads normal again; pages are served', async () => {
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
    // Two stalls with a tick between them: two readings in a row over the threshold.
    blockEventLoop(600);
    await new Promise((resolve) => setTimeout(resolve, 40));
    blockEventLoop(600);
    // The monitor's first tick after the stall reads it; the reading holds for a sample (1 s).
    await vi.waitFor(() => expect(ctx.app.pressure.underPressure()).toBe(true), { timeout: 1000, interval: 5 });
    const [api, shell, ready] = await Promise.all([
      ctx.app.inject({ url: '/api/product/public/1' }),
      page(ctx, '/'),
      ctx.app.inject({ url: '/readyz' }),
    ]);
    expectShed(api);
    expect(shell.statusCode).toBe(200);
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toMatch(/^The server is under pressure: event-loop delay \d+ ms is over 200 ms$/);

    // The next sample finds a quiet loop and the API is back.
    await vi.waitFor(() => expect(ctx.app.pressure.underPressure()).toBe(false), { timeout: 4000, interval: 20 });
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
  });
});

describe('memory', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({
      distDir,
      shedding: {
        eventLoopDelayMs: null,
        eventLoopUtilization: null,
        // Any process uses more than one byte of heap.
        heapUsedBytes: 1,
        rssBytes: null,
        sampleIntervalMs: 50,
        retryAfterSeconds: 7,
      },
    });
  });
  afterAll(() => ctx.close());

  it('over the heap threshold sheds API calls with the configured Retry-After', async () => {
    await vi.waitFor(() => expect(ctx.app.pressure.underPressure()).toBe(true), { timeout: 2000, interval: 10 });
    const res = await ctx.app.inject({ url: '/api/category/public' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('7');
    expect(ctx.app.pressure.current().reasons[0]).toMatch(/^heap in use \d+ MB is over 0 MB$/);
    expect((await page(ctx, '/products/1')).statusCode).toBe(200);
  });
});

describe('with the catalogue read cache on', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({ distDir, catalogueCacheMs: 60_000 });
  });
  afterAll(() => ctx.close());

  it('still serves an answer the cache holds (it costs less than the 503) and sheds the rest', async () => {
    expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
    ctx.app.pressure.simulate(['event-loop delay 1500 ms is over 1000 ms']);
    try {
      expect((await ctx.app.inject({ url: '/api/product/public/1' })).statusCode).toBe(200);
      expectShed(await ctx.app.inject({ url: '/api/product/public/2' }));
    } finally {
      ctx.app.pressure.simulate(null);
    }
  });
});
