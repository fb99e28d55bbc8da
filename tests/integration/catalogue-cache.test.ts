import { brotliDecompressSync } from 'node:zlib';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { createTestApp } from '../setup/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheMs: 300 });
});
afterAll(() => ctx.close());

const setPrice = (id: number, paise: number) =>
  ctx.database.db.execute(
    sql`update products set price_paise = ${paise}, mrp_paise = greatest(mrp_paise, ${paise}) where id = ${id}`,
  );
const priceOf = async (id: number) =>
  (await ctx.app.inject(`/api/product/public/${id}`)).json<{ price: number }>().price;

describe('the catalogue micro-cache', () => {
  it('reuses an answer for a moment, then asks the database again', async () => {
    // The test holds the clock: on a loaded machine the moment must not pass between two reads.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    try {
      const before = await priceOf(2);
      await setPrice(2, 1234);
      vi.setSystemTime(Date.now() + 299);
      expect(await priceOf(2)).toBe(before);
      vi.setSystemTime(Date.now() + 2);
      expect(await priceOf(2)).toBe(12.34);
    } finally {
      vi.useRealTimers();
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

  it('is off under NODE_ENV=test unless asked for', async () => {
    const plain = await createTestApp();
    try {
      expect(plain.config.catalogueCacheMs).toBe(0);
      await plain.app.inject('/api/product/public/4');
      expect(plain.app.catalogueCache.size).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
