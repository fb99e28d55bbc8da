/**
 * Request ids (decision 023): generated, or taken from X-Request-Id when a trusted proxy sent a
 * sane one; returned on every answer; on every log line of the request.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { trustedPeer } from '../../server/trusted-peer';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory } from './auth-helpers';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const nextNumber = numberFactory('94');

/** A miniature client build with a server part that fails on /boom (as in page-render.test.ts). */
function miniatureBuild(root: string): string {
  const distDir = path.join(root, 'dist');
  mkdirSync(path.join(distDir, 'assets'), { recursive: true });
  mkdirSync(path.join(root, 'dist-server'));
  writeFileSync(
    path.join(distDir, 'index.html'),
    `<!doctype html>
<html lang="en-IN">
  <head>
    <title>QuickCart shell</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"><div data-prerendered aria-disabled="true"><main id="main"></main></div></div>
    <noscript>QuickCart needs JavaScript.</noscript>
  </body>
</html>`,
  );
  writeFileSync(path.join(distDir, 'assets', 'index-C.css'), 'body{margin:0}');
  writeFileSync(
    path.join(root, 'dist-server', 'ssr.js'),
    `export async function renderPage(url) {
      if (url === '/policies/boom') throw new Error('the page broke');
      return url === '/policies/about' ? { html: '<main id="main">About</main>', title: 'About', data: '[]' } : null;
    }`,
  );
  return distDir;
}

/** Log lines as the app wrote them, parsed. */
function logCapture() {
  const lines: Array<Record<string, unknown> & { msg?: string; reqId?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, stream };
}

