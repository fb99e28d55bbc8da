import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';

import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { products } from '../../server/db/schema';
import { seedCatalog } from '../../server/db/seed/seed';
import { runOps } from '../../server/ops/cli';
import { startServer, type ServerProcess } from '../support/server-process';
import { setStock } from '../support/stock';
import {
  cartButton,
  builtChunk,
  cartPanel,
  offlineTiles,
  expect,
  loseOrderAnswer,
  SERVER_START_MS,
  test as base,
  waitForOtp,
  waitForServiceWorker,
} from './fixtures';

/**
 * Checkout end to end. The store is prepared before the server starts, as staff would: known
 * prices and stock, shoppers with saved addresses (one outside the delivery area) and an e-gift
 * card issued with the ops command.
 */
interface Prepared {
  server: ServerProcess;
  /** Product ids with fixed prices: cheap (₹40, MRP ₹50) and dear (₹120). */
  cheap: number;
  dear: number;
  /** A product whose price a test changes (₹60 before). */
  repriced: number;
  giftCardCode: string;
  /** A second card, for the test that pays partly by gift card online. */
  secondGiftCardCode: string;
}

const SHOPPERS = {
  orders: '9300000001',
  cancel: '9300000002',
  giftCard: '9300000003',
  faraway: '9300000004',
  // A number of its own per test: a second code to one number within 30 s is refused (resend wait).
  stranger: '9300000005',
  repriced: '9300000006',
  lostReply: '9300000007',
  resumed: '9300000008',
  edited: '9300000009',
  /** An admin who changes a price in the store console. */
  staff: '9300000099',
} as const;

const test = base.extend<object, { prepared: Prepared; server: ServerProcess }>({
  prepared: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-checkout-'));
      const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'test' });
      const database = await openDatabase({ dataDir });
      await database.migrate();
      await seedCatalog(database.db);
      const [first, second, third] = await database.db
        .select({ id: products.id })
        .from(products)
        .orderBy(products.id)
        .limit(3);
      await database.db.update(products).set({ pricePaise: 4000, mrpPaise: 5000 }).where(eq(products.id, first!.id));
      await setStock(database.db, first!.id, 50, 'every store');
      await database.db.update(products).set({ pricePaise: 12000, mrpPaise: 12000 }).where(eq(products.id, second!.id));
      await setStock(database.db, second!.id, 50, 'every store');
      await database.db.update(products).set({ pricePaise: 6000, mrpPaise: 8000 }).where(eq(products.id, third!.id));
      await setStock(database.db, third!.id, 50, 'every store');
      const giftCardCode = (await runOps(['giftcard:issue', '--amount', '100'], database, config.jwtSecret)).trim();
      await runOps(['staff:add', SHOPPERS.staff, '--role', 'admin'], database, config.jwtSecret);
      const secondGiftCardCode = (
        await runOps(['giftcard:issue', '--amount', '100'], database, config.jwtSecret)
      ).trim();
      await database.close();
      const server = await startServer({ dataDir, readyTimeoutMs: SERVER_START_MS });
      await use({
        server,
        cheap: first!.id,
        dear: second!.id,
        repriced: third!.id,
        giftCardCode,
        secondGiftCardCode,
      });
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: [async ({ prepared }, use) => use(prepared.server), { scope: 'worker' }],
});

const MUMBAI = {
  tag: 'Home',
  name: 'Asha',
  buildingName: 'Flat 4, Sea View',
  locality: 'Hill Road, Bandra West',
  city: 'Mumbai',
  pincode: '400050',
  gps: { latitude: 19.06, longitude: 72.83 },
};
const CHENNAI = {
  tag: 'Work',
  name: 'Ravi',
  buildingName: 'Tidel Park',
  locality: 'Taramani',
  city: 'Chennai',
  pincode: '600113',
  gps: { latitude: 12.9895, longitude: 80.2486 },
};

/** Saves an address for the signed-in shopper through the address API, with the page's cookies. */
async function saveAddress(page: Page, address: typeof MUMBAI) {
  const me = await (await page.request.get('/api/customer/me')).json();
  const saved = await page.request.post(`/api/address/${me.data.id}`, { data: address });
  expect(saved.status(), await saved.text()).toBe(201);
}

