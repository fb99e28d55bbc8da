import type { Locator, Page } from '@playwright/test';

import type { Address } from '../../server/schemas/address';
import {
  addToCart,
  allowOfflineNoise,
  homeProducts,
  cartButton,
  expect,
  goOffline,
  goOnline,
  offlineTiles,
  offlineBanner,
  storedValue,
  test,
  waitForServiceWorker,
} from './fixtures';

/**
 * Address changes made offline (issue 7): they show as pending, survive a reload while still
 * offline (paused mutations saved in IndexedDB and restored), are sent by themselves when the
 * connection returns, and a conflict met on the way is shown rather than lost.
 */

const PUNE = { latitude: 18.5204, longitude: 73.8567 };
const PENDING = 'Waiting for a connection';
const PENDING_DELETE = 'Deleting when you are back online';

let nextMobile = 0;
const mobile = () => `97${String(Date.now() % 1e6).padStart(6, '0')}${String(nextMobile++ % 100).padStart(2, '0')}`;

const list = (page: Page) => page.getByRole('list', { name: 'Saved addresses' });
const card = (page: Page, tag: string, building: string) =>
  list(page).getByRole('article', { name: `${tag}: ${building}` });
const editor = (page: Page) => page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
const addressForm = (scope: Locator) => scope.getByRole('form');

/** The signed-in customer's id, from the readable session cookie. */
const customerIdOf = (page: Page) =>
  page.evaluate(
    () =>
      (JSON.parse(decodeURIComponent(/_auth_state=([^;]+)/.exec(document.cookie)![1]!)) as { user: { id: string } })
        .user.id,
  );