describe('without a trusted proxy', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('gives every request a new random id and returns it', async () => {
    const first = await ctx.app.inject({ url: '/healthz' });
    const second = await ctx.app.inject({ url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("ignores a client's own X-Request-Id", async () => {
    const res = await ctx.app.inject({ url: '/healthz', headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });

  it('returns it on errors too: 404s, bad input, refused media types, paths too long', async () => {
    const answers = await Promise.all([
      ctx.app.inject({ url: '/api/no/such/route' }),
      ctx.app.inject({ url: '/no-such-file.png' }),
      ctx.app.inject({ url: '/api/product/public/not-a-number' }),
      ctx.app.inject({
        method: 'POST',
        url: '/api/customer/public',
        payload: 'mobile=1',
        headers: { 'content-type': 'text/plain' },
      }),
      ctx.app.inject(json('POST', '/api/customer/public', { mobile: '12' })),
      ctx.app.inject({ url: `/api/product/public/${'9'.repeat(300)}` }),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 400, 415, 400, 414]);
    for (const res of answers) expect(res.headers['x-request-id'], res.body).toMatch(UUID);
  });
});

describe('behind a trusted proxy', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: ['10.0.0.2', '192.168.0.0/16'] });
  });
  afterAll(() => ctx.close());

  const from = (remoteAddress: string, id: string) =>
    ctx.app.inject({ url: '/healthz', remoteAddress, headers: { 'x-request-id': id } });

  it("keeps the proxy's id, and only the proxy's", async () => {
    expect((await from('10.0.0.2', 'lb-7f3a9c')).headers['x-request-id']).toBe('lb-7f3a9c');
    expect((await from('192.168.4.9', 'lb-7f3a9d')).headers['x-request-id']).toBe('lb-7f3a9d');
    expect((await from('::ffff:10.0.0.2', 'lb-7f3a9e')).headers['x-request-id']).toBe('lb-7f3a9e');
    expect((await from('10.0.0.3', 'lb-7f3a9f')).headers['x-request-id']).toMatch(UUID);
    expect((await from('203.0.113.9', 'lb-7f3aa0')).headers['x-request-id']).toMatch(UUID);
  });

  it('replaces an id that is too long or not visible ASCII', async () => {
    expect((await from('10.0.0.2', 'x'.repeat(128))).headers['x-request-id']).toBe('x'.repeat(128));
    for (const bad of ['x'.repeat(129), 'two words', 'tab\tbed', '']) {
      expect((await from('10.0.0.2', bad)).headers['x-request-id'], JSON.stringify(bad)).toMatch(UUID);
    }
    const res = await ctx.app.inject({
      url: '/healthz',
      remoteAddress: '10.0.0.2',
      headers: { 'x-request-id': Buffer.from('caf\u00e9', 'latin1').toString('latin1') },
    });
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('trustedPeer', () => {
  it('reads TRUST_PROXY as proxy-addr does: addresses, networks and named ranges', () => {
    const trusted = trustedPeer(['loopback', 'uniquelocal', '2001:db8::/32', '198.51.100.7']);
    for (const peer of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.31.0.1', 'fd00::5']) {
      expect(trusted(peer), peer).toBe(true);
    }
    for (const peer of ['2001:db8:1::1', '198.51.100.7']) expect(trusted(peer), peer).toBe(true);
    for (const peer of ['198.51.100.8', '172.32.0.1', '8.8.8.8', '2001:db9::1', 'fe80::1', undefined, '']) {
      expect(trusted(peer), String(peer)).toBe(false);
    }
    expect(trustedPeer(false)('127.0.0.1')).toBe(false);
    expect(trustedPeer(['linklocal'])('fe80::1')).toBe(true);
  });
});

describe('log lines', () => {
  let ctx: Ctx;
  let base = '';
  let root = '';
  const capture = logCapture();
  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'storefront-request-id-'));
    ctx = await createTestApp(
      { trustProxy: ['loopback'], distDir: miniatureBuild(root), logLevel: 'info' },
      { logStream: capture.stream },
    );
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    rmSync(root, { recursive: true, force: true });
  });

  const linesOf = (id: string) => capture.lines.filter((line) => line.reqId === id);

  it("carry the request's id, from the first line to the last, including what the handler logs", async () => {
    const mobile = nextNumber();
    const res = await fetch(new URL('/api/customer/public', base), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'trace-otp-1' },
      body: JSON.stringify({ mobile }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-otp-1');
    const messages = linesOf('trace-otp-1').map((line) => line.msg ?? '');
    expect(messages.filter((message) => new RegExp(`^OTP for \\+91${mobile}: \\d{6}$`).test(message))).toHaveLength(1);
    // One line says what was asked and how it was answered, and it is the last.
    expect(messages.filter((message) => message === 'request completed')).toHaveLength(1);
    expect(messages.at(-1)).toBe('request completed');
    const completed = linesOf('trace-otp-1').at(-1)!;
    expect(completed.req).toMatchObject({ method: 'POST', url: '/api/customer/public' });
    expect(completed.res).toEqual({ statusCode: 200 });
    expect(completed.responseTime).toBeGreaterThan(0);
    // No line about this request goes without its id.
    const about = capture.lines.filter((line) => JSON.stringify(line).includes(mobile));
    expect(about.length).toBeGreaterThan(0);
    for (const line of about) expect(line.reqId, line.msg).toBe('trace-otp-1');
  });

  it("carry it on static files, rendered pages and the renderer's failures", async () => {
    const asset = await fetch(new URL('/assets/index-C.css', base), { headers: { 'x-request-id': 'trace-css' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('x-request-id')).toBe('trace-css');

    const about = await fetch(new URL('/policies/about', base), {
      headers: { accept: 'text/html', 'x-request-id': 'trace-page' },
    });
    expect(about.status).toBe(200);
    expect(await about.text()).toContain('<main id="main">About</main>');
    expect(about.headers.get('x-request-id')).toBe('trace-page');

    const boom = await fetch(new URL('/policies/boom', base), {
      headers: { accept: 'text/html', 'x-request-id': 'trace-boom' },
    });
    expect(boom.status).toBe(200);
    expect(boom.headers.get('x-request-id')).toBe('trace-boom');
    const failure = capture.lines.find((line) => line.msg === 'page render failed; sent the shell');
    expect(failure).toMatchObject({ reqId: 'trace-boom', error: 'the page broke' });
  });
});