const main = (page: Page) => page.getByRole('main');

async function addToCart(page: Page, productId: number) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartPanel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cartPanel(page)).toBeHidden();
}

/** Signs the shopper in from the home page, with `address` saved as their one address. */
async function signInWithAddress(
  page: Page,
  signIn: (page: Page, mobile: string) => Promise<void>,
  mobile: string,
  address: typeof MUMBAI,
) {
  await page.goto('/');
  await signIn(page, mobile);
  await saveAddress(page, address);
}

async function chooseAddress(page: Page, address: typeof MUMBAI) {
  await main(page)
    .getByRole('button', { name: /^(Choose|Change)$/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  await picker.getByRole('button', { name: new RegExp(address.buildingName) }).click();
  await expect(picker).toBeHidden();
  // The header's place follows: where the order goes (and that dark store's stock).
  await expect(
    page.getByRole('banner').getByRole('button', { name: `Delivery location: ${address.tag} · ${address.city}` }),
  ).toBeVisible();
}

/** Puts one product in the cart and opens the checkout with `address` as the delivery address. */
async function readyToCheckout(page: Page, productId: number, address: typeof MUMBAI) {
  await addToCart(page, productId);
  await page.goto('/checkout');
  await chooseAddress(page, address);
}

/** Opens the cart (one item in it) and proceeds: with no delivery address, to its address view. */
async function proceedFromCart(page: Page) {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^1 Items/ })
    .click();
  await cartPanel(page)
    .getByRole('button', { name: /^Proceed/ })
    .click();
  return page.getByRole('dialog', { name: 'Select delivery address' });
}

const billRow = (page: Page, label: string) => main(page).getByRole('row', { name: new RegExp(`^${label}`) });

test('a cart goes through checkout to a placed order, found in My Orders and its detail', async ({
  page,
  signIn,
  prepared,
}) => {
  await signInWithAddress(page, signIn, SHOPPERS.orders, MUMBAI);
  await addToCart(page, prepared.cheap);
  // Whether the store delivers there is held back at first (routing also turns the HTTP cache off).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/delivery/serviceability?**', async (route) => {
    await held;
    await route.continue();
  });
  // The cart's Proceed asks for a delivery address, then leads to checkout.
  const addresses = await proceedFromCart(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Delivery location: Maharashtra, India' })).toBeVisible();
  await addresses.getByRole('button', { name: /Flat 4, Sea View/ }).click();
  // The header's place follows the delivery address.
  await expect(header.getByRole('button', { name: 'Delivery location: Home · Mumbai' })).toBeVisible();
  // Proceed waits for the store to say it delivers there.
  await expect(addresses.getByRole('button', { name: /^Proceed/ })).toHaveCount(0);
  release();
  await addresses.getByRole('button', { name: /^Proceed/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(main(page).getByText('Flat 4, Sea View, Hill Road, Bandra West, Mumbai 400050')).toBeVisible();
  await expect(main(page).getByText(/^Delivery in \d+ minutes$/)).toBeVisible();

  // ₹40 is under ₹99: delivery ₹25, handling ₹5.
  await expect(billRow(page, 'Items total')).toContainText('₹40.00');
  await expect(billRow(page, 'Delivery charge')).toContainText('₹25.00');
  await expect(billRow(page, 'Handling charge')).toContainText('₹5.00');
  await expect(billRow(page, 'Grand total')).toContainText('₹70.00');
  await expect(main(page).getByText('Your total savings ₹10.00')).toBeVisible();

  await main(page).getByRole('button', { name: 'Place order · ₹70.00' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const title = main(page).getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(title).toBeVisible();
  const orderTitle = (await title.textContent())!;
  await expect(main(page).getByText('Processing', { exact: true })).toBeVisible();
  await expect(billRow(page, 'Bill total')).toContainText('₹70.00');
  await expect(billRow(page, 'MRP')).toContainText('₹50.00');
  await expect(billRow(page, 'Product discount')).toContainText('₹10.00');
  await expect(main(page).getByText('Cash on delivery')).toBeVisible();
  // An item's MRP sits above its price, so that its name keeps the row's width on a phone.
  const mrp = await main(page).locator('li s').first().boundingBox();
  const price = await main(page).locator('li strong').first().boundingBox();
  expect(mrp!.y + mrp!.height).toBeLessThanOrEqual(price!.y + 1);
  // The order keeps the address as it was, PIN code included.
  await expect(main(page).getByText('Flat 4, Sea View, Hill Road, Bandra West, Mumbai 400050')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^My Card/ })).toBeVisible();

  await page.goto('/account/orders');
  const entry = main(page).getByRole('listitem', { name: orderTitle });
  await expect(entry).toContainText('₹70.00');
  await expect(entry).toContainText('Processing');
  await expect(entry).toContainText(/Placed on \w+day, \d{1,2} \w{3} \d{4} at \d{1,2}:\d{2} (AM|PM)/);
  await entry.getByRole('link', { name: /^View Details/ }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: orderTitle })).toBeVisible();

  // Signed out (a shared phone), the header no longer names the customer's address.
  await header.getByRole('button', { name: 'My Account' }).click();
  await header.getByRole('button', { name: 'Logout' }).click();
  await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Delivery location: Maharashtra, India' })).toBeVisible();
});

