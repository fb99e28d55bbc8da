import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test';

import type { Product } from '../../server/schemas/product';
import { startServer, type ServerProcess } from '../support/server-process';
import { latestOtp, readOutbox } from '../support/sms-outbox';

/** How long a browser test's server may take to start (a fresh data directory: migrations, seed). */
export const SERVER_START_MS = 60_000;

export interface ConsoleGuard {
  /** Lets console errors matching this pattern pass (e.g. the 404 a not-found page causes). */
  allow(pattern: RegExp): void;
}

/**
 * The code of the newest SMS to `mobile` after the first `since` messages of the outbox,
 * waiting for it to arrive.
 */
export async function waitForOtp(dataDir: string, mobile: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        code = latestOtp(dataDir, mobile, since);
        return code;
      },
      { message: `an OTP SMS to +91${mobile}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Signs in through the login dialog as a shopper would: opens it from the header unless it is
 * already open, types the number, reads the code from the SMS outbox and types it in.
 */
export async function signInWith(page: Page, dataDir: string, mobile: string) {
  const phoneStep = page.getByRole('dialog', { name: 'Log in or sign up' });
  if (!(await phoneStep.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const since = readOutbox(dataDir).length;
  await phoneStep.getByLabel('Mobile number').fill(mobile);
  await phoneStep.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForOtp(dataDir, mobile, since);
  const otpStep = page.getByRole('dialog', { name: 'OTP Verification' });
  await otpStep.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  await otpStep.getByRole('button', { name: 'Verify' }).click();
  await expect(otpStep.getByRole('status')).toHaveText('Login successful! Redirecting...');
  await expect(otpStep).toBeHidden();
}

/** The header's cart button (its name counts the items once there are any). */
export const cartButton = (page: Page) =>
  page.getByRole('banner').getByRole('button', { name: /^(My Card|\d+ Items)/ });

/**
 * The built files of the client's chunks named `name` (a route's, a component's, a package's), and
 * with `css` their stylesheets, as a pattern for a URL or a path: read from the build's manifest,
 * since a file's name is only its hash (decision 066).
 */
export function builtChunk(name: string, { css = false } = {}): RegExp {
  const manifest = JSON.parse(readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { name?: string; file: string; css?: string[] }
  >;
  const files = Object.values(manifest)
    .filter((chunk) => chunk.name === name)
    .flatMap((chunk) => [chunk.file, ...(css ? (chunk.css ?? []) : [])]);
  if (files.length === 0) throw new Error(`The build has no chunk named ${name}`);
  return new RegExp(`(?:^|/)(?:${files.map((file) => file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

/** Where the sticky header ends, from the top of the window (px). */
export async function headerBottom(page: Page): Promise<number> {
  const box = (await page.getByRole('banner').boundingBox())!;
  return box.y + box.height;
}

/** A 1x1 transparent PNG: map tiles never leave the machine in tests. */
const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** The map's tiles (OpenStreetMap's), answered here with a blank one. */
export async function offlineTiles(page: Page) {
  await page.route('https://tile.openstreetmap.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: BLANK_TILE }),
  );
}

/** The cart panel (a dialog over the page). */
export const cartPanel = (page: Page) => page.getByRole('dialog', { name: 'My Cart' });

/**
 * In-stock products from the home feed whose names are unique there (the article and button
 * names are then unambiguous), among the first six: the carousel shows those without scrolling.
 */
export async function homeProducts(request: APIRequestContext): Promise<Product[]> {
  const products: Product[] = await (await request.get('/api')).json();
  const count = (name: string) => products.filter((p) => p.name === name).length;
  return products.slice(0, 6).filter((p) => p.inStock && count(p.name) === 1);
}

/** A product's card in the home page's first carousel. */
export const homeCard = (page: Page, name: string) =>
  page.getByRole('region', { name: 'What are you looking for?' }).getByRole('article', { name });

/**
 * Adds one `name` to the cart with the first "Add … to cart" button in `scope` (the page, or a
 * product card), and waits for the button to become the quantity stepper showing 1.
 */
export async function addToCart(scope: Page | Locator, name: string) {
  await scope
    .getByRole('button', { name: `Add ${name} to cart` })
    .first()
    .click();
  await expect(scope.getByRole('group', { name: `${name} quantity` }).first()).toContainText('1');
}

/** A value the app keeps in IndexedDB (idb-keyval's `keyval-store`); undefined when there is none. */
export const storedValue = <T>(page: Page, key: string) =>
  page.evaluate(
    (key) =>
      new Promise<T | undefined>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyval')) {
            db.close();
            return resolve(undefined);
          }
          const read = db.transaction('keyval').objectStore('keyval').get(key);
          read.onerror = () => {
            db.close();
            reject(read.error);
          };
          read.onsuccess = () => {
            db.close();
            resolve(read.result as T | undefined);
          };
        };
      }),
    key,
  );

