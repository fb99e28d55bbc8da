import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { PageRenderer, serverBuildEntry } from './page-renderer';

/** A stand-in for the app's server build: what the worker loads and calls. */
const FAKE_BUILD = `
let renders = 0;
export async function renderPage(url) {
  if (url === '/slow') await new Promise((resolve) => setTimeout(resolve, 1000));
  if (url === '/spin') for (;;);
  if (url === '/broken') throw new Error('the page broke');
  if (url === '/missing') return null;
  if (url === '/api-base') return { html: new Request('/api/product/public/1').url, title: null, data: '[]' };
  renders++;
  return { html: '<p>' + url + ' #' + renders + '</p>', title: url, data: '[]' };
}
`;

let dir = '';
let entry = '';
const renderers: PageRenderer[] = [];
const log = { warn: vi.fn() };

function renderer(options: Partial<ConstructorParameters<typeof PageRenderer>[0]> = {}) {
  const made = new PageRenderer(
    { entry, origin: 'http://127.0.0.1:4321', timeoutMs: 500, startMs: 2000, ...options },
    log,
  );
  renderers.push(made);
  return made;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-ssr-'));
  mkdirSync(path.join(dir, 'dist-server'));
  entry = path.join(dir, 'dist-server', 'ssr.js');
  writeFileSync(entry, FAKE_BUILD);
});

afterEach(async () => {
  await Promise.all(renderers.splice(0).map((made) => made.close()));
  log.warn.mockClear();
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serverBuildEntry', () => {
  it('finds the server build beside a client build, and nothing when there is none', () => {
    expect(serverBuildEntry(path.join(dir, 'dist'))).toBe(entry);
    expect(serverBuildEntry(path.join(dir, 'other-dist'))).toBeNull();
  });
});

describe('PageRenderer', () => {
  it('renders an address in its worker and reuses the answer for a while', async () => {
    const pages = renderer({ cacheMs: 60_000 });
    const first = await pages.render('/products/1');
    expect(first).toEqual({ html: '<p>/products/1 #1</p>', title: '/products/1', data: '[]' });
    expect(await pages.render('/products/1')).toBe(first);
    expect((await pages.render('/products/2'))?.html).toBe('<p>/products/2 #2</p>');
  });

  it('renders one address once however many ask at the same time', async () => {
    const pages = renderer();
    const answers = await Promise.all([pages.render('/a'), pages.render('/a'), pages.render('/a')]);
    expect(new Set(answers.map((page) => page?.html))).toEqual(new Set(['<p>/a #1</p>']));
  });

  it('renders again once the answer is older than the cache time', async () => {
    const pages = renderer({ cacheMs: 0 });
    expect((await pages.render('/a'))?.html).toBe('<p>/a #1</p>');
    expect((await pages.render('/a'))?.html).toBe('<p>/a #2</p>');
  });

  it('gives the app relative API addresses on the server it runs in', async () => {
    expect((await renderer().render('/api-base'))?.html).toBe('http://127.0.0.1:4321/api/product/public/1');
  });

  it('answers null (the shell) for a page not rendered, a render that throws or one too slow', async () => {
    const pages = renderer();
    expect(await pages.render('/missing')).toBeNull();
    expect(await pages.render('/broken')).toBeNull();
    expect(log.warn).toHaveBeenCalledWith({ error: 'the page broke' }, expect.stringContaining('shell'));
    const started = Date.now();
    expect(await pages.render('/slow')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1500);
    // The worker still serves the next address.
    expect((await pages.render('/after'))?.html).toMatch(/^<p>\/after #\d+<\/p>$/);
  });

  it('sends the shell rather than start more renders than it allows at once, counting those still running', async () => {
    const pages = renderer({ maxPending: 1, timeoutMs: 200 });
    await pages.render('/warm');
    expect(pages.stats()).toEqual({ inFlight: 0, waiting: 0, capacity: 1, refusedBusy: 0 });
    // The visitor gets the shell after 200 ms, but the worker is still busy with it for a second.
    const slow = pages.render('/slow');
    expect(pages.stats()).toEqual({ inFlight: 1, waiting: 1, capacity: 1, refusedBusy: 0 });
    expect(await slow).toBeNull();
    expect(pages.stats()).toEqual({ inFlight: 1, waiting: 0, capacity: 1, refusedBusy: 0 });
    expect(await pages.render('/other')).toBeNull();
    expect(pages.stats().refusedBusy).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(pages.stats().inFlight).toBe(0);
    expect((await pages.render('/other'))?.html).toMatch(/^<p>\/other #\d+<\/p>$/);
  });

  it("logs a render's failure on the log of the request that asked for it", async () => {
    const pages = renderer();
    const requestLog = { warn: vi.fn() };
    expect(await pages.render('/broken', requestLog)).toBeNull();
    expect(requestLog.warn).toHaveBeenCalledWith({ error: 'the page broke' }, 'page render failed; sent the shell');
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('starts a stuck worker afresh after renders keep timing out', async () => {
    const pages = renderer({ timeoutMs: 200 });
    await pages.render('/warm');
    expect(await Promise.all([pages.render('/spin'), pages.render('/b'), pages.render('/c')])).toEqual([
      null,
      null,
      null,
    ]);
    expect(log.warn).toHaveBeenCalledWith({ timeouts: 3 }, expect.stringContaining('afresh'));
    expect((await pages.render('/after'))?.html).toBe('<p>/after #1</p>');
  });

  it('answers null for everything once closed, including renders under way', async () => {
    const pages = renderer({ timeoutMs: 3000 });
    await pages.render('/warm');
    const slow = pages.render('/slow');
    await pages.close();
    expect(await slow).toBeNull();
    expect(await pages.render('/later')).toBeNull();
  });
});
