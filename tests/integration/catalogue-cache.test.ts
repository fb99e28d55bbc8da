import { brotliDecompressSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { KEEP_UNCHANGED_MS, SERVE_STALE_FOR_MS } from '../../server/plugins/catalogue-cache';
import { createTestApp } from '../setup/test-app';
import { announced } from '../support/catalogue-changes';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheMs: 300 });
});
afterAll(() => ctx.close());

const changes = () => ctx.app.catalogueCache.changes!;

const setPrice = (id: number, paise: number) =>
  announced(changes(), 'products', () =>
    ctx.database.db.execute(
      sql`update products set price_paise = ${paise}, mrp_paise = greatest(mrp_paise, ${paise}) where id = ${id}`,
    ),
  );
/**
 * Holds an exclusive lock on products in a transaction (after `alsoRun` in it), so that reads of
 * products wait behind it on both engines; resolves once the lock is held. `release()` commits,
 * and `done` settles with the transaction.
 */
async function holdProductsLock(
  alsoRun?: (tx: Parameters<Parameters<typeof ctx.database.db.transaction>[0]>[0]) => Promise<unknown>,
) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const done = ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table products in access exclusive mode`);
    await alsoRun?.(tx);
    locked();
    await released;
  });
  await Promise.race([isLocked, done]);
  return { release, done };
}

const priceOf = async (id: number) =>
  (await ctx.app.inject(`/api/product/public/${id}`)).json<{ price: number }>().price;

describe('the catalogue micro-cache', () => {
  it('reuses an answer for a moment, then once more while a refresh asks the database', async () => {
    // The test holds the clock: on a loaded machine the moment must not pass between two reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const before = await priceOf(2);
      await setPrice(2, 1234);
      vi.setSystemTime(Date.now() + 299);
      expect(await priceOf(2)).toBe(before);
      // Expired: answered from memory while a refresh asks the database, then the new price.
      vi.setSystemTime(Date.now() + 2);
      expect(await priceOf(2)).toBe(before);
      await ctx.app.catalogueCache.settled();
      expect(await priceOf(2)).toBe(12.34);
      // Past the minute browsers may keep an answer, nothing that old is served: the request
      // waits for the database.
      await setPrice(2, 2345);
      vi.setSystemTime(Date.now() + SERVE_STALE_FOR_MS);
      expect(await priceOf(2)).toBe(23.45);
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks the database once for a burst of requests for the same URL', async () => {
    ctx.app.catalogueCache.clear();
    const session = ctx.database.db._.session;
    const statements = vi.spyOn(session, 'prepareQuery');
    try {
      // What one answer costs, read on another product (its statement prepared already).
      await ctx.app.inject('/api/product/public/7');
      const one = statements.mock.calls.length;
      expect(one).toBeGreaterThan(0);
      statements.mockClear();
      const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.app.inject('/api/product/public/5')));
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(statements).toHaveBeenCalledTimes(one);
    } finally {
      statements.mockRestore();
    }
  });

  it('keeps no answer that was being computed when clear() came', async () => {
    ctx.app.catalogueCache.clear();
    const { release, done: holder } = await holdProductsLock();
    const url = '/api/product/public/6';
    const first = ctx.app.inject(url);
    await new Promise((resolve) => setTimeout(resolve, 100));
    ctx.app.catalogueCache.clear();
    const second = ctx.app.inject(url);
    release();
    await holder;
    expect((await first).statusCode).toBe(200);
    expect((await second).statusCode).toBe(200);
    // The first began before clear(), so it was not kept; the second waited for it, then read
    // for itself (its answer is not kept either: only the request that computes a URL keeps it).
    expect(ctx.app.catalogueCache.size).toBe(0);
    expect((await ctx.app.inject(url)).statusCode).toBe(200);
    expect(ctx.app.catalogueCache.size).toBe(1);
  });

  it('says how old an answer from memory is, and starts no refresh while the server sheds load', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      ctx.app.catalogueCache.clear();
      const before = await priceOf(9);
      await setPrice(9, 3456);
      vi.setSystemTime(Date.now() + 5_000);
      ctx.app.pressure.simulate(['test']);
      try {
        const stale = await ctx.app.inject('/api/product/public/9');
        expect(stale.statusCode).toBe(200);
        expect(stale.json().price).toBe(before);
        expect(stale.headers.age).toBe('5');
        await ctx.app.catalogueCache.settled();
        expect((await ctx.app.inject('/api/product/public/9')).json().price).toBe(before);
      } finally {
        ctx.app.pressure.simulate(null);
      }
      // Load gone: the next request starts the refresh, and the one after it has the new price.
      expect(await priceOf(9)).toBe(before);
      await ctx.app.catalogueCache.settled();
      expect(await priceOf(9)).toBe(34.56);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refreshes the URL a shopper sent, as sent: a trailing ? or quotes never leave a request waiting', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const origin = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const path of ['/api/product/public/10?', `/api/product/public?q="milk"`]) {
        const get = () => fetch(origin + path, { signal: AbortSignal.timeout(5_000) });
        ctx.app.catalogueCache.clear();
        expect((await get()).status).toBe(200);
        // Expired (kept while unchanged, then no longer): answered from memory while a refresh (an
        // internal request) computes it again.
        vi.setSystemTime(Date.now() + KEEP_UNCHANGED_MS + 1);
        expect((await get()).status).toBe(200);
        await ctx.app.catalogueCache.settled();
        // After a clear() the next request computes the answer itself; it must not wait for a
        // refresh that was kept under another URL.
        ctx.app.catalogueCache.clear();
        vi.setSystemTime(Date.now() + SERVE_STALE_FOR_MS);
        expect((await get()).status).toBe(200);
      }
    } finally {
      vi.useRealTimers();
      await ctx.app.server.close();
    }
  });

  it('is emptied by clear() after a write in this process', async () => {
    expect(await priceOf(3)).not.toBe(45.67);
    await setPrice(3, 4567);
    ctx.app.catalogueCache.clear();
    expect(await priceOf(3)).toBe(45.67);
  });

  it('keeps each URL apart and compresses a cached answer like a fresh one', async () => {
    const url = '/api/product/public?category=munchies&sort=price-asc';
    const fresh = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    const hit = await ctx.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(hit.headers['content-encoding']).toBe('br');
    expect(hit.headers['cache-control']).toBe(fresh.headers['cache-control']);
    expect(hit.headers['content-type']).toMatch(/application\/json/);
    expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(brotliDecompressSync(fresh.rawPayload).toString());
    const other = await ctx.app.inject('/api/product/public?category=munchies&sort=price-desc');
    expect(other.json().data[0].id).not.toBe(JSON.parse(brotliDecompressSync(hit.rawPayload).toString()).data[0].id);
  });

  it('never keeps an error', async () => {
    expect((await ctx.app.inject('/api/product/public/99999')).statusCode).toBe(404);
    const size = ctx.app.catalogueCache.size;
    expect((await ctx.app.inject('/api/product/public/99999')).statusCode).toBe(404);
    expect(ctx.app.catalogueCache.size).toBe(size);
  });

  it('keeps an answer while the database announces no change, and refreshes it within the TTL after one', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const session = ctx.database.db._.session;
    const statements = vi.spyOn(session, 'prepareQuery');
    try {
      ctx.app.catalogueCache.clear();
      expect(changes().watching()).toBe(true);
      const before = await priceOf(11);
      // Well past the TTL, nothing changed: answered from memory, and no refresh asks the database.
      vi.setSystemTime(Date.now() + KEEP_UNCHANGED_MS - 1);
      statements.mockClear();
      expect(await priceOf(11)).toBe(before);
      await ctx.app.catalogueCache.settled();
      expect(statements).not.toHaveBeenCalled();
      // A write on another connection (PostgreSQL) or the same one (PGlite), announced at commit:
      // the answer is older than the TTL, so the next request starts a refresh.
      await setPrice(11, 1111);
      expect(await priceOf(11)).toBe(before);
      await ctx.app.catalogueCache.settled();
      expect(statements).toHaveBeenCalled();
      expect(await priceOf(11)).toBe(11.11);
      // Kept unchanged for KEEP_UNCHANGED_MS at most, whatever was announced.
      statements.mockClear();
      vi.setSystemTime(Date.now() + KEEP_UNCHANGED_MS + 1);
      await priceOf(11);
      await ctx.app.catalogueCache.settled();
      expect(statements).toHaveBeenCalled();
    } finally {
      statements.mockRestore();
      vi.useRealTimers();
    }
  });

  it('keeps a new answer only for the TTL after a change, however often stock moves', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      ctx.app.catalogueCache.clear();
      const before = await priceOf(12);
      await setPrice(12, 1212);
      // Computed before the change was heard: the TTL applies (300 ms here).
      vi.setSystemTime(Date.now() + 299);
      expect(await priceOf(12)).toBe(before);
      vi.setSystemTime(Date.now() + 2);
      expect(await priceOf(12)).toBe(before);
      await ctx.app.catalogueCache.settled();
      expect(await priceOf(12)).toBe(12.12);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an answer only for the TTL when a change was heard while it was read', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const url = '/api/product/public/14';
    try {
      ctx.app.catalogueCache.clear();
      // The read waits behind this transaction, which announces a change to products when it
      // commits: the answer is computed while the change is heard.
      let lock!: Awaited<ReturnType<typeof holdProductsLock>>;
      const holder = announced(changes(), 'products', async () => {
        lock = await holdProductsLock((tx) => tx.execute(sql`update products set name = name where id = 14`));
        await lock.done;
      });
      await vi.waitFor(() => expect(lock).toBeDefined());
      const release = () => lock.release();
      const answer = ctx.app.inject(url);
      await new Promise((resolve) => setTimeout(resolve, 100));
      release();
      await holder;
      expect((await answer).statusCode).toBe(200);
      await ctx.app.catalogueCache.settled();
      // Past the TTL: not current, so the next request starts a refresh.
      const statements = vi.spyOn(ctx.database.db._.session, 'prepareQuery');
      try {
        vi.setSystemTime(Date.now() + 301);
        expect((await ctx.app.inject(url)).statusCode).toBe(200);
        await ctx.app.catalogueCache.settled();
        expect(statements).toHaveBeenCalled();
      } finally {
        statements.mockRestore();
      }
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads the stores again once one changes, in any process', async () => {
    const first = await ctx.app.delivery.stores();
    const store = first[0]!;
    const rename = (name: string) =>
      announced(changes(), 'stores', () =>
        ctx.database.db.execute(sql`update stores set name = ${name} where id = ${store.id}`),
      );
    expect(await ctx.app.delivery.stores()).toBe(first);
    try {
      await rename(`${store.name} (renamed)`);
      expect((await ctx.app.delivery.stores()).find((s) => s.id === store.id)?.name).toBe(`${store.name} (renamed)`);
    } finally {
      await rename(store.name);
    }
  });

  it('falls back on the TTL while it cannot hear the database', async () => {
    const app = await createTestApp({ catalogueCacheMs: 300 });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const feed = app.app.catalogueCache.changes!;
      await app.app.inject('/api/product/public/13');
      expect(feed.watching()).toBe(true);
      await feed.close();
      expect(feed.watching()).toBe(false);
      const statements = vi.spyOn(app.database.db._.session, 'prepareQuery');
      try {
        vi.setSystemTime(Date.now() + 301);
        await app.app.inject('/api/product/public/13');
        await app.app.catalogueCache.settled();
        expect(statements).toHaveBeenCalled();
      } finally {
        statements.mockRestore();
      }
    } finally {
      vi.useRealTimers();
      await app.close();
    }
  });

  it('is off under NODE_ENV=test unless asked for', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.catalogueCacheMs).toBe(0);
      await plain.app.inject('/api/product/public/4');
      expect(plain.app.catalogueCache.size).toBe(0);
      expect(plain.app.catalogueCache.changes).toBeUndefined();
    } finally {
      await plain.close();
    }
  });
});