/** Saves an address straight through the API, with the page's session cookies. */
async function createAddress(page: Page, customerId: string, tag: string, buildingName: string): Promise<Address> {
  const response = await page.request.post(`/api/address/${customerId}`, {
    data: {
      tag,
      locality: 'Koregaon Park, Pune',
      buildingName,
      name: 'Asha Rao',
      mobile: '9876543210',
      gps: PUNE,
      city: 'Pune',
      state: 'Maharashtra',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: Address }).data;
}

async function serverAddresses(page: Page, customerId: string): Promise<Address[]> {
  const response = await page.request.get(`/api/address/?customer=${customerId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: Address[] }).data;
}

/** The address changes waiting in the saved React Query cache (IndexedDB), by mutation key. */
const savedMutationKinds = async (page: Page) => {
  const saved = await storedValue<unknown>(page, 'quickcart:query-cache');
  if (typeof saved !== 'string') return [];
  const { clientState } = JSON.parse(saved) as { clientState: { mutations: { mutationKey: string[] }[] } };
  return clientState.mutations.map((m) => m.mutationKey.join(':')).sort();
};

async function openMenu(page: Page, target: Locator, tag: string, item: 'Edit' | 'Delete') {
  await target.getByRole('button', { name: `Address options for ${tag}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function signedInWithServiceWorker(page: Page, signIn: (page: Page, mobile: string) => Promise<void>) {
  await page.goto('/');
  await signIn(page, mobile());
  await waitForServiceWorker(page);
  return customerIdOf(page);
}

test('an add, an edit and a delete made offline survive an offline reload and sync by themselves', async ({
  page,
  context,
  signIn,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  allowOfflineNoise(consoleGuard);
  await offlineTiles(page);
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(PUNE);
  const customerId = await signedInWithServiceWorker(page, signIn);
  const kept = await createAddress(page, customerId, 'Home', 'Flat 1, Before Edit');
  await createAddress(page, customerId, 'Work', 'Office 2, To Remove');

  await page.goto('/account/address');
  await expect(card(page, 'Home', 'Flat 1, Before Edit')).toBeVisible();
  await expect(card(page, 'Work', 'Office 2, To Remove')).toBeVisible();

  // The new address's place is picked while online (naming a place asks the server)...
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = editor(page);
  await dialog.getByRole('button', { name: 'Use current location' }).click();
  await expect(dialog.getByText(/Pune, Maharashtra 411\d{3}, India/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  await addressForm(dialog).getByLabel('Flat / House no / Building name').fill('Villa 3, Added Offline');
  await addressForm(dialog).getByLabel('Your name').fill('Meera');

  // ...and everything is saved with the connection gone.
  await goOffline(page);
  await addressForm(dialog).getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Home', 'Villa 3, Added Offline')).toContainText(PENDING);

  await openMenu(page, card(page, 'Home', 'Flat 1, Before Edit'), 'Home', 'Edit');
  await expect(addressForm(dialog).getByRole('heading', { name: 'Edit Address' })).toBeVisible();
  await addressForm(dialog).getByLabel('Flat / House no / Building name').fill('Flat 1, Edited Offline');
  await addressForm(dialog).getByRole('button', { name: 'Update Address' }).click();
  await expect(dialog).toBeHidden();
  await expect(card(page, 'Home', 'Flat 1, Edited Offline')).toContainText(PENDING);

  await openMenu(page, card(page, 'Work', 'Office 2, To Remove'), 'Work', 'Delete');
  await page
    .getByRole('dialog', { name: 'Are you sure you want to delete this address?' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(card(page, 'Work', 'Office 2, To Remove')).toContainText(PENDING_DELETE);

  // The three waiting changes reach IndexedDB (the saved cache is written at most once a second).
  await expect.poll(() => savedMutationKinds(page)).toEqual(['address:add', 'address:delete', 'address:edit']);

  // A reload while still offline: the changes are restored and still shown as waiting.
  await page.reload();
  await expect(offlineBanner(page)).toBeVisible();
  await expect(card(page, 'Home', 'Villa 3, Added Offline')).toContainText(PENDING);
  await expect(card(page, 'Home', 'Flat 1, Edited Offline')).toContainText(PENDING);
  await expect(card(page, 'Work', 'Office 2, To Remove')).toContainText(PENDING_DELETE);
  // They wait for the connection: no attempt is made and given up on while offline (three
  // failed tries with back-off would take about 7 s and turn them into failures).
  await page.waitForTimeout(9000);
  await expect(list(page)).toContainText(PENDING);
  await expect(card(page, 'Work', 'Office 2, To Remove')).toContainText(PENDING_DELETE);
  await expect(page.getByRole('alert')).toHaveCount(0);
  // Nothing was sent meanwhile.
  expect((await serverAddresses(page, customerId)).map((a) => a.buildingName).sort()).toEqual([
    'Flat 1, Before Edit',
    'Office 2, To Remove',
  ]);

  // Back online: sent by themselves, the marks go away.
  await goOnline(page);
  await expect(card(page, 'Home', 'Flat 1, Edited Offline')).toBeVisible();
  await expect(card(page, 'Work', 'Office 2, To Remove')).toHaveCount(0);
  await expect(card(page, 'Home', 'Villa 3, Added Offline')).toBeVisible();
  await expect(list(page)).not.toContainText(PENDING);
  await expect(page.getByRole('alert')).toHaveCount(0);

  const onServer = await serverAddresses(page, customerId);
  expect(onServer.map((a) => a.buildingName).sort()).toEqual(['Flat 1, Edited Offline', 'Villa 3, Added Offline']);
  expect(onServer.find((a) => a._id === kept._id)).toMatchObject({
    buildingName: 'Flat 1, Edited Offline',
    version: 2,
  });
  // Nothing left waiting in storage either.
  await expect.poll(() => savedMutationKinds(page)).toEqual([]);
});

test('an edit queued offline that meets a newer copy on the server shows the conflict, not silence', async ({
  page,
  context,
  signIn,
  consoleGuard,
}) => {
  test.setTimeout(90_000);
  allowOfflineNoise(consoleGuard);
  // The browser logs the refused PUT itself; the test checks what the shopper is told.
  consoleGuard.allow(/status of 409/);
  await offlineTiles(page);
  const customerId = await signedInWithServiceWorker(page, signIn);
  const address = await createAddress(page, customerId, 'Home', 'Flat 5, First Copy');

  await page.goto('/account/address');
  await expect(card(page, 'Home', 'Flat 5, First Copy')).toBeVisible();
  await goOffline(page);
  await openMenu(page, card(page, 'Home', 'Flat 5, First Copy'), 'Home', 'Edit');
  const dialog = editor(page);
  await addressForm(dialog).getByLabel('Flat / House no / Building name').fill('Flat 5, My Offline Edit');
  await addressForm(dialog).getByRole('button', { name: 'Update Address' }).click();
  await expect(card(page, 'Home', 'Flat 5, My Offline Edit')).toContainText(PENDING);
  await expect.poll(() => savedMutationKinds(page)).toEqual(['address:edit']);
  await page.reload();
  await expect(card(page, 'Home', 'Flat 5, My Offline Edit')).toContainText(PENDING);

  // Meanwhile another device changes the same address (its version moves on).
  const changed = await page.request.put(`/api/address/${address._id}`, {
    data: { ...address, buildingName: 'Flat 5, Other Device' },
  });
  expect(changed.status()).toBe(200);

  await context.setOffline(false);
  const conflict = page.getByRole('alert').filter({ hasText: 'changed on another device' });
  await expect(conflict).toBeVisible();
  // The address as it now is, and no change still pretending to wait.
  await expect(card(page, 'Home', 'Flat 5, Other Device')).toBeVisible();
  await expect(list(page)).not.toContainText(PENDING);
  expect((await serverAddresses(page, customerId)).map((a) => a.buildingName)).toEqual(['Flat 5, Other Device']);
  await conflict.getByRole('button', { name: 'Dismiss' }).click();
  await expect(conflict).toBeHidden();
});

const cartPanel = (page: Page) => page.getByRole('dialog', { name: /^(My Cart|Select delivery address)$/ });
const choice = (page: Page, building: string) =>
  page.getByRole('dialog', { name: 'Select delivery address' }).getByRole('button', { name: new RegExp(building) });

/** The delivery address kept in IndexedDB (the spec's 'deliveryAddress' key). */
const storedDeliveryAddressId = async (page: Page) =>
  (await storedValue<{ _id: string } | null>(page, 'deliveryAddress'))?._id ?? null;

/** The cart's 'Select delivery address' view, from the cart panel (open). */
async function openDeliveryChoice(page: Page) {
  await cartPanel(page)
    .getByRole('button', { name: /^Proceed/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Select delivery address' })).toBeVisible();
}

test('the delivery address and the address being edited follow across tabs and reloads', async ({
  page,
  context,
  request,
  signIn,
}) => {
  test.setTimeout(90_000);
  await offlineTiles(page);
  const customerId = await signedInWithServiceWorker(page, signIn);
  const home = await createAddress(page, customerId, 'Home', 'Flat 1, Tab One');
  const work = await createAddress(page, customerId, 'Work', 'Office 2, Tab Two');
  const products = (await (await request.get('/api')).json()) as { name: string; inStock: boolean }[];
  const product = products.find((p) => p.inStock)!;
  await addToCart(page, product.name);
  await expect(cartButton(page)).toHaveAccessibleName(/^1 Items/);

  // Both tabs show the cart's address choice. A page that loads starts with its cart closed
  // (decision 037), so the second tab opens it itself.
  await cartButton(page).click();
  await openDeliveryChoice(page);
  const other = await context.newPage();
  await offlineTiles(other);
  await other.goto('/');
  await expect(cartButton(other)).toHaveAccessibleName(/^1 Items/);
  await expect(cartPanel(other)).toBeHidden();
  await cartButton(other).click();
  await expect(cartPanel(other)).toBeVisible();
  await openDeliveryChoice(other);

  // A choice in one tab shows in the other at once, both ways.
  await choice(page, 'Flat 1, Tab One').click();
  await expect(choice(page, 'Flat 1, Tab One')).toHaveAttribute('aria-pressed', 'true');
  await expect(choice(other, 'Flat 1, Tab One')).toHaveAttribute('aria-pressed', 'true');
  await choice(other, 'Office 2, Tab Two').click();
  await expect(choice(page, 'Office 2, Tab Two')).toHaveAttribute('aria-pressed', 'true');
  await expect(choice(page, 'Flat 1, Tab One')).toHaveAttribute('aria-pressed', 'false');

  // After a reload the cart starts closed and the choice is kept: Proceed goes straight on.
  await page.reload();
  await expect(cartPanel(page)).toBeHidden();
  expect(await storedDeliveryAddressId(page)).toBe(work._id);
  await cartButton(page).click();
  await expect(cartPanel(page)).toBeVisible();
  await cartPanel(page)
    .getByRole('button', { name: /^Proceed/ })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(cartPanel(page)).toBeHidden();

  // Tab 1 edits an address while tab 2 opens (and closes) the form for a new one: tab 1's edit
  // stays an edit of the same address, and saves as one.
  await page.goto('/account/address');
  await openMenu(page, card(page, 'Home', 'Flat 1, Tab One'), 'Home', 'Edit');
  const dialog = editor(page);
  await addressForm(dialog).getByLabel('Flat / House no / Building name').fill('Flat 1, Edited In Tab One');

  await other.goto('/account/address');
  await other.getByRole('button', { name: '+ Add new address' }).click();
  await expect(editor(other)).toBeVisible();
  await other.keyboard.press('Escape');
  await expect(editor(other)).toBeHidden();

  await expect(addressForm(dialog).getByRole('heading', { name: 'Edit Address' })).toBeVisible();
  await expect(addressForm(dialog).getByLabel('Flat / House no / Building name')).toHaveValue(
    'Flat 1, Edited In Tab One',
  );
  await addressForm(dialog).getByRole('button', { name: 'Update Address' }).click();
  await expect(card(page, 'Home', 'Flat 1, Edited In Tab One')).toBeVisible();
  // The card shows the edit at once (optimistic); the server has it a moment later.
  await expect
    .poll(async () => (await serverAddresses(page, customerId)).map((a) => a.buildingName).sort())
    .toEqual(['Flat 1, Edited In Tab One', 'Office 2, Tab Two']);
  const onServer = await serverAddresses(page, customerId);
  expect(onServer.find((a) => a._id === home._id)?.version).toBe(2);
  // Tab 2 shows the edit after a reload.
  await other.reload();
  await expect(card(other, 'Home', 'Flat 1, Edited In Tab One')).toBeVisible();
});

test('saved addresses never loaded on this device say they wait for the connection, then show', async ({
  page,
  request,
  signIn,
  consoleGuard,
}) => {
  allowOfflineNoise(consoleGuard);
  const [product] = await homeProducts(request);
  await page.goto('/');
  await signIn(page, mobile());
  await createAddress(page, await customerIdOf(page), 'Home', 'Flat 3, Palm Grove');
  await addToCart(page, product!.name);
  await goOffline(page);

  await cartButton(page).click();
  const cart = page.getByRole('dialog', { name: 'My Cart' });
  await cart.getByRole('button', { name: /^Proceed/ }).click();
  const addresses = page.getByRole('dialog', { name: 'Select delivery address' });
  const waiting = addresses.getByRole('status').filter({
    hasText: 'You are offline. Your saved addresses will show here once you are back online.',
  });
  await expect(waiting).toBeVisible();
  await expect(addresses.getByText('Loading your addresses')).toHaveCount(0);

  await goOnline(page);
  await expect(addresses.getByRole('button', { name: /Flat 3, Palm Grove/ })).toBeVisible();
  await expect(waiting).toHaveCount(0);
});
