/**
 * The store console's own shell (decision 038): none of the shopper's header, cart, footer or
 * install invitation; its sign-in screen, catalogue list, product editor and audit log at a
 * phone's, a tablet's and a desk's width with no horizontal overflow and no serious axe
 * violation; and keyboard use: the tab order, focus into the login dialog and the product
 * editor and back, and sign-out back to the console's sign-in screen.
 */

import type { Page } from '@playwright/test';

import type { ServerProcess } from '../support/server-process';
import { seriousViolations } from './axe';
import { builtChunk, expect, signInWith, test as base, waitForServiceWorker } from './fixtures';
import { addStaff, signInToConsole, withPreparedServer } from './console';

/** One admin per test: each signs in afresh (a new browser context). */
const ADMINS = { 360: '9123400011', 768: '9123400012', 1440: '9123400013', keyboard: '9123400014' } as const;

// Seeded once, then the command line adds the admins.
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) =>
      withPreparedServer(
        'ops-shell',
        (dataDir) => Object.values(ADMINS).forEach((mobile) => addStaff(dataDir, mobile, 'admin')),
        use,
      ),
    { scope: 'worker', timeout: 600_000 },
  ],
});

/** How far the page is wider than the window (0 when nothing overflows sideways). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/** What the console may not show: the shopper's header, cart and footer. */
async function expectNoShopperChrome(page: Page) {
  await expect(page.getByRole('searchbox', { name: /search/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(My Card|\d+ Items)/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /location|deliver/i })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: /categor/i })).toHaveCount(0);
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('main')).toHaveCount(1);
}

for (const width of [360, 768, 1440] as const) {
  test(`the console at ${width} px: sign-in, catalogue, editor and audit log fit and pass axe`, async ({
    page,
    server,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 1024 });
    const found: string[] = [];
    const check = async (step: string) => {
      await settle(page);
      expect(await overflow(page), `${step}: horizontal overflow`).toBeLessThanOrEqual(0);
      found.push(...(await seriousViolations(page)).map((v) => `${step}: ${v}`));
    };

    await page.goto('/ops');
    await expect(page.getByRole('heading', { name: 'Store console', level: 1 })).toBeVisible();
    await expectNoShopperChrome(page);
    await expect(page.getByRole('link', { name: 'quickcart Store' })).toBeVisible();
    await check('sign-in');

    await signInToConsole(page, server.dataDir, ADMINS[width]);
    const banner = page.getByRole('banner');
    await expect(banner.getByText(/^Admin · All stores · /)).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Sign out' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
      'Catalogue',
      'Orders',
      'Stock',
      'Audit log',
    ]);
    await expectNoShopperChrome(page);
    await expect(page.getByRole('list', { name: 'Products' }).getByRole('listitem').first()).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Catalogue' }),
    ).toHaveAttribute('aria-current', 'page');
    await check('catalogue');

    const first = page
      .getByRole('list', { name: 'Products' })
      .getByRole('button', { name: /^Edit / })
      .first();
    const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
    await first.click();
    const form = page.getByRole('form', { name: 'Edit product' });
    await expect(form.getByLabel('Name')).toHaveValue(name);
    await check('editor');

    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Audit records, newest first' })).toBeVisible();
    // Only the section on screen is the current one.
    const nav = page.getByRole('navigation', { name: 'Console' });
    await expect(nav.getByRole('link', { name: 'Audit log' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Catalogue' })).not.toHaveAttribute('aria-current', 'page');
    await check('audit log');

    expect(found).toEqual([]);
  });
}

