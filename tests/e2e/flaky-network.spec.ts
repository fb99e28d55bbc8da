import type { Page } from '@playwright/test';

import { allowOfflineNoise, builtChunk, cartButton, cartPanel, expect, test } from './fixtures';

/**
 * A first visit on mobile data that drops for a moment: the service worker has not installed yet,
 * so a part of the page fetched later (the cart panel's code and styles) can fail to arrive.
 */
/** The cart panel's code and stylesheet (read from the build when a test runs). */
const cartPanelFiles = () => builtChunk('CartPanel', { css: true });

/**
 * Every stylesheet link in use, and whether its rules arrived (the server-rendered page's own
 * links are disabled once its inlined styles stand in for them).
 */
const stylesheets = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]:not([disabled])')].map((link) => {
      let rules = 0;
      try {
        rules = link.sheet?.cssRules.length ?? 0;
      } catch {
        // A sheet the page may not read counts as missing.
      }
      return { href: new URL(link.href).pathname, loaded: rules > 0 };
    }),
  );

test.beforeEach(async ({ context, consoleGuard }) => {
  allowOfflineNoise(consoleGuard);
  // No service worker: nothing is precached, every file comes over the network.
  await context.route('**/sw.js', (route) => route.abort('internetdisconnected'));
  consoleGuard.allow(/Service worker registration failed|An unknown error occurred when fetching the script/);
});

test('code fetched ahead that failed to arrive is fetched again, styles and all, when the cart opens', async ({
  page,
  context,
}) => {
  const files = cartPanelFiles();
  await context.route(files, (route) => route.abort('internetdisconnected'));
  const prefetchFailed = page.waitForEvent('requestfailed', (request) => files.test(request.url()));
  await page.goto('/');
  await prefetchFailed;
  await context.unroute(files);

  await cartButton(page).click();
  await expect(cartPanel(page)).toBeVisible();
  await expect(cartPanel(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  const sheets = await stylesheets(page);
  const panelSheets = sheets.filter((sheet) => files.test(sheet.href));
  expect(panelSheets).toEqual([{ href: expect.stringMatching(/\.css$/), loaded: true }]);
  expect(sheets.filter((sheet) => !sheet.loaded)).toEqual([]);
});

test('a tap on the cart while its code cannot arrive opens the cart once it does, not an error page', async ({
  page,
  context,
}) => {
  let failures = 0;
  await context.route(cartPanelFiles(), (route) => {
    // The first tries fail (the idle prefetch's, then the tap's first), then the network is back.
    if (failures < 3) {
      failures += 1;
      return route.abort('internetdisconnected');
    }
    return route.continue();
  });
  await page.goto('/');
  await cartButton(page).click();

  await expect(cartPanel(page)).toBeVisible({ timeout: 15_000 });
  await expect(cartPanel(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  expect(failures).toBe(3);
  await expect(page.getByText('Unexpected Application Error!')).toHaveCount(0);
  expect((await stylesheets(page)).filter((sheet) => !sheet.loaded)).toEqual([]);
});

test('the HTTP client’s code, when it failed to arrive, is asked for again by the next call', async ({
  page,
  context,
  signIn,
}) => {
  // ky, the HTTP client, comes in a chunk of its own named after its folder.
  const HTTP_CLIENT = builtChunk('distribution');
  await context.route(HTTP_CLIENT, (route) => route.abort('internetdisconnected'));
  const failed = page.waitForEvent('requestfailed', (request) => HTTP_CLIENT.test(request.url()));
  await page.goto('/');
  await failed;
  await context.unroute(HTTP_CLIENT);

  // Signing in (the plain client), then the customer's own data (the client extended for a
  // session, made while the chunk was failing), all in the same page.
  await signIn(page, '9000007101');
  await page.getByRole('banner').getByRole('button', { name: 'My Account' }).click();
  await page.getByRole('link', { name: 'Saved Address' }).click();
  await expect(page.getByRole('heading', { name: 'No saved addresses found.' })).toBeVisible();
  await expect(page.getByText('Failed to load addresses')).toHaveCount(0);
});

test('a part whose code never arrives ends in the error page, whose Try again loads the page afresh', async ({
  page,
  context,
  consoleGuard,
}) => {
  // About 15 s of tries (1, 2, 4 and 8 s apart) before the part gives up; React logs the error.
  test.setTimeout(90_000);
  consoleGuard.allow(/Failed to fetch dynamically imported module|Unable to preload CSS/);
  await context.route(cartPanelFiles(), (route) => route.abort('internetdisconnected'));
  await page.goto('/');
  await cartButton(page).click();
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible({ timeout: 40_000 });

  await context.unroute(cartPanelFiles());
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Try again' }).click();
  await reloaded;
  await cartButton(page).click();
  await expect(cartPanel(page).getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
});