/** Writes a value where the app keeps it (as a previous visit would have left it). */
export async function storeValue(page: Page, key: string, value: unknown) {
  await page.evaluate(
    ([key, value]) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('keyval-store');
        open.onupgradeneeded = () => open.result.createObjectStore('keyval');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const tx = open.result.transaction('keyval', 'readwrite');
          tx.objectStore('keyval').put(value, key as string);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        };
      }),
    [key, value] as const,
  );
}

/** The app's banner while the browser is offline. */
export const offlineBanner = (page: Page) => page.getByText('You are offline. Pages you have visited still open');

/**
 * Offline, the browser logs every request that could not leave; those are expected. 'An unknown
 * error occurred when fetching the script' is its own check for a new service worker, made while
 * the network is down.
 */
export const OFFLINE_NOISE =
  /ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|Failed to load resource|An unknown error occurred when fetching the script/;

/** Lets the console errors of requests that could not leave pass (see OFFLINE_NOISE). */
export const allowOfflineNoise = (consoleGuard: ConsoleGuard) => consoleGuard.allow(OFFLINE_NOISE);

/**
 * Scrolls to the page's end until it is scrolled more than `beyond` px: a page still growing as its
 * parts arrive is scrolled again.
 */
export async function scrollPast(page: Page, beyond: number) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return window.scrollY;
      }),
    )
    .toBeGreaterThan(beyond);
}

/** The service worker controls the page: from here on its caches fill as the shopper browses. */
export async function waitForServiceWorker(page: Page) {
  // Installing precaches every script: on a busy 2-core machine (CI's browsers, two at a time) that
  // has taken over 20 s.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 40_000 });
}

/**
 * Takes the browser offline once the service worker controls the page (before that nothing is
 * cached to go offline with), and waits for the offline banner.
 */
export async function goOffline(page: Page) {
  await waitForServiceWorker(page);
  await page.context().setOffline(true);
  await expect(offlineBanner(page)).toBeVisible();
}

/** Brings the browser back online and waits for the offline banner to go. */
export async function goOnline(page: Page) {
  await page.context().setOffline(false);
  await expect(offlineBanner(page)).toBeHidden();
}

/**
 * The next order placed reaches the server and is placed, then the connection drops before its
 * answer: the browser goes offline and every try after it fails, until `reconnect()`. Routed on
 * the context: the service worker's fetch is the one that leaves the browser. `sent()` counts
 * the tries (POST /api/order).
 */
export async function loseOrderAnswer(context: BrowserContext) {
  let sent = 0;
  let connected = true;
  await context.route('**/api/order', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    sent += 1;
    if (!connected) return route.abort('internetdisconnected');
    if (sent > 1) return route.continue();
    await route.fetch();
    connected = false;
    await context.setOffline(true);
    await route.abort('internetdisconnected');
  });
  return {
    sent: () => sent,
    reconnect: async () => {
      connected = true;
      await context.setOffline(false);
    },
  };
}

export const test = base.extend<
  {
    consoleGuard: ConsoleGuard;
    /** Signs `page` in with `mobile` (use a number of its own per test: OTP limits are per number). */
    signIn: (page: Page, mobile: string) => Promise<void>;
  },
  { server: ServerProcess }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
      // Pages must render on the server here, beside the other worker's server and browser on 2 cores.
      const server = await startServer({
        dataDir,
        readyTimeoutMs: SERVER_START_MS,
        env: { PAGE_RENDER_TIMEOUT_MS: '6000' },
      });
      await use(server);
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signIn: async ({ server }, use) => use((page, mobile) => signInWith(page, server.dataDir, mobile)),
  // Any console error or uncaught exception on the page fails the test.
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
