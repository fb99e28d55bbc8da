import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../setup/test-app';
import { artImage, artVariantUrl } from '../../src/lib/art-image';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let distDir: string;
const bigScript = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  // A miniature build output, laid out as Vite writes it.
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  distDir = mkdtempSync(path.join(tmpdir(), 'storefront-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js'), bigScript);
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.br'), brotliCompressSync(bigScript));
  writeFileSync(path.join(distDir, 'assets', 'index-abc123.js.gz'), gzipSync(bigScript));
  ctx = await createTestApp({ distDir });
});
afterAll(() => ctx.close());

describe('health', () => {
  it('/healthz says the process is up', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz says the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ready' });
  });
});

describe('unknown API paths', () => {
  it('are a JSON 404, even for a browser asking for HTML', async () => {
    for (const url of ['/api/nope', '/api/product/nope/deeper', '/api/nope?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({
        success: false,
        code: 'ROUTE_NOT_FOUND',
        message: expect.stringContaining('/api/'),
      });
    }
  });

  it('never leak a stack trace for a malformed body', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });
});

describe('static client', () => {
  it('serves hashed assets pre-compressed and cached for a year', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(bigScript.length / 10);

    const gz = await ctx.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('revalidates the shell and the service worker', async () => {
    const sw = await ctx.app.inject({ method: 'GET', url: '/sw.js' });
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('answers client routes with the shell', async () => {
    for (const url of ['/', '/munchies', '/products/5', '/account/orders?x=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
  });

  it("answers 404, with the app's page, for a product or category that does not exist", async () => {
    const page = (url: string) => ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    for (const url of [
      '/products/999999',
      '/products/0',
      '/products/abc',
      '/no-such-aisle',
      '/policies',
      '/munchies-x/',
    ]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toContain('<div id="root">');
    }
    for (const url of [
      '/products/5',
      '/munchies',
      '/munchies/',
      '/grocery-kitchen',
      '/collection',
      '/search?q=milk',
      '/checkout',
      '/account',
      '/account/orders',
      '/policies/refund_policy',
    ]) {
      expect((await page(url)).statusCode, url).toBe(200);
    }
  });

  it("preloads what the page asks for first: the categories, the page's answer, a product's photo", async () => {
    // Values are separated by commas outside quotes (an image's `imagesrcset` has its own).
    const links = async (url: string) =>
      String((await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).headers.link)
        .match(/(?:[^,"]|"[^"]*")+/g)!
        .map((hint) => hint.trim());
    const hints = async (url: string) => (await links(url)).map((hint) => hint.split(';')[0]);
    expect(await hints('/')).toEqual(['</api/category/public>', '</api/>']);
    expect(await hints('/munchies')).toEqual(['</api/category/public>']);
    const product = (await ctx.app.inject({ method: 'GET', url: '/api/product/public/5' })).json<{ img: string }>();
    // The product's illustration, as the page draws it: its WebP variants (decision 048).
    expect(await hints('/products/5')).toEqual([
      '</api/category/public>',
      '</api/product/public/5>',
      `<${artVariantUrl(product.img, 640)}>`,
    ]);
    expect((await links('/products/5'))[2]).toContain(`imagesrcset="${artImage(product.img, '').srcSet}"`);
    // An unknown product still gets its page (the client shows 'Product not found'), just no photo.
    expect(await hints('/products/999999')).toEqual(['</api/category/public>', '</api/product/public/999999>']);
  });

  it('is a 404 for a missing file rather than the shell', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/assets/missing-123.js', headers: { accept: '*/*' } });
    expect(res.statusCode).toBe(404);
  });

  it('sends a strict Content-Security-Policy and the usual security headers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // Plain http: no HSTS (browsers would ignore it anyway).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends a Permissions-Policy (geolocation for this site only) and no X-Frame-Options, on pages', async () => {
    for (const url of ['/', '/products/5', '/healthz', '/api/docs/']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      const policy = String(res.headers['permissions-policy']);
      expect(policy, url).toContain('geolocation=(self)');
      expect(policy, url).toContain('camera=()');
      expect(policy, url).toContain('microphone=()');
      // Framing is refused by CSP frame-ancestors 'none'; X-Frame-Options would only restate it, or contradict it.
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it("sends an API answer the headers that act on a response that is not a page, and not a page's (decision 069)", async () => {
    for (const url of ['/api/category/public', '/api/product/public?category=munchies', '/api/nope', '/api?limit=1']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      for (const header of ['permissions-policy', 'referrer-policy', 'cross-origin-opener-policy', 'x-frame-options']) {
        expect(res.headers[header], `${url} ${header}`).toBeUndefined();
      }
    }
  });

  it('sends HSTS when the request came over https through the trusted proxy, on pages and the API', async () => {
    const https = await createTestApp({ env: 'production', logLevel: 'silent', sms: { provider: 'outbox' } });
    try {
      for (const url of ['/', '/api/category/public', '/api/nope']) {
        const res = await https.app.inject({ url, headers: { 'x-forwarded-proto': 'https', accept: 'text/html' } });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
      }
      const plain = await https.app.inject({ url: '/api/category/public' });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
      // Only the trusted proxy (loopback in production) may say the request was https.
      const spoofed = await https.app.inject({
        url: '/api/category/public',
        remoteAddress: '203.0.113.9',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await https.close();
    }
  });
});

describe('API compression', () => {
  it('compresses large JSON answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api?limit=50', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('OpenAPI', () => {
  it("lets Swagger UI's page add its style element, and nothing else from anywhere else", async () => {
    const docs = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toBe(
      "default-src 'self'; base-uri 'self'; font-src 'self' data:; form-action 'self'; frame-ancestors 'none'; " +
        "img-src 'self' data:; object-src 'none'; script-src 'self'; script-src-attr 'none'; style-src 'self'; " +
        "style-src-elem 'self' 'unsafe-inline';",
    );
    // Everything else keeps styles to files (and a page's hashed elements).
    const api = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(api.headers['content-security-policy']).toMatch(/style-src 'self';/);
    expect(api.headers['content-security-policy']).not.toMatch(/unsafe-inline/);
  });

  it('documents the routes from their schemas', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api', '/api/product/public/{id}', '/healthz', '/readyz']),
    );
  });
});
