import type { Page } from '@playwright/test';

import type { Address } from '../../server/schemas/address';
import type { PlacedOrderResponse } from '../../server/schemas/order';
import type { Product } from '../../server/schemas/product';
import {
  allowOfflineNoise,
  cartPanel,
  expect,
  goOffline,
  goOnline,
  offlineTiles,
  storedValue,
  test,
  waitForServiceWorker,
} from './fixtures';

/**
 * Issue 21, offline: nothing stale, nothing stuck. What a shopper saw online is what the saved
 * copy shows; a page never visited says it is not available offline (and opens when the
 * connection returns); a new address can be started offline; checkout never keeps a deleted
 * delivery address.
 */

const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
const MUMBAI = {
  tag: 'Home',
  name: 'Asha',
  buildingName: 'Flat 4, Sea View',
  locality: 'Hill Road, Bandra West',
  city: 'Mumbai',
  pincode: '400050',
  gps: { latitude: 19.06, longitude: 72.83 },
};

let nextMobile = 0;
const mobile = () => `96${String(Date.now() % 1e6).padStart(6, '0')}${String(nextMobile++ % 100).padStart(2, '0')}`;

const customerIdOf = async (page: Page) =>
  ((await (await page.request.get('/api/customer/me')).json()) as { data: { id: string } }).data.id;

async function saveAddress(page: Page, customerId: string, address: object = MUMBAI): Promise<Address> {
  const saved = await page.request.post(`/api/address/${customerId}`, { data: address });
  expect(saved.status(), await saved.text()).toBe(201);
  return ((await saved.json()) as { data: Address }).data;
}

async function inStockProduct(page: Page): Promise<Product> {
  const products: Product[] = await (await page.request.get('/api')).json();
  return products.find((p) => p.inStock && p.price > 100)!;
}

/** The saved React Query cache's copy of a query's data (what an offline reload restores). */
async function savedQueryData<T>(page: Page, key: unknown[]): Promise<T | undefined> {
  const saved = await storedValue<unknown>(page, 'quickcart:query-cache');
  if (typeof saved !== 'string') return undefined;
  const { clientState } = JSON.parse(saved) as {
    clientState: { queries: { queryKey: unknown[]; state: { data: T } }[] };
  };
  return clientState.queries.find((query) => JSON.stringify(query.queryKey) === JSON.stringify(key))?.state.data;
}

