/**
 * The live orders board (issue 18): a picker added with the command line signs in at /ops on a
 * 768 px tablet, sees an order a shopper places in another browser context appear without
 * reloading, packs and dispatches it (by keyboard and pointer), and the shopper's My Orders
 * shows it dispatched.
 */

import type { Product } from '../../server/schemas/product';
import type { ServerProcess } from '../support/server-process';
import { expect, signInWith, test as base } from './fixtures';
import { addStaff, listStores, signInToConsole, withPreparedServer } from './console';

const PICKER = '9123400011';
const SHOPPER = '9123400012';

interface Store {
  id: string;
  latitude: number;
  longitude: number;
}

const test = base.extend<object, { server: ServerProcess; store: Store }>({
  store: [
    // Filled in by the server fixture.
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => use({ id: '', latitude: 0, longitude: 0 }),
    { scope: 'worker' },
  ],
  server: [
    async ({ store }, use) =>
      withPreparedServer(
        'board',
        (dataDir) => {
          Object.assign(store, listStores(dataDir)[0]);
          addStaff(dataDir, PICKER, 'picker', store.id);
        },
        use,
      ),
    { scope: 'worker', timeout: 300_000 },
  ],
});

test('a picker sees a new order appear live, packs and dispatches it; the shopper sees it dispatched', async ({
  page,
  browser,
  server,
  store,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 768, height: 1024 });

  // The picker opens the board.
  await page.goto('/ops');
  await signInToConsole(page, server.dataDir, PICKER);
  await expect(page.getByText(/^Picker · .+ · /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { name: /^Orders/ })).toBeVisible();
  await expect(page.getByText('Live', { exact: true })).toBeVisible();
  await expect(page.getByText('No orders to handle right now.')).toBeVisible();

  // A shopper, in a browser of their own, places an order in the store's area.
  const shopperContext = await browser.newContext({ baseURL: server.url });
  const shopper = await shopperContext.newPage();
  await shopper.goto('/');
  await signInWith(shopper, server.dataDir, SHOPPER);
  const me = await (await shopper.request.get('/api/customer/me')).json();
  const address = await shopper.request.post(`/api/address/${me.data.id}`, {
    data: {
      tag: 'Home',
      name: 'Asha',
      buildingName: 'Flat 4',
      locality: 'Near the store',
      city: 'Mumbai',
      gps: { latitude: store.latitude, longitude: store.longitude },
    },
  });
  expect(address.status(), await address.text()).toBe(201);
  const addressId = (await address.json()).data._id as string;
  const products: Product[] = await (await shopper.request.get('/api?limit=24')).json();
  const product = products.find((p) => p.inStock)!;
  const placed = await shopper.request.post('/api/order', {
    headers: { 'idempotency-key': 'board-e2e-order-1' },
    data: {
      addressId,
      items: [{ productId: product.id, quantity: 2, price: product.price }],
      useGiftCardBalance: false,
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()).data as { id: string; number: number };

  // It appears on the board without a reload, with a badge.
  const card = page.getByRole('listitem', { name: `Order #${order.number}` });
  await expect(card).toBeVisible({ timeout: 5000 });
  await expect(page.getByRole('button', { name: '1 new order; mark as seen' })).toBeVisible();
  const toPack = page.getByRole('region', { name: /^To pack/ });
  await expect(toPack.getByRole('listitem', { name: `Order #${order.number}` })).toContainText('2 items');
  await expect(card).toContainText(/Waiting \d+:\d\d/);

  // The picking list, then pack by keyboard.
  await card.getByRole('button', { name: 'Picking list' }).click();
  await expect(card.getByRole('list', { name: 'Picking list, in shelf order' })).toContainText(`2 × ${product.name}`);
  await card.getByRole('button', { name: `Pack #${order.number}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(`Order ${order.number} is now packed.`)).toBeVisible();
  const packed = page
    .getByRole('region', { name: /^Packed/ })
    .getByRole('listitem', { name: `Order #${order.number}` });
  await expect(packed).toBeVisible();
  // A picker has no cancel.
  await expect(packed.getByRole('button', { name: 'Cancel…' })).toHaveCount(0);
  await packed.getByRole('button', { name: `Dispatch #${order.number}` }).click();
  await expect(
    page.getByRole('region', { name: /^On the way/ }).getByRole('listitem', { name: `Order #${order.number}` }),
  ).toBeVisible();

  // The shopper's My Orders shows it dispatched.
  await shopper.goto('/account/orders');
  await expect(shopper.locator(`[data-status="dispatched"]`).first()).toHaveText('Dispatched');
  await shopperContext.close();
});