test('the console by keyboard: tab order, the login dialog, the product editor and sign-out', async ({
  page,
  server,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/ops');
  await settle(page);

  // Signed out: the skip link, the brand, then the page's one action.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'quickcart Store' })).toBeFocused();
  await page.keyboard.press('Tab');
  const signIn = page.getByRole('main').getByRole('button', { name: 'Sign in' });
  await expect(signIn).toBeFocused();

  // The login dialog takes the focus and gives it back on Escape.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Mobile number')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(signIn).toBeFocused();

  await page.keyboard.press('Enter');
  await signInWith(page, server.dataDir, ADMINS.keyboard);
  await expect(page.getByRole('banner').getByText(/^Admin · /)).toBeVisible();
  await settle(page);

  // Signed in: the skip link goes to the page; from it, the brand, sign-out, the sections, the page.
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await skip.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  const order = [
    skip,
    page.getByRole('link', { name: 'quickcart Store' }),
    page.getByRole('button', { name: 'Sign out' }),
    page.getByRole('link', { name: 'Catalogue' }),
    page.getByRole('link', { name: 'Orders' }),
    page.getByRole('link', { name: 'Stock' }),
    page.getByRole('link', { name: 'Audit log' }),
    page.getByRole('button', { name: 'Add a product' }),
    page.getByLabel('Find a product'),
  ];
  await skip.focus();
  for (const [i, element] of order.entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await expect(element).toBeFocused();
  }

  // The editor: Enter on a product's Edit takes the focus to the editor; "Back to products" returns it.
  const edit = page
    .getByRole('list', { name: 'Products' })
    .getByRole('button', { name: /^Edit / })
    .nth(1);
  const name = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name, level: 2 })).toBeFocused();
  await page.keyboard.press('Tab');
  const back = page.getByRole('button', { name: 'Back to products' });
  await expect(back).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('form', { name: 'Edit product' }).getByLabel('Name')).toBeFocused();
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: 'Edit product' })).toHaveCount(0);
  await expect(edit).toBeFocused();

  // A section change puts the focus at the start of the new section.
  await page.getByRole('link', { name: 'Audit log' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Audit log', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Store console: Audit log', level: 1 })).toBeFocused();

  // Sign-out leaves the staff member on the console's sign-in screen, not the storefront.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('main').getByRole('button', { name: 'Sign in' })).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(/\/ops$/);
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expectNoShopperChrome(page);
});

test('the storefront keeps its own header, cart and footer', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'QuickCart home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'quickcart Store' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toBeVisible();
});

test('a returning visitor is invited to install on the storefront, never on the console, which keeps the offline banner', async ({
  page,
  context,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|Failed to load resource/);
  await page.addInitScript(() => {
    if (!localStorage.getItem('quickcart:visits')) localStorage.setItem('quickcart:visits', '1');
  });
  const offerInstall = () =>
    page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed' }),
      });
      window.dispatchEvent(offer);
    });
  const invitation = page.getByRole('region', { name: 'Install QuickCart' });

  // The storefront invites a returning visitor once the browser offers installation ...
  await page.goto('/');
  await settle(page);
  // The invitation waits for the shopper's first input on the page (install-rules.ts).
  await expect
    .poll(async () => {
      await page.keyboard.press('Shift');
      await offerInstall();
      return invitation.count();
    })
    .toBe(1);

  // ... the console does not, though the app's own notices are there (the offline banner).
  await page.goto('/ops');
  await settle(page);
  await context.setOffline(true);
  await expect(page.getByText('You are offline. Pages you have visited still open')).toBeVisible();
  await context.setOffline(false);
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Shift');
    await offerInstall();
    await page.waitForTimeout(200);
  }
  await expect(invitation).toHaveCount(0);
  await expectNoShopperChrome(page);
});

test("a shopper's phone does not keep the console's code; staff get it from the server when they open the console", async ({
  page,
}) => {
  const consoleCode = builtChunk('ops._', { css: true });
  await page.goto('/');
  await waitForServiceWorker(page);
  const cached = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
  const stored = await cached();
  expect(stored.filter((url) => url.startsWith('/assets/')).length, 'the precache holds the store').toBeGreaterThan(20);
  expect(stored.filter((url) => consoleCode.test(url))).toEqual([]);

  // Under the same service worker, the console opens: its code comes from the server.
  const consoleScript = builtChunk('ops._');
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (consoleScript.test(new URL(response.url()).pathname) && response.ok()) fetched.push(response.url());
  });
  // The page itself from the server too (its noindex header), not the precached shell: after a
  // release, a shell of the worker being replaced names console files the server no longer has.
  const opened = await page.goto('/ops');
  expect(await opened!.headerValue('x-robots-tag')).toContain('noindex');
  await expect(page.getByRole('heading', { name: 'Store console', level: 1 })).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(fetched.length, "the console's script").toBeGreaterThanOrEqual(1);
  expect((await cached()).filter((url) => consoleCode.test(url))).toEqual([]);
});