test('an order cancelled online reads Cancelled in My Orders after an offline reload, as its detail does', async ({
  page,
  signIn,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  allowOfflineNoise(consoleGuard);
  await page.goto('/');
  await signIn(page, mobile());
  await waitForServiceWorker(page);
  const address = await saveAddress(page, await customerIdOf(page));
  const product = await inStockProduct(page);
  const placed = await page.request.post('/api/order', {
    data: { addressId: address._id, items: [{ productId: product.id, quantity: 1, price: product.price }] },
    headers: { 'Idempotency-Key': `stale-${Date.now()}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = ((await placed.json()) as PlacedOrderResponse).data;
  const entry = () => page.getByRole('listitem', { name: `Order #${order.number}` });

  await page.goto('/account/orders');
  await expect(entry()).toContainText('Processing');
  const savedStatus = async () => {
    const list = await savedQueryData<{ data: { id: string; status: string }[] }>(page, ['orders', 'list', 1]);
    return list?.data.find((item) => item.id === order.id)?.status;
  };
  // The list as seen is saved (at most once a second).
  await expect.poll(savedStatus).toBe('processing');
  // Cancelled (here on another device); the shopper then opens the order and sees it.
  const cancelled = await page.request.post(`/api/order/${order.id}/cancel`, {
    data: { reason: 'Ordered by mistake' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await page.goto(`/account/orders/${order.id}`);
  await expect(page.getByRole('main').getByText('Cancelled').first()).toBeVisible();
  // The saved list follows what the detail showed.
  await expect.poll(savedStatus).toBe('cancelled');

  await goOffline(page);
  await page.goto('/account/orders');
  await expect(entry()).toContainText('Cancelled');
  await expect(entry()).not.toContainText('Processing');
  await goOnline(page);
});

test('offline, a page never visited says so within a second, offers what is saved, and opens when back online', async ({
  page,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  allowOfflineNoise(consoleGuard);
  await page.goto('/');
  await waitForServiceWorker(page);
  await page.reload();
  await expect(page.getByRole('region', { name: 'What are you looking for?' })).toBeVisible();
  await goOffline(page);

  const screen = page.getByRole('heading', { level: 1, name: 'Not available offline' });
  // A category never visited, reached from the navigation.
  // (It shows 400 ms after the page starts to wait; tests do not time it: decision 037.)
  await page.getByRole('navigation').getByRole('link', { name: 'Munchies' }).first().click();
  await expect(screen).toBeVisible();
  await expect(page.getByText('Loading products')).toBeHidden();
  // The way back to what is saved.
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByRole('region', { name: 'What are you looking for?' })).toBeVisible();
  await expect(screen).toBeHidden();

  // Opened offline on pages never visited: a search and a product (the app itself loads first).
  for (const url of ['/search?q=paneer', '/products/3']) {
    await page.goto(url);
    // The whole app loads from the precache first (seconds on a loaded test machine).
    await expect(screen, url).toBeVisible({ timeout: 15_000 });
  }
  await page.getByRole('button', { name: 'Go to the home page' }).click();
  await expect(page.getByRole('region', { name: 'What are you looking for?' })).toBeVisible();

  // Back online, the page completes by itself.
  await page.goto('/products/3');
  await expect(screen).toBeVisible({ timeout: 15_000 });
  await goOnline(page);
  await expect(screen).toBeHidden();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ADD TO CART' })).toBeVisible();
});

test('a new address started offline with a map tap and a typed locality is saved when the connection returns', async ({
  page,
  signIn,
  consoleGuard,
  context,
}) => {
  test.setTimeout(90_000);
  allowOfflineNoise(consoleGuard);
  await offlineTiles(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(KORAMANGALA);
  await page.goto('/');
  await signIn(page, mobile());
  await waitForServiceWorker(page);
  const customerId = await customerIdOf(page);
  await page.goto('/account/address');
  await expect(page.getByRole('heading', { name: 'No saved addresses found.' })).toBeVisible();

  await goOffline(page);
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
  // Place search cannot work offline, and says what to do instead.
  await dialog.getByRole('combobox', { name: 'Search for a place' }).fill('Koramangala');
  await expect(
    dialog.getByText('Place search needs a connection. Tap the map to pin your location instead.'),
  ).toBeVisible();
  // A tap on the map pins the point.
  const map = dialog.locator('.leaflet-container');
  await map.click({ position: { x: 120, y: 120 } });
  await expect(dialog.getByText(/^Pinned\. You are offline/)).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Confirm location' }).click();

  const form = dialog.getByRole('form');
  const locality = form.getByLabel('Locality');
  await expect(locality).toBeEditable();
  await locality.fill('5th Block, near the water tank');
  await form.getByLabel('Flat / House no / Building name').fill('Flat 9, Pinned Offline');
  await form.getByLabel('Your name').fill('Meera');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  const saved = page.getByRole('list', { name: 'Saved addresses' }).getByRole('article', {
    name: 'Home: Flat 9, Pinned Offline',
  });
  await expect(saved).toContainText('Waiting for a connection');

  await goOnline(page);
  await expect(saved).not.toContainText('Waiting for a connection');
  await expect
    .poll(async () => {
      const response = await page.request.get(`/api/address/?customer=${customerId}`);
      return ((await response.json()) as { data: Address[] }).data;
    })
    .toEqual([
      expect.objectContaining({
        buildingName: 'Flat 9, Pinned Offline',
        locality: '5th Block, near the water tank',
        city: expect.stringMatching(/\S/),
        pincode: expect.stringMatching(/^\d{6}$/),
      }),
    ]);
});

test('the map\'s "enter manually" leads to a form whose locality can be typed', async ({
  page,
  signIn,
  consoleGuard,
}) => {
  test.setTimeout(60_000);
  // The map's last point is pinned offline.
  allowOfflineNoise(consoleGuard);
  await offlineTiles(page);
  await page.goto('/');
  await signIn(page, mobile());
  await page.goto('/account/address');
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    "Your location couldn't be determined! Try again or enter manually.",
  );
  // No earlier address and no place chosen in the header: the map opened at a guess, which is
  // nobody's address. The pin goes first.
  await dialog.getByRole('button', { name: 'Enter manually' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'Put the pin on your delivery location first: tap the map, drag the pin or search for your area.',
  );
  await expect(dialog.getByRole('form').getByLabel('Locality')).not.toBeEditable();
  // A point the map names: the form starts from its locality and PIN code, to be typed over.
  await dialog.locator('.leaflet-container').click({ position: { x: 120, y: 120 } });
  await expect(dialog.getByText('Finding the address…')).toBeHidden();
  const named = await dialog.locator('p[aria-live="polite"]').textContent();
  expect(named).toContain(' · ');
  await dialog.getByRole('button', { name: 'Enter manually' }).click();
  const form = dialog.getByRole('form');
  const locality = form.getByLabel('Locality');
  await expect(locality).toBeEditable();
  await expect(locality).toHaveValue(named!.split(' · ')[1]!);
  await expect(form.getByLabel('PIN code')).toHaveValue(/^\d{6}$/);
  await expect(dialog.getByText('The locality as the map named it: change it as you want it written.')).toBeVisible();

  // A point the map cannot name (offline): the locality is the shopper's to type.
  await form.getByRole('button', { name: 'Change' }).click();
  await page.context().setOffline(true);
  await dialog.locator('.leaflet-container').click({ position: { x: 160, y: 140 } });
  await dialog.getByRole('button', { name: 'Enter manually' }).click();
  await expect(locality).toBeEditable();
  await expect(locality).toHaveValue('');
  await expect(dialog.getByText('Type your locality: the map could not name this place.')).toBeVisible();
  await page.context().setOffline(false);
});

test('"enter manually" starts from the place chosen in the header: a Bengaluru address keeps its PIN code', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  await offlineTiles(page);
  await page.goto('/');
  await signIn(page, mobile());
  const customerId = await customerIdOf(page);
  // The shopper chose Koramangala in the header's location panel.
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^Delivery location: / })
    .click();
  const panel = page.getByRole('dialog', { name: 'Choose your delivery location' });
  await panel.getByRole('searchbox', { name: 'Search delivery location' }).fill('560034');
  await panel
    .getByRole('list', { name: 'Places found' })
    .getByRole('button')
    .filter({ hasText: '560034' })
    .first()
    .click();
  await expect
    .poll(() => storedValue<{ pincode?: string }>(page, 'selectedLocation'))
    .toMatchObject({ pincode: '560034' });
  await page.keyboard.press('Escape');
  await page.goto('/account/address');
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
  await dialog.getByRole('button', { name: 'Enter manually' }).click();
  const form = dialog.getByRole('form');
  await form.getByLabel('Locality').fill('5th Block, near the water tank');
  await form.getByRole('button', { name: 'Home' }).click();
  await form.getByLabel('Flat / House no / Building name').fill('Flat 2, Lake View');
  await form.getByLabel('Your name').fill('Asha');
  await form.getByLabel('PIN code').fill('560034');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  const response = await page.request.get(`/api/address/?customer=${customerId}`);
  const [saved] = ((await response.json()) as { data: Address[] }).data;
  expect(saved).toMatchObject({ pincode: '560034', city: 'Bengaluru' });
  expect(Math.abs(saved!.gps.latitude - KORAMANGALA.latitude)).toBeLessThan(0.1);
});

test('deleting the delivery address makes checkout ask for another, and no floating bar covers checkout', async ({
  page,
  signIn,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  // The quote for the deleted address answers 404: that is how checkout learns of it.
  consoleGuard.allow(/status of 404/);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await signIn(page, mobile());
  const customerId = await customerIdOf(page);
  const first = await saveAddress(page, customerId);
  await saveAddress(page, customerId, { ...MUMBAI, tag: 'Work', buildingName: 'Office 7, Link Road' });
  const product = await inStockProduct(page);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await cartPanel(page)
    .getByRole('button', { name: /^Proceed/ })
    .click();
  const addresses = page.getByRole('dialog', { name: 'Select delivery address' });
  await addresses.getByRole('button', { name: /Flat 4, Sea View/ }).click();
  await addresses.getByRole('button', { name: /^Proceed/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const main = page.getByRole('main');
  await expect(main.getByText('Flat 4, Sea View')).toBeVisible();
  await expect(page.getByRole('button', { name: /View cart/ })).toHaveCount(0);

  // Deleted (on another device) while the shopper is on its way to checkout.
  const deleted = await page.request.delete(`/api/address/${first._id}`);
  expect(deleted.ok(), await deleted.text()).toBe(true);
  await page.reload();
  await expect(main.getByRole('alert').filter({ hasText: 'no longer saved' })).toHaveText(
    'The delivery address you chose is no longer saved. Choose another address for this order.',
  );
  await expect(main.getByText('Flat 4, Sea View')).toHaveCount(0);
  await expect(main.getByText(/Try again/)).toHaveCount(0);
  await expect(main.getByRole('button', { name: /^Place order/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: /View cart/ })).toHaveCount(0);

  await main.getByRole('button', { name: 'Choose' }).click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  await picker.getByRole('button', { name: /Office 7, Link Road/ }).click();
  // The picker closes once the address is stored (its list holds the same words until then).
  await expect(picker).toBeHidden();
  await expect(main.getByText('Office 7, Link Road')).toBeVisible();
  await expect(main.getByRole('alert').filter({ hasText: 'no longer saved' })).toHaveCount(0);
});
