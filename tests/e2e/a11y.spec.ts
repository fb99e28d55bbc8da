import type { Page } from '@playwright/test';

import { seriousViolations } from './axe';
import { allowOfflineNoise, expect, test } from './fixtures';

/**
 * axe-core on every route, at a phone's width and a desktop's, signed out and signed in, and with
 * the dialogs and panels open: no serious or critical violation anywhere.
 */

/** Waits for the page's content (not the global loader) before checking it. */
async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

const PUBLIC_ROUTES = [
  '/',
  '/grocery-kitchen',
  '/dairy-breakfast',
  '/collection',
  '/products/1',
  '/search?q=milk',
  '/search?q=zzzzzzzz',
  '/policies/privacy_policy',
  '/policies/refund_policy',
  '/policies/shipping_policy',
  '/policies/terms_and_conditions',
  '/products/999999',
  '/no-such-page',
];
const ACCOUNT_ROUTES = [
  '/account',
  '/account/orders',
  '/account/address',
  '/account/egiftcards',
  '/account/faqs',
  '/account/privacy',
  '/checkout',
];

for (const viewport of [
  { name: 'phone', width: 360, height: 780 },
  { name: 'desktop', width: 1440, height: 900 },
]) {
  test.describe(`accessibility on a ${viewport.name} (${viewport.width} px)`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    for (const url of PUBLIC_ROUTES) {
      test(`${url} has no serious or critical violations`, async ({ page, consoleGuard }) => {
        // The not-found pages ask the API for what is not there.
        consoleGuard.allow(/status of 404/);
        await page.goto(url);
        await settle(page);
        expect(await seriousViolations(page)).toEqual([]);
      });
    }

    test('the login dialog and the cart panel have no serious or critical violations', async ({ page }) => {
      await page.goto('/products/1');
      await settle(page);
      // A suggestion's Add: on a phone the strip is drawn once the shopper scrolls down to it.
      await page.getByRole('heading', { name: 'Maybe You Like this.' }).scrollIntoViewIfNeeded();
      await page.getByRole('main').getByRole('button', { name: /^Add/ }).first().click();
      await page.getByRole('button', { name: /cart/i }).first().click();
      await expect(page.getByRole('dialog', { name: 'My Cart' })).toBeVisible();
      const found = (await seriousViolations(page)).map((v) => `cart: ${v}`);
      await page.keyboard.press('Escape');
      await page.goto('/');
      await settle(page);
      await page.getByRole('banner').getByRole('button', { name: 'Login' }).first().click();
      await expect(page.getByRole('dialog')).toBeVisible();
      found.push(...(await seriousViolations(page)).map((v) => `login: ${v}`));
      expect(found).toEqual([]);
    });

    test('the offline banner, the back-online notice and the install invitation have no serious or critical violations', async ({
      page,
      context,
      consoleGuard,
    }) => {
      allowOfflineNoise(consoleGuard);
      // A returning shopper: the invitation shows as soon as the browser offers installation.
      await page.addInitScript(() => {
        if (!localStorage.getItem('quickcart:visits')) localStorage.setItem('quickcart:visits', '1');
      });
      await page.goto('/products/1');
      await settle(page);
      const found: string[] = [];

      // Offline: the banner, and the product's price marked as possibly out of date.
      await context.setOffline(true);
      await expect(page.getByText('You are offline. Pages you have visited still open')).toBeVisible();
      await expect(page.getByText('Saved price from your last visit; it may have changed since.')).toBeVisible();
      found.push(...(await seriousViolations(page)).map((v) => `offline: ${v}`));

      // Back online: the notice stays three seconds, so only it is checked.
      await context.setOffline(false);
      const back = page.getByText('You are back online.');
      await expect(back).toBeVisible();
      await back.evaluate((element) => element.setAttribute('data-axe', 'back-online'));
      found.push(...(await seriousViolations(page, '[data-axe="back-online"]')).map((v) => `back online: ${v}`));

      // The invitation waits for the shopper's first input on the page (install-rules.ts).
      await expect
        .poll(async () => {
          await page.keyboard.press('Shift');
          await page.evaluate(() => {
            const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
              prompt: async () => undefined,
              userChoice: Promise.resolve({ outcome: 'dismissed' }),
            });
            window.dispatchEvent(offer);
          });
          return page.getByRole('region', { name: 'Install QuickCart' }).count();
        })
        .toBe(1);
      found.push(...(await seriousViolations(page)).map((v) => `install: ${v}`));
      expect(found).toEqual([]);
    });

    test('the iPhone hint for adding the store to the home screen has no serious or critical violations', async ({
      browser,
      baseURL,
    }) => {
      const iphone = await browser.newContext({
        baseURL,
        viewport: { width: viewport.width, height: viewport.height },
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      });
      try {
        const page = await iphone.newPage();
        await page.addInitScript(() => localStorage.setItem('quickcart:visits', '1'));
        await page.goto('/');
        const hint = page.getByRole('region', { name: 'Install QuickCart' });
        // Shown once the shopper has touched or typed on the page (install-rules.ts), which the
        // PWA host hears once it has loaded (a chunk fetched after the first render; on a busy
        // 2-core CI machine that took longer than the default 7 s once).
        await expect
          .poll(
            async () => {
              await page.keyboard.press('Shift');
              return hint.count();
            },
            { timeout: 15_000 },
          )
          .toBe(1);
        await expect(hint).toContainText('tap the Share button, then choose Add to Home Screen');
        await expect(hint.getByRole('button', { name: 'Install' })).toHaveCount(0);
        expect(await seriousViolations(page)).toEqual([]);
      } finally {
        await iphone.close();
      }
    });

    test('account routes and checkout have no serious or critical violations', async ({ page, signIn }) => {
      test.setTimeout(120_000);
      await page.goto('/');
      await signIn(page, viewport.name === 'phone' ? '9300000001' : '9300000002');
      const found: string[] = [];
      for (const url of ACCOUNT_ROUTES) {
        await page.goto(url);
        await settle(page);
        found.push(...(await seriousViolations(page)).map((v) => `${url}: ${v}`));
      }
      expect(found).toEqual([]);
    });
  });
}
