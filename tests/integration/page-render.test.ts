/**
 * Serving a first visit's page rendered on the server (decision 015), with a miniature build: a
 * client `dist/` and a stand-in for the server build in `dist-server/`. The real app, listening,
 * so that the renderer has the server's address.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../setup/test-app';

const template = (stylesheet: string) => `<!doctype html>
<html lang="en-IN">
  <head>
    <title>QuickCart shell</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/${stylesheet}">
  </head>
  <body>
    <div id="root"><div data-prerendered aria-disabled="true"><header>shell header</header><main id="main"></main></div></div>
    <noscript>QuickCart needs JavaScript to show the store.</noscript>
  </body>
</html>`;

/** Renders product pages (asking the real API for the name), declines others, breaks on /boom. */
const FAKE_SERVER_BUILD = `
export async function renderPage(url) {
  if (url === '/boom') throw new Error('the page broke');
  const id = /^\\/products\\/(\\d+)/.exec(url)?.[1];
  if (!id) return null;
  const product = await (await fetch('/api/product/public/' + id)).json();
  return { html: '<main id="main"><h1 class="card0">' + product.name + '</h1></main>', title: product.name + ' | QuickCart', data: JSON.stringify([[['products', 'detail', product.id], product, 1]]), routes: ['__root__', '/products/$id'] };
}
`;

let root = '';
let distDir = '';
let base = '';
let plainBase = '';
let product = { id: 0, name: '' };
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let plain: Awaited<ReturnType<typeof createTestApp>>;

const page = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  fetch(new URL(url, base), { method, headers: { accept: 'text/html', ...headers } });

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'storefront-render-'));
  distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(path.join(distDir, 'index.html'), template('index-C.css'));
  writeFileSync(path.join(distDir, 'assets', 'index-C.css'), 'header{display:flex}');
  writeFileSync(path.join(distDir, 'assets', 'card-D.css'), '.card0{font-weight:700}');
  writeFileSync(path.join(root, 'dist-server', 'ssr.js'), FAKE_SERVER_BUILD);
  // The build's manifest: the entry, and the product route's component with a chunk of its own.
  mkdirSync(path.join(distDir, '.vite'));
  writeFileSync(
    path.join(distDir, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_vendor-B.js'] },
      '_vendor-B.js': { file: 'assets/vendor-B.js' },
      '_stepper-F.js': { file: 'assets/stepper-F.js', imports: ['_vendor-B.js'] },
      'src/routes/products.$id.tsx?tsr-split=component': {
        file: 'assets/products-E.js',
        imports: ['index.html', '_vendor-B.js', '_stepper-F.js'],
      },
    }),
  );
  ctx = await createTestApp({ distDir });
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  product = (await ctx.app.inject({ url: '/api/product/public/1' })).json();
  plain = await createTestApp({ distDir, renderPages: false });
  plainBase = await plain.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await plain?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('a page rendered on the server', () => {
  it('comes in the shell, with its title, the stylesheets its classes need and the usual headers', async () => {
    const res = await page('/products/1', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    // The answers come in the page (decision 044): no preload asks for them again.
    expect(res.headers.get('link') ?? '').not.toContain('/api/');
    const html = await res.text();
    expect(html).toContain(`<title>${product.name} | QuickCart</title>`);
    expect(html).toContain(
      `<div id="root"><div data-prerendered aria-disabled="true"><main id="main"><h1 class="card0">${product.name}</h1></main></div><script type="application/json" id="page-data">`,
    );
    const data = /<script type="application\/json" id="page-data">([^<]*)<\/script><\/div>/.exec(html)?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual([[['products', 'detail', product.id], product, 1]]);
    expect(html).not.toContain('shell header');
    // The stylesheets come in the page (decision 049): the shell's and the one its classes need,
    // each allowed by its hash, their links kept but disabled (never fetched).
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.slice(0, head.indexOf('<script'))).toContain(
      '<style>.card0{font-weight:700}</style><link rel="stylesheet" crossorigin href="/assets/card-D.css" disabled>',
    );
    expect(head).toContain(
      '<style>header{display:flex}</style><link rel="stylesheet" crossorigin href="/assets/index-C.css" disabled>',
    );
    // The route's own scripts are asked for with the page (decision 060), not the entry's again.
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/products-E.js"><link rel="modulepreload" crossorigin href="/assets/stepper-F.js">',
    );
    expect(head).not.toContain('href="/assets/vendor-B.js"');
    const sha256 = (css: string) => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    expect(res.headers.get('content-security-policy')).toContain(
      `style-src 'self' ${sha256('.card0{font-weight:700}')} ${sha256('header{display:flex}')};`,
    );
  });

  it("is the shell's policy and links where the page is not rendered", async () => {
    const res = await page('/account/orders');
    expect(res.headers.get('content-security-policy')).toContain("style-src 'self';");
    expect(await res.text()).toContain('<link rel="stylesheet" crossorigin href="/assets/index-C.css">');
  });

  it('is sent in the encoding the browser accepts, and refuses none it does not', async () => {
    const gzip = await page('/products/2', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toContain('class="card0"');
    const identity = await page('/products/2', { 'accept-encoding': 'identity' });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toContain('class="card0"');
  });

  it('asks search engines not to list the store console, and only it', async () => {
    for (const url of ['/ops', '/ops/catalogue']) {
      const res = await page(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('x-robots-tag'), url).toBe('noindex, nofollow');
    }
    expect((await page('/products/1')).headers.get('x-robots-tag')).toBeNull();
  });

  it('answers HEAD without a body', async () => {
    const res = await page('/products/1', {}, 'HEAD');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('is the plain shell for a page the app does not render, or one that fails to', async () => {
    for (const [url, status] of [
      ['/account/orders', 200],
      // No category is called "boom": the shell, as a 404.
      ['/boom', 404],
    ] as const) {
      const res = await page(url);
      expect(res.status, url).toBe(status);
      const html = await res.text();
      expect(html).toContain('<header>shell header</header>');
      expect(html).toContain('<title>QuickCart shell</title>');
    }
    // The renderer still serves the next page.
    expect(await (await page('/products/3')).text()).toContain('class="card0"');
  });

  it('follows a new build of the client without a restart', async () => {
    writeFileSync(path.join(distDir, 'assets', 'index-E.css'), 'header{display:grid}');
    writeFileSync(path.join(distDir, 'index.html'), template('index-E.css'));
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(distDir, 'index.html'), later, later);
    const html = await (await page('/products/1')).text();
    expect(html).toContain(
      '<style>header{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/index-E.css" disabled>',
    );
    expect(html).not.toContain('href="/assets/index-C.css"');
    expect(html).toContain(product.name);
  });

  it('is not made with RENDER_PAGES=off', async () => {
    const res = await fetch(new URL('/products/1', plainBase), { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('<header>shell header</header>');
  });
});
