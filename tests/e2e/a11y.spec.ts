import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

/**
 * axe-core on every route, at a phone's width and a desktop's, signed out and signed in, and with
 * the dialogs and panels open: no serious or critical violation anywhere.
 */
// Evaluated through the DevTools protocol, which the page's strict CSP (no inline scripts) allows.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}

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