test('an order can be cancelled while processing, and reordered into the cart', async ({ page, signIn, prepared }) => {
  await signInWithAddress(page, signIn, SHOPPERS.cancel, MUMBAI);
  await addToCart(page, prepared.dear);
  await page.goto('/checkout');
  await expect(main(page).getByText('Choose where we should deliver this order.')).toBeVisible();
  await chooseAddress(page, MUMBAI);
  // ₹120 is over ₹99: delivery is free.
  await expect(billRow(page, 'Delivery charge')).toContainText('FREE');
  await main(page).getByRole('button', { name: 'Place order · ₹125.00' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  // Sold at its MRP: the bill's discount line says ₹0.00, not '-₹0.00'.
  await expect(billRow(page, 'Bill total')).toContainText('₹125.00');
  await expect(billRow(page, 'Product discount').getByRole('cell')).toHaveText('₹0.00');

  await main(page).getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this order?' });
  // No reason is chosen for the shopper.
  const reason = dialog.getByLabel('Why are you cancelling?');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Choose why you are cancelling.');
  await expect(reason).toBeFocused();
  await reason.selectOption('Want to change items');
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(main(page).getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(main(page).getByText('Reason: Want to change items')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  // It was to be paid on delivery: nothing is left to pay, not 'Pay on delivery'.
  await expect(main(page).getByText('Nothing to pay', { exact: true })).toBeVisible();
  // The button that opened the dialog is gone: focus is on the main content, not the body.
  await expect(page.locator('main#main')).toBeFocused();

  await main(page).getByRole('button', { name: 'Reorder' }).click();
  await expect(cartPanel(page)).toBeVisible();
  await expect(page.getByRole('banner').getByRole('button', { name: /^1 Items/ })).toBeVisible();
});

test('a redeemed e-gift card pays part of an order', async ({ page, signIn, prepared, consoleGuard }) => {
  // Redeeming the same card twice is answered 409, which the browser logs.
  consoleGuard.allow(/status of 409/);
  await signInWithAddress(page, signIn, SHOPPERS.giftCard, MUMBAI);
  await page.goto('/account/egiftcards');
  await expect(main(page).getByTestId('giftcard-balance')).toHaveText('₹0.00');
  await main(page).getByLabel('Gift card code').fill(prepared.giftCardCode.toLowerCase());
  await main(page).getByRole('button', { name: 'Redeem' }).click();
  await expect(main(page).getByRole('status')).toHaveText('₹100.00 added to your gift card balance.');
  await expect(main(page).getByTestId('giftcard-balance')).toHaveText('₹100.00');
  // The button kept the focus while it ran (a disabled one drops it to the page's body).
  await expect(main(page).getByRole('button', { name: 'Redeem' })).toBeFocused();

  await main(page).getByLabel('Gift card code').fill(prepared.giftCardCode);
  await main(page).getByRole('button', { name: 'Redeem' }).click();
  await expect(main(page).getByRole('alert')).toHaveText('This gift card has already been redeemed.');

  await readyToCheckout(page, prepared.dear, MUMBAI);
  await main(page)
    .getByRole('checkbox', { name: /Use gift card balance \(₹100\.00\)/ })
    .check();
  await expect(billRow(page, 'Paid by gift card')).toContainText('₹100.00');
  await expect(billRow(page, 'To pay')).toContainText('₹25.00');
  await main(page).getByRole('button', { name: 'Place order · ₹25.00' }).click();
  await expect(main(page).getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(billRow(page, 'Paid by e-gift card')).toContainText('₹100.00');
  await expect(main(page).getByText('E-Gift Card + Cash on delivery')).toBeVisible();

  await page.goto('/account/egiftcards');
  await expect(main(page).getByTestId('giftcard-balance')).toHaveText('₹0.00');
  await expect(main(page).getByText(/^Paid for order #\d+/)).toBeVisible();
});

test('an address outside the delivery area is refused', async ({ page, signIn, prepared }) => {
  const refusal =
    'Sorry, we do not deliver to this location yet. Please choose an address in Mumbai, Pune, Bangalore, Delhi or Noida.';
  await signInWithAddress(page, signIn, SHOPPERS.faraway, CHENNAI);
  await addToCart(page, prepared.cheap);
  // The cart's address view says so before checkout could: the address is marked, and once it is
  // chosen the view says where the store delivers and offers no Proceed.
  const addresses = await proceedFromCart(page);
  const choice = addresses.getByRole('button', { name: /Tidel Park/ });
  await expect(choice.getByText('We do not deliver here yet')).toBeVisible();
  await choice.click();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  await expect(addresses.getByRole('alert')).toHaveText(refusal);
  await expect(choice.getByText('Delivering here')).toHaveCount(0);
  await expect(addresses.getByRole('button', { name: /^Proceed/ })).toHaveCount(0);
  await addresses.getByRole('button', { name: 'Close cart' }).click();
  // The address chosen is now the header's place too, and the page says it is not delivered to.
  const notice = page.getByRole('region', { name: 'Delivery to your location' });
  await expect(notice).toContainText(refusal);

  // Checkout, reached another way, refuses it too: in its own words only, not the page's notice too.
  await page.goto('/checkout');
  await expect(main(page).getByRole('alert')).toHaveText(refusal);
  await expect(main(page).getByRole('button', { name: /^Place order/ })).toBeDisabled();

  // Every saved address is out of the area: the picker marks it, and a new one is added there,
  // on the map, without leaving the checkout.
  await offlineTiles(page);
  // By now the chosen place's answer is known (the page has settled): no notice on this page.
  await page.waitForLoadState('networkidle');
  await expect(notice).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Change', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  await expect(
    picker.getByRole('button', { name: /Tidel Park/ }).getByText('We do not deliver here yet'),
  ).toBeVisible();
  await picker.getByRole('button', { name: '+ Add new address' }).click();
  const editor = page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
  await editor.getByRole('combobox', { name: 'Search for a place' }).fill('Mumb');
  await editor.getByRole('option').first().click();
  await editor.getByRole('button', { name: 'Confirm location' }).click();
  const form = editor.getByRole('form');
  await form.getByLabel('Flat / House no / Building name').fill('Flat 2, Marine Court');
  await form.getByLabel('Your name').fill('Ravi');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(editor).toBeHidden();
  // Once saved, the address just added is chosen, and the picker closes on it.
  await expect(picker).toBeHidden();
  await expect(main(page).getByRole('button', { name: 'Change', exact: true })).toBeFocused();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main(page).getByText(/Flat 2, Marine Court/)).toBeVisible();
  await expect(main(page).getByText(/^Delivery in \d+ minutes$/)).toBeVisible();
  await expect(main(page).getByRole('button', { name: /^Place order/ })).toBeEnabled();
});

test('an address edited on another device after it was chosen shows at checkout as saved now', async ({
  page,
  signIn,
  prepared,
}) => {
  await signInWithAddress(page, signIn, SHOPPERS.edited, MUMBAI);
  await readyToCheckout(page, prepared.cheap, MUMBAI);
  await expect(main(page).getByText('Flat 4, Sea View, Hill Road, Bandra West, Mumbai 400050')).toBeVisible();

  // Another device edits it (same session, straight through the API); this one opens the checkout again.
  const session = await page.evaluate(() =>
    JSON.parse(decodeURIComponent(/_auth_state=([^;]+)/.exec(document.cookie)![1]!)),
  );
  const [address] = (await (await page.request.get(`/api/address/?customer=${session.user.id}`)).json()).data;
  const changed = await page.request.put(`/api/address/${address._id}`, {
    data: { ...address, tag: 'Office', buildingName: 'Flat 9, Hill Crest', version: address.version },
  });
  expect(changed.status()).toBe(200);
  // The picker's code is held back this time, to see the page while it arrives.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(builtChunk('SelectDeliveryAddress'), async (route) => {
    await held;
    await route.continue();
  });
  await page.reload();

  await expect(main(page).getByText('Flat 9, Hill Crest, Hill Road, Bandra West, Mumbai 400050')).toBeVisible();
  await expect(main(page).getByText('Flat 4, Sea View')).toHaveCount(0);
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Delivery location: Office · Mumbai' }),
  ).toBeVisible();

  // Change while the picker's code is on its way: the picker waits in its own dialog; the page stays.
  await main(page).getByRole('button', { name: 'Change', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  await expect(picker.getByRole('status').filter({ hasText: 'Loading your addresses' })).toBeVisible();
  await expect(main(page).getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  release();
  await expect(picker.getByRole('button', { name: /Flat 9, Hill Crest/ })).toHaveAttribute('aria-pressed', 'true');
});

test("an unknown order says 'Order not found.' with a way back", async ({ page, signIn, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await page.goto('/');
  await signIn(page, SHOPPERS.stranger);
  await page.goto('/account/orders');
  await page.goto('/account/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found.' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/account\/orders$/);
});

test('the location picker says whether a city is served and how soon', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Maharashtra, India/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your delivery location' });
  await dialog.getByRole('button', { name: 'Mumbai' }).click();
  await expect(dialog.getByText(/^Delivery in \d+ minutes$/)).toBeVisible();
  await expect(dialog.getByText(/^Mumbai: from our .+ store$/)).toBeVisible();
});

test('a price changed during checkout reaches the cart when the order at the old price is refused, and the order places at the new one', async ({
  page,
  signIn,
  prepared,
  playwright,
  consoleGuard,
}) => {
  // The order sent at the old price is answered 409 (the cart changed), which the browser logs.
  consoleGuard.allow(/status of 409/);
  await signInWithAddress(page, signIn, SHOPPERS.repriced, MUMBAI);
  // With the service worker in control, as for a returning shopper: it and the browser keep
  // catalogue answers (stale-while-revalidate, max-age 60), which must not hide the new price.
  await waitForServiceWorker(page);
  await readyToCheckout(page, prepared.repriced, MUMBAI);
  await expect(cartButton(page)).toHaveAccessibleName('1 Items ₹60.00');
  await expect(main(page).getByRole('button', { name: /^Place order · ₹/ })).toBeEnabled();

  // Staff raise the price in the store console.
  const staff = await playwright.request.newContext({ baseURL: prepared.server.url });
  expect((await staff.post('/api/customer/public', { data: { mobile: SHOPPERS.staff } })).ok()).toBe(true);
  const otp = await waitForOtp(prepared.server.dataDir, SHOPPERS.staff);
  expect((await staff.post('/api/customer/public/verify', { data: { mobile: SHOPPERS.staff, otp } })).ok()).toBe(true);
  const { data: product } = await (await staff.get(`/api/ops/products/${prepared.repriced}`)).json();
  const edited = await staff.patch(`/api/ops/products/${prepared.repriced}`, {
    data: { version: product.version, price: 65 },
  });
  expect(edited.status(), await edited.text()).toBe(200);
  await staff.dispose();

  // Placing at the old price is refused, and the cart is updated to the new one.
  await main(page)
    .getByRole('button', { name: /^Place order · ₹/ })
    .click();
  await expect(main(page).getByText(/Your cart has been updated/)).toBeVisible();
  await expect(cartButton(page)).toHaveAccessibleName('1 Items ₹65.00');
  await expect(main(page).getByText(/^Some items changed since you added them/)).toHaveCount(0);
  // ₹65 is under ₹99: delivery ₹25 and handling ₹5 on top.
  await main(page).getByRole('button', { name: 'Place order · ₹95.00' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(billRow(page, 'Bill total')).toContainText('₹95.00');
});

test('an order whose answer the connection lost is sent again when it returns, and placed once', async ({
  page,
  context,
  signIn,
  prepared,
  consoleGuard,
}) => {
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await signInWithAddress(page, signIn, SHOPPERS.lostReply, MUMBAI);
  await readyToCheckout(page, prepared.cheap, MUMBAI);

  // The order reaches the server and is placed, then the connection drops before the answer.
  const lost = await loseOrderAnswer(context);
  const placeButton = main(page).getByRole('button', { name: /^(Place order · ₹70\.00|Placing your order…)$/ });
  await placeButton.click();
  // Every try (ky tries twice more) has failed: the button is back, waiting for the connection.
  await expect.poll(lost.sent).toBe(3);
  await expect(placeButton).toHaveText('Place order · ₹70.00');
  await expect(placeButton).toBeDisabled();
  await expect(
    main(page).getByText(
      'You are offline. Placing an order needs a connection; this will carry on by itself when you are back online.',
    ),
  ).toBeVisible();
  await expect(main(page).getByText(/^We could not place your order/)).toHaveCount(0);

  // Back online it carries on: the same order is asked for again and opened, not placed twice.
  await lost.reconnect();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(billRow(page, 'Bill total')).toContainText('₹70.00');
  const orders = await (await page.request.get('/api/order')).json();
  expect(orders.total).toBe(1);
});

test('an order paid partly by gift card, left unpaid online, stays the one to pay through two reloads, until the cart changes', async ({
  page,
  signIn,
  prepared,
}) => {
  await signInWithAddress(page, signIn, SHOPPERS.resumed, MUMBAI);
  await page.goto('/account/egiftcards');
  await main(page).getByLabel('Gift card code').fill(prepared.secondGiftCardCode);
  await main(page).getByRole('button', { name: 'Redeem' }).click();
  await expect(main(page).getByTestId('giftcard-balance')).toHaveText('₹100.00');
  await readyToCheckout(page, prepared.dear, MUMBAI);
  await main(page)
    .getByRole('checkbox', { name: /Use gift card balance/ })
    .check();
  await main(page).getByRole('radio', { name: /^UPI/ }).check();
  await main(page).getByRole('button', { name: 'Place order · ₹25.00' }).click();
  const gateway = page.getByRole('dialog', { name: /^Pay ₹/ });
  await gateway.getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByText('Not paid yet.')).toBeVisible();

  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(main(page).getByText('Not paid yet.')).toBeVisible();
    await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(main(page).getByRole('button', { name: /^Place order/ })).toHaveCount(0);
    // The method it was placed with, locked; the gift card's balance is held by the order.
    await expect(main(page).getByRole('radio', { name: /^UPI/ })).toBeChecked();
    await expect(main(page).getByRole('radio', { name: /^Cash on delivery/ })).toBeDisabled();
  }

  // A cart changed since is another order: Place order again (the first is left to its hold).
  await addToCart(page, prepared.cheap);
  await page.goto('/checkout');
  await expect(main(page).getByRole('button', { name: /^Place order · ₹/ })).toBeVisible();
  await expect(main(page).getByText('Not paid yet.')).toHaveCount(0);
});
