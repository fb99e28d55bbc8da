import type * as Zlib from 'node:zlib';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { COMPRESS_FROM_BYTES } from '../../server/plugins/catalogue-cache';
import { createTestApp } from '../setup/test-app';

// The server's own compression calls are counted (@fastify/compress's are its own and are not).
const zlib = vi.hoisted(() => ({ brotli: 0, gzip: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const actual = await importOriginal<typeof Zlib>();
  return {
    ...actual,
    brotliCompressSync: (...args: Parameters<typeof actual.brotliCompressSync>) => {
      zlib.brotli++;
      return actual.brotliCompressSync(...args);
    },
    gzipSync: (...args: Parameters<typeof actual.gzipSync>) => {
      zlib.gzip++;
      return actual.gzipSync(...args);
    },
  };
});

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp({ catalogueCacheMs: 60_000 });
});
afterAll(() => ctx.close());

const BROWSER = 'gzip, deflate, br, zstd';

describe('catalogue answers from memory (decision 054)', () => {
  it('go out compressed as each browser asks, each coding made once while the answer is kept', async () => {
    const url = '/api/product/public?category=dairy-breakfast&sort=price-desc';
    const fresh = await ctx.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
    expect(fresh.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(fresh.rawPayload).toString();
    expect(Buffer.byteLength(body)).toBeGreaterThanOrEqual(COMPRESS_FROM_BYTES);

    zlib.brotli = 0;
    zlib.gzip = 0;
    const hits = [];
    for (let i = 0; i < 5; i++) hits.push(await ctx.app.inject({ url, headers: { 'accept-encoding': BROWSER } }));
    for (const hit of hits) {
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.headers.vary).toMatch(/accept-encoding/i);
      expect(hit.headers.age).toBeDefined();
      expect(Number(hit.headers['content-length'])).toBe(hit.rawPayload.length);
      expect(brotliDecompressSync(hit.rawPayload).toString()).toBe(body);
    }
    expect(zlib.brotli).toBe(1);

    for (const accepts of ['gzip', 'br;q=0, gzip', 'gzip;q=0.5, identity']) {
      const hit = await ctx.app.inject({ url, headers: { 'accept-encoding': accepts } });
      expect(hit.headers['content-encoding'], accepts).toBe('gzip');
      expect(gunzipSync(hit.rawPayload).toString()).toBe(body);
    }
    expect(zlib.gzip).toBe(1);

    const plain = await ctx.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(body);
    expect(zlib.brotli + zlib.gzip).toBe(2);
  });

  it('go out as they are when they are small', async () => {
    const url = '/api/product/public?q=zzqqxxnothing';
    const fresh = await ctx.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.rawPayload.length).toBeLessThan(COMPRESS_FROM_BYTES);
    const hit = await ctx.app.inject({ url, headers: { 'accept-encoding': BROWSER } });
    expect(hit.headers.age).toBeDefined();
    expect(hit.headers['content-encoding']).toBeUndefined();
    // Under the size nothing is compressed, whatever the request accepts: the answer does not vary.
    expect(hit.headers.vary).toBeUndefined();
    expect(hit.body).toBe(fresh.body);
  });
});
