// @vitest-environment node
/**
 * The service worker as built: what it precaches. Reads the build in DIST_DIR, or dist/ when it
 * is up to date, or else builds into a temporary directory first.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { type BuildManifest, STAFF_ROUTES, staffOnlyFiles } from '../build/vite-plugins/pwa';
import { builtClient } from '../tests/setup/built-client';

/** Above this the first visit downloads too much for a phone on mobile data. */
const PRECACHE_BUDGET_BYTES = 3 * 1024 * 1024;

let dist = '';
let precached: { url: string; revision: string | null }[] = [];
let manifest: BuildManifest = {};

beforeAll(async () => {
  dist = await builtClient();
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  const sw = readFileSync(path.join(dist, 'sw.js'), 'utf8');
  const list = /\[\{"revision":[^\]]*\]/.exec(sw);
  if (!list) throw new Error('no precache manifest found in sw.js');
  precached = JSON.parse(list[0]) as typeof precached;
}, 180_000);

const urls = () => precached.map((entry) => entry.url);

const walk = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [path.relative(dist, file).replaceAll('\\', '/')];
  });

describe('precache manifest', () => {
  it('holds the shell, the offline page, the web app manifest and the icons', () => {
    for (const url of [
      'index.html',
      'offline.html',
      'offline.css',
      'offline.js',
      'manifest.webmanifest',
      'favicon.svg',
      'icons/icon-192.png',
      'icons/icon-512.png',
      'icons/icon-maskable-192.png',
      'icons/icon-maskable-512.png',
    ]) {
      expect(urls(), url).toContain(url);
    }
  });

  it("holds every script and stylesheet of the build but the store console's, so every shopper's route opens offline", () => {
    const staffOnly = staffOnlyFiles(manifest);
    const assets = walk(path.join(dist, 'assets')).filter((file) => /\.(js|css)$/.test(file));
    expect(assets.length).toBeGreaterThan(20);
    for (const file of assets) {
      if (staffOnly.has(file)) expect(urls(), file).not.toContain(file);
      else expect(urls(), file).toContain(file);
    }
  });

  it("leaves out the store console's code, which a shopper's phone never runs", () => {
    const consoleRoute = Object.entries(manifest).find(([key]) => STAFF_ROUTES.includes(key.split('?')[0]!));
    expect(consoleRoute, 'the console is a chunk of its own').toBeDefined();
    const [, chunk] = consoleRoute!;
    expect(chunk.css?.length, "the console's stylesheet").toBeGreaterThan(0);
    for (const file of [chunk.file, ...(chunk.css ?? [])]) expect(urls(), file).not.toContain(file);
    // What the console shares with the store (the libraries, the entry) stays.
    for (const shared of chunk.imports ?? []) expect(urls(), shared).toContain(manifest[shared]!.file);
  });

  it('holds every route chunk, the policy pages and their texts included', () => {
    const routeChunks = Object.entries(manifest).filter(
      ([key]) => key.startsWith('src/routes/') && !STAFF_ROUTES.includes(key.split('?')[0]!),
    );
    const routeFiles = new Set(routeChunks.map(([key]) => key.split('?')[0]));
    for (const route of [
      'src/routes/index.tsx',
      'src/routes/products.$id.tsx',
      'src/routes/$category.tsx',
      // The four policy pages are one route (each route in the tree costs the first load).
      'src/routes/policies.$policy.tsx',
    ]) {
      expect(routeFiles, route).toContain(route);
    }
    for (const [key, chunk] of routeChunks) expect(urls(), key).toContain(chunk.file);
    const policyTexts = manifest['src/features/policies/content.ts'];
    expect(policyTexts, 'the policy texts are a chunk of their own').toBeDefined();
    expect(urls()).toContain(policyTexts!.file);
  });

  it('does not precache the service worker itself, source maps, compressed copies or screenshots', () => {
    for (const url of urls()) {
      expect(url).not.toMatch(/^sw\.js/);
      expect(url).not.toMatch(/\.(map|br|gz)$/);
      expect(url).not.toMatch(/^screenshots\//);
    }
    expect(new Set(urls()).size, 'no file listed twice').toBe(urls().length);
  });

  it(`stays under ${PRECACHE_BUDGET_BYTES / 1024 / 1024} MB`, () => {
    const bytes = urls().reduce((sum, url) => sum + statSync(path.join(dist, url)).size, 0);
    console.info(`precache: ${urls().length} files, ${bytes} bytes`);
    expect(bytes).toBeLessThan(PRECACHE_BUDGET_BYTES);
  });
});

describe('staffOnlyFiles', () => {
  const chunks: BuildManifest = {
    'index.html': {
      file: 'assets/entry.js',
      isEntry: true,
      imports: ['_vendor.js'],
      dynamicImports: ['src/routes/a.tsx', 'src/routes/ops.$.tsx?tsr-split=component'],
    },
    '_vendor.js': { file: 'assets/vendor.js' },
    '_shared.js': { file: 'assets/shared.js', css: ['assets/shared.css'] },
    '_deep.js': { file: 'assets/deep.js' },
    'src/routes/a.tsx': { file: 'assets/a.js', imports: ['_vendor.js', '_shared.js'] },
    'src/routes/ops.$.tsx?tsr-split=component': {
      file: 'assets/ops.js',
      css: ['assets/ops.css'],
      imports: ['index.html', '_vendor.js', '_shared.js', '_console.js'],
      dynamicImports: ['_photo.js'],
    },
    '_console.js': { file: 'assets/console.js', imports: ['_vendor.js'] },
    '_photo.js': { file: 'assets/photo.js', imports: ['_deep.js'] },
  };

  it('is what only the console reaches, its stylesheet and lazy parts included, never what the store also loads', () => {
    expect([...staffOnlyFiles(chunks)].sort()).toEqual(
      ['assets/console.js', 'assets/deep.js', 'assets/ops.css', 'assets/ops.js', 'assets/photo.js'].sort(),
    );
  });

  it('keeps a file the store reaches another way', () => {
    const alsoShopper: BuildManifest = {
      ...chunks,
      'src/routes/a.tsx': { ...chunks['src/routes/a.tsx']!, dynamicImports: ['_deep.js'] },
    };
    expect(staffOnlyFiles(alsoShopper).has('assets/deep.js')).toBe(false);
    expect(staffOnlyFiles(alsoShopper).has('assets/photo.js')).toBe(true);
  });

  it('is empty with no staff route', () => {
    expect(staffOnlyFiles(chunks, []).size).toBe(0);
  });
});

describe('built web app manifest', () => {
  it('is complete enough to install', () => {
    const manifest = JSON.parse(readFileSync(path.join(dist, 'manifest.webmanifest'), 'utf8')) as {
      icons: { sizes: string; purpose?: string; src: string }[];
      screenshots: { form_factor?: string; src: string }[];
      shortcuts: { url: string }[];
      [key: string]: unknown;
    };
    for (const field of [
      'name',
      'short_name',
      'description',
      'theme_color',
      'background_color',
      'start_url',
      'scope',
    ]) {
      expect(manifest[field], field).toBeTruthy();
    }
    expect(manifest.display).toBe('standalone');
    const icon = (sizes: string, purpose: string) =>
      manifest.icons.find((i) => i.sizes === sizes && (i.purpose ?? 'any') === purpose);
    for (const sizes of ['192x192', '512x512']) {
      expect(icon(sizes, 'any'), `${sizes} icon`).toBeDefined();
      expect(icon(sizes, 'maskable'), `${sizes} maskable icon`).toBeDefined();
    }
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/?cart=open', '/account/orders']);
    for (const file of [...manifest.icons, ...manifest.screenshots].map((i) => i.src)) {
      expect(existsSync(path.join(dist, file)), file).toBe(true);
    }
  });
});
