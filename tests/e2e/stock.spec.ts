/**
 * Stock per dark store (issue 18, decision 034): a product the Koramangala store has none of is
 * "Out of stock near you" for a shopper who chose a place there, while a shopper in Bandra can
 * add it to the cart; the Koramangala manager adds a delivery in the console's Stock section and
 * the storefront there then shows how few are left.
 */
import type { Browser, Page } from '@playwright/test';

import type { ServerProcess } from '../support/server-process';
import { expect, storeValue, test as base } from './fixtures';
import { addStaff, listStores, ops, signInToConsole, withPreparedServer } from './console';

const MANAGER = '9123400011';
const KORAMANGALA = { label: 'Koramangala, Bengaluru', place: { latitude: 12.9352, longitude: 77.6245 } };
const BANDRA = { label: 'Bandra West, Mumbai', place: { latitude: 19.06, longitude: 72.83 } };

/** The product the fixture emptied at Koramangala. */
let product: { id: number; name: string };

// Seeded once; then the command line adds the Koramangala manager and empties that store's
// shelf of one product (every other store keeps the seeded count).
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) =>
      withPreparedServer(
        'stock',
        (dataDir, products) => {
          const chosen = products.find((p) => p.inStock && products.filter((q) => q.name === p.name).length === 1)!;
          const koramangala = listStores(dataDir).find((store) => store.label.includes('Koramangala'))!.id;
          addStaff(dataDir, MANAGER, 'manager', koramangala);
          product = { id: chosen.id, name: chosen.name };
          expect(
            ops(dataDir, 'stock', String(product.id), '--store', koramangala, '--set', '0', '--reason', 'e2e'),
          ).toMatch(/-> 0$/);
        },
        use,
      ),
    { scope: 'worker', timeout: 300_000 },
  ],
});

/** A shopper's own browser (no cached answers) with a place chosen in the header. */
async function shopperIn(browser: Browser, baseURL: string, place: typeof BANDRA): Promise<Page> {
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/');
  await storeValue(page, 'selectedLocation', place);
  return page;
}

test('a product out of stock near one store is bought near another; a manager’s delivery puts it back', async ({
  page,
  browser,
  server,
}) => {
  test.setTimeout(180_000);

  const inKoramangala = await shopperIn(browser, server.url, KORAMANGALA);
  await inKoramangala.goto(`/products/${product.id}`);
  await expect(inKoramangala.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(inKoramangala.getByText('Out of stock near you')).toBeVisible();

  const inBandra = await shopperIn(browser, server.url, BANDRA);
  await inBandra.goto(`/products/${product.id}`);
  await expect(inBandra.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(inBandra.getByText('In stock', { exact: true })).toBeVisible();
  await expect(inBandra.getByText('Out of stock near you')).toHaveCount(0);

  // The Koramangala manager takes a delivery of 3 in the console.
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Store console' })).toBeVisible();
  await signInToConsole(page, server.dataDir, MANAGER);
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Stock' }).click();
  await expect(page.getByRole('heading', { name: /^Stock at Koramangala/ })).toBeVisible();
  await page.getByLabel('Show').selectOption('out');
  await page.getByLabel('Find a product').fill(product.name);
  const row = page.getByRole('list', { name: 'Stock' }).getByRole('listitem').filter({ hasText: product.name });
  await expect(row).toContainText('Out of stock');
  await row.getByRole('button', { name: `Adjust stock of ${product.name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Adjust ${product.name}` });
  await dialog.getByLabel('Add a delivery').check();
  await dialog.getByLabel('Units delivered').fill('3');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/Say why/);
  await dialog.getByLabel('Reason').fill('Morning delivery');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    `Saved. ${product.name}: 0 → 3 at Koramangala.`,
  );

  // A shopper there now finds it, with how few are left.
  const again = await shopperIn(browser, server.url, KORAMANGALA);
  await again.goto(`/products/${product.id}`);
  await expect(again.getByText('Only 3 left')).toBeVisible();
  await expect(again.getByText('Out of stock near you')).toHaveCount(0);
});
