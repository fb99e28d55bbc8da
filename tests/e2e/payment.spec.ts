import type { Page } from '@playwright/test';

import type { Product } from '../../server/schemas/product';
import {
  allowOfflineNoise,
  cartPanel,
  expect,
  goOffline,
  goOnline,
  homeProducts,
  loseOrderAnswer,
  scrollPast,
  storedValue,
  test,
  waitForServiceWorker,
  type ConsoleGuard,
} from './fixtures';

/**
 * Paying online (issue 17) end to end, against the real server with PAYMENT_PROVIDER local (the
 * default outside production): the checkout opens the local gateway's page in a dialog, the
 * page records the payment and sends the signed webhook, the app verifies and shows the order.
 */

const SHOPPERS = {
  upi: '9400000001',
  declined: '9400000002',
  doubleTap: '9400000003',
  offline: '9400000004',
  payLater: '9400000005',
  lostReply: '9400000006',
  anotherWay: '9400000007',
  changedCart: '9400000008',
  earlierPaid: '9400000009',
} as const;

const MUMBAI = {
  tag: 'Home',
  name: 'Asha',
  buildingName: 'Flat 4, Sea View',
  locality: 'Hill Road, Bandra West',
  city: 'Mumbai',
  gps: { latitude: 19.06, longitude: 72.83 },
};

const main = (page: Page) => page.getByRole('main');
const gatewayDialog = (page: Page) => page.getByRole('dialog', { name: /^Pay ₹/ });
const gatewayPage = (page: Page) => page.frameLocator('iframe[title="Payment page"]');
const placeButton = (page: Page) => main(page).getByRole('button', { name: /^Place order · ₹/ });

/** Signs in, saves a Mumbai address, puts one product in the cart and opens the checkout with that address. */
async function readyToPay(page: Page, signIn: (page: Page, mobile: string) => Promise<void>, mobile: string) {
  const [product] = (await homeProducts(page.request)) as [Product];
  await page.goto('/');
  await signIn(page, mobile);
  const me = await (await page.request.get('/api/customer/me')).json();
  const saved = await page.request.post(`/api/address/${me.data.id}`, { data: MUMBAI });
  expect(saved.status(), await saved.text()).toBe(201);
  await page.goto(`/products/${product.id}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  await expect(cartPanel(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cartPanel(page)).toBeHidden();
  // The closed panel is kept in IndexedDB: leave once it is written, or the checkout opens it again.
  await expect.poll(async () => (await storedValue<{ cart: boolean }>(page, 'popups'))?.cart).toBe(false);
  await page.goto('/checkout');
  await main(page)
    .getByRole('button', { name: /^(Choose|Change)$/ })
    .click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  await picker.getByRole('button', { name: /Flat 4, Sea View/ }).click();
  await expect(picker).toBeHidden();
  await expect(placeButton(page)).toBeEnabled();
  return product;
}

/** Pays by UPI: Place order, and the local gateway's dialog opens. */
async function placeByUpi(page: Page) {
  await main(page).getByRole('radio', { name: /^UPI/ }).check();
  await placeButton(page).click();
  await expect(gatewayDialog(page)).toBeVisible();
}

/** One more or one less of the cart's item, from the cart panel opened over the page. */
async function changeQuantity(page: Page, name: 'Increase quantity' | 'Decrease quantity') {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^\d+ Items/ })
    .click();
  await cartPanel(page).getByRole('button', { name }).click();
  await page.keyboard.press('Escape');
}

/** The shopper's orders as the API lists them. */
async function ordersOf(page: Page) {
  const body = await (await page.request.get('/api/order')).json();
  return body as {
    total: number;
    data: {
      id: string;
      number: number;
      status: string;
      cancelReason: string | null;
      payment: { state: string; label: string };
    }[];
  };
}

/** Pays in the local gateway's page and waits for the order page to say it is paid. */
async function approveAndSeePaid(page: Page) {
  await expect(gatewayDialog(page)).toBeVisible();
  await gatewayPage(page).getByRole('button', { name: 'Pay with UPI' }).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('heading', { level: 1, name: /^Order #\d+$/ })).toBeVisible();
  await expect(main(page).getByText('Payment status')).toBeVisible();
  await expect(main(page).getByText('Paid', { exact: true })).toBeVisible();
}

test('a shopper pays by UPI in the local gateway and sees the order paid in My Orders', async ({ page, signIn }) => {
  await readyToPay(page, signIn, SHOPPERS.upi);
  await main(page).getByRole('radio', { name: /^UPI/ }).check();
  await placeButton(page).click();
  await approveAndSeePaid(page);
  await expect(main(page).getByText('Processing', { exact: true })).toBeVisible();
  // The cart was emptied once the order was paid.
  await expect(page.getByRole('banner').getByRole('button', { name: /^My Card/ })).toBeVisible();
  const title = (await main(page).getByRole('heading', { level: 1 }).textContent())!;

  await page.goto('/account/orders');
  const entry = main(page).getByRole('listitem', { name: title });
  await expect(entry).toContainText('UPI · Paid');
  await expect(entry).toContainText('Processing');
});

test('a declined payment says no money was taken, offers Try again, and paying again pays the same order', async ({
  page,
  signIn,
}) => {
  await readyToPay(page, signIn, SHOPPERS.declined);
  await placeByUpi(page);
  await gatewayPage(page).getByRole('button', { name: 'Decline' }).click();

  await expect(gatewayDialog(page)).toBeHidden();
  const alert = main(page).getByRole('alert');
  // The bank's reason says it failed; the alert does not say so a second time.
  await expect(alert).toContainText('Payment declined by the bank. No money was taken.');
  await expect(alert).not.toContainText('Payment failed');
  // Focus moved to the message, and the items stay held until the order's pay-by time.
  await expect(page.locator('[data-pay-step="failed"]')).toBeFocused();
  await expect(main(page).getByText(/Your items are held for you until/)).toBeVisible();
  // The gateway's webhook records the failure on the order (delivered asynchronously).
  await expect
    .poll(async () => (await ordersOf(page)).data.map((order) => [order.status, order.payment.state]))
    .toEqual([['awaiting-payment', 'failed']]);
  // Nothing taken: the cart is still there.
  await expect(page.getByRole('banner').getByRole('button', { name: /^1 Items/ })).toBeVisible();

  // A reload, or the checkout opened in another tab (the app opened again from the home screen),
  // picks the declined order up: still failed, with Try again, and no Place order for a second one.
  await page.reload();
  await expect(main(page).getByRole('alert')).toContainText('Payment declined by the bank. No money was taken.');
  await expect(placeButton(page)).toHaveCount(0);
  const again = await page.context().newPage();
  await again.goto('/checkout');
  await expect(main(again).getByRole('alert')).toContainText('Payment declined by the bank. No money was taken.');
  await expect(main(again).getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(placeButton(again)).toHaveCount(0);
  // The order's own page says it the same way.
  const [declined] = (await ordersOf(page)).data;
  await again.goto(`/account/orders/${declined!.id}`);
  await expect(main(again).getByText('Payment declined by the bank. No money was taken.')).toBeVisible();
  await again.close();
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await approveAndSeePaid(page);
  const orders = await ordersOf(page);
  expect(orders.total).toBe(1);
  expect(orders.data[0]).toMatchObject({ status: 'processing', payment: { state: 'paid', label: 'UPI' } });
});

test('after a declined payment, Pay another way cancels the unpaid order and cash on delivery places the cart', async ({
  page,
  signIn,
}) => {
  await readyToPay(page, signIn, SHOPPERS.anotherWay);
  await placeByUpi(page);
  await gatewayPage(page).getByRole('button', { name: 'Decline' }).click();
  await expect(main(page).getByRole('alert')).toContainText('Payment declined by the bank. No money was taken.');
  // Locked to the unpaid order until then: no other method can be chosen.
  await expect(main(page).getByRole('radio', { name: /^Cash on delivery/ })).toBeDisabled();

  // On a phone, scrolled down to these buttons, nothing floats over them (the scroll-to-top
  // button covered the end of Place order and Pay another way).
  await page.setViewportSize({ width: 360, height: 740 });
  await scrollPast(page, 300);
  await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);

  await main(page).getByRole('button', { name: 'Pay another way' }).click();
  await expect(main(page).getByRole('alert')).toContainText('The unpaid order was cancelled and nothing was taken.');
  const cash = main(page).getByRole('radio', { name: /^Cash on delivery/ });
  await expect(cash).toBeEnabled();
  // The focus is on the choice of method, not lost with the button.
  await expect(main(page).getByRole('radio', { name: /^UPI/ })).toBeFocused();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect.poll(async () => (await ordersOf(page)).data.map((order) => order.status)).toEqual(['cancelled']);

  await cash.check();
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/account\/orders\/[^/]+$/);
  const orders = await ordersOf(page);
  expect(orders.data.map((order) => order.status).sort()).toEqual(['cancelled', 'processing']);
});

test('a cart changed while its order awaits online payment is placed as a new order that cancels the unpaid one', async ({
  page,
  signIn,
}) => {
  await readyToPay(page, signIn, SHOPPERS.changedCart);
  await placeByUpi(page);
  await gatewayDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  const [unpaid] = (await ordersOf(page)).data;

  // One more of the item, from the cart panel over the checkout: a new cart, so a new order.
  await changeQuantity(page, 'Increase quantity');
  await expect(cartPanel(page)).toBeHidden();
  const notice = main(page).getByText(
    `Order #${unpaid!.number}, placed before your cart or address changed, is not paid yet`,
  );
  await expect(notice).toHaveText(
    new RegExp(
      `holds its items until \\d{1,2}:\\d\\d [AP]M\\. Placing this order cancels it\\. Pay order #${unpaid!.number} instead$`,
    ),
  );
  await expect(notice.getByRole('link', { name: `Pay order #${unpaid!.number} instead` })).toHaveAttribute(
    'href',
    `/checkout?pay=${unpaid!.id}`,
  );
  // The old order's payment is no longer this cart's: no Try again, and the methods are free.
  await expect(main(page).getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(main(page).getByText('Not paid yet.')).toHaveCount(0);
  const cash = main(page).getByRole('radio', { name: /^Cash on delivery/ });
  await expect(cash).toBeEnabled();
  await expect(placeButton(page)).toHaveAccessibleDescription(/Placing this order cancels it\./);

  // Changed back: the cart is that order's again, and it is the one to pay (no second order).
  await changeQuantity(page, 'Decrease quantity');
  await expect(cartPanel(page)).toBeHidden();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await expect(placeButton(page)).toHaveCount(0);
  await changeQuantity(page, 'Increase quantity');
  await expect(cartPanel(page)).toBeHidden();
  await expect(notice).toBeVisible();

  // A reload (or the app opened again) still knows the unpaid order.
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(placeButton(page)).toBeEnabled();
  await cash.check();
  await placeButton(page).click();
  await expect(page).toHaveURL(/\/account\/orders\/[0-9a-f-]{36}$/);
  const orders = await ordersOf(page);
  expect(orders.total).toBe(2);
  const placed = orders.data.find((order) => order.id !== unpaid!.id);
  // My Orders says what became of the unpaid order: the new one took its place.
  await page.goto('/account/orders');
  await expect(main(page).getByRole('listitem', { name: `Order #${unpaid!.number}`, exact: true })).toContainText(
    `Cancelled by you: Replaced by order #${placed!.number}`,
  );
  expect(placed).toMatchObject({
    status: 'processing',
    payment: { label: 'Cash on delivery' },
  });
});

test("paying the earlier cart's unpaid order instead takes what it ordered out of the cart, and leaves what was added", async ({
  page,
  signIn,
}) => {
  const product = await readyToPay(page, signIn, SHOPPERS.earlierPaid);
  await placeByUpi(page);
  await gatewayDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();

  await changeQuantity(page, 'Increase quantity');
  await main(page)
    .getByRole('link', { name: /^Pay order #\d+ instead$/ })
    .click();
  await expect(main(page).getByRole('heading', { level: 1, name: /^Pay for order #\d+$/ })).toBeVisible();
  await main(page)
    .getByRole('button', { name: /^Pay now · ₹/ })
    .click();
  await approveAndSeePaid(page);
  // The order had one; the cart had two since: one is left, to order next.
  await expect(page.getByRole('banner').getByRole('button', { name: /^1 Items/ })).toBeVisible();
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^1 Items/ })
    .click();
  await expect(cartPanel(page).getByRole('listitem').filter({ hasText: product.name })).toBeVisible();
  expect((await ordersOf(page)).data.map((order) => order.status)).toEqual(['processing']);
});

test('a double tap on Place order, and a reload while paying, place one order and open one payment at a time', async ({
  page,
  signIn,
}) => {
  const gatewayPages: string[] = [];
  const placed: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'GET' && /\/pay\/local\/order_[A-Za-z0-9]+$/.test(request.url())) {
      gatewayPages.push(request.url());
    }
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/order') placed.push(request.url());
  });
  await readyToPay(page, signIn, SHOPPERS.doubleTap);
  await main(page)
    .getByRole('radio', { name: /^Card, net banking or wallet/ })
    .check();
  await placeButton(page).dblclick();
  await expect(gatewayDialog(page)).toBeVisible();
  await expect(gatewayDialog(page)).toHaveCount(1);
  expect(gatewayPages).toHaveLength(1);
  expect((await ordersOf(page)).total).toBe(1);

  // Closing the gateway leaves the order unpaid, with Try again.
  await gatewayDialog(page).getByRole('button', { name: 'Close' }).click();
  await expect(main(page).getByText('Not paid yet.')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Try again' })).toBeVisible();

  // A reload keeps the attempt and its order: still unpaid, with Try again, and the method locked
  // to it, so that no second order can be placed for this cart (cash on delivery included).
  await page.reload();
  await expect(main(page).getByText('Not paid yet.')).toBeVisible();
  await expect(main(page).getByRole('timer')).toHaveText(/^\d+:\d\d$/);
  await expect(
    main(page).getByText('This order was placed for online payment: pay it, or choose Pay another way to pick again.'),
  ).toBeVisible();
  await expect(main(page).getByRole('radio', { name: /^Card, net banking or wallet/ })).toBeChecked();
  await expect(main(page).getByRole('radio', { name: /^Cash on delivery/ })).toBeDisabled();
  await expect(placeButton(page)).toHaveCount(0);
  await main(page).getByRole('button', { name: 'Try again' }).click();
  await approveAndSeePaid(page);
  const orders = await ordersOf(page);
  expect(orders.total).toBe(1);
  expect(orders.data[0]).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
  expect(gatewayPages).toHaveLength(2);
});

const offlineOk = (consoleGuard: ConsoleGuard) => {
  allowOfflineNoise(consoleGuard);
  consoleGuard.allow(/An unknown error occurred when fetching the script/);
};

test('offline the online methods say they need a connection, and the bill says what it waits for', async ({
  page,
  signIn,
  consoleGuard,
}) => {
  offlineOk(consoleGuard);
  await readyToPay(page, signIn, SHOPPERS.offline);
  await goOffline(page);
  const upi = main(page).getByRole('radio', { name: /^UPI/ });
  const card = main(page).getByRole('radio', { name: /^Card, net banking or wallet/ });
  const cod = main(page).getByRole('radio', { name: /^Cash on delivery/ });
  await expect(upi).toBeDisabled();
  await expect(card).toBeDisabled();
  await expect(upi).toHaveAccessibleDescription('Needs an internet connection');
  await expect(cod).toBeEnabled();
  await expect(placeButton(page)).toBeDisabled();

  // The cart changed offline: the bill on screen is the last one, and says so, not a spinner.
  const bill = main(page).getByRole('region', { name: 'Bill details' });
  const itemsTotal = bill.getByRole('row', { name: /^Items total/ });
  const before = await itemsTotal.textContent();
  await changeQuantity(page, 'Increase quantity');
  await expect(bill.getByRole('status')).toHaveText(
    'You are offline: this bill is from before your last change. It is worked out again as soon as you are back online.',
  );
  await expect(itemsTotal).toHaveText(before!);
  // Opened offline, with no bill yet: it says what it waits for.
  await page.reload();
  await expect(bill.getByRole('status')).toHaveText(
    'You are offline. Your bill is worked out as soon as you are back online.',
  );
  await expect(bill.getByText('Working out your bill')).toHaveCount(0);

  await goOnline(page);
  await expect(bill.getByRole('status')).toHaveCount(0);
  await expect(itemsTotal).not.toHaveText(before!);
  await expect(upi).toBeEnabled();
  await expect(card).toBeEnabled();
});

test('an order left unpaid offers Pay now on its page, with the time left, and is paid from there', async ({
  page,
  signIn,
}) => {
  await readyToPay(page, signIn, SHOPPERS.payLater);
  await placeByUpi(page);
  await gatewayPage(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(main(page).getByText('Not paid yet.')).toBeVisible();

  const [order] = (await ordersOf(page)).data;
  // Sent to the checkout to pay (as a page whose policy refused Razorpay's script does): the
  // gateway opens without a second tap, and a reload would not open it again.
  await page.goto(`/checkout?pay=${order!.id}&open=1`);
  await expect(gatewayDialog(page)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\?pay=[0-9a-f-]{36}$/);
  await gatewayPage(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(gatewayDialog(page)).toBeHidden();

  await page.goto(`/account/orders/${order!.id}`);
  await expect(main(page).getByText('Awaiting payment', { exact: true }).first()).toBeVisible();
  await expect(main(page).getByText(/Your items are held for you until .+: \d+:\d{2} left to pay\./)).toBeVisible();
  await expect(main(page).getByText(/^₹[\d,]+\.\d\d to pay by UPI\.$/)).toBeVisible();
  await main(page)
    .getByRole('link', { name: /^Pay now · ₹/ })
    .click();
  await expect(page).toHaveURL(/\/checkout\?pay=[0-9a-f-]{36}$/);
  await expect(main(page).getByRole('heading', { level: 1, name: /^Pay for order #\d+$/ })).toBeVisible();
  await main(page)
    .getByRole('button', { name: /^Pay now · ₹/ })
    .click();
  await approveAndSeePaid(page);
  // Paid from the order page: the cart it came from is emptied too.
  await expect(page.getByRole('banner').getByRole('button', { name: /^My Card/ })).toBeVisible();
  expect((await ordersOf(page)).total).toBe(1);
});

test('an online order whose answer the connection lost is sent again when it returns, and its payment opens', async ({
  page,
  context,
  signIn,
  consoleGuard,
}) => {
  offlineOk(consoleGuard);
  consoleGuard.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|Failed to load resource/);
  await readyToPay(page, signIn, SHOPPERS.lostReply);
  await waitForServiceWorker(page);
  await main(page).getByRole('radio', { name: /^UPI/ }).check();

  // The order reaches the server and is placed, then the connection drops before the answer.
  const lost = await loseOrderAnswer(context);
  await placeButton(page).click();
  // Every try has failed while offline: no payment opens, and the checkout says it will carry on.
  await expect.poll(lost.sent).toBe(3);
  await expect(
    main(page).getByText(
      'You are offline. Placing an order needs a connection; this will carry on by itself when you are back online.',
    ),
  ).toBeVisible();
  await expect(gatewayDialog(page)).toHaveCount(0);
  expect((await ordersOf(page)).data.map((order) => order.status)).toEqual(['awaiting-payment']);

  // Back online the same order is asked for again, and its payment opens: paid once, one order.
  await lost.reconnect();
  await approveAndSeePaid(page);
  const orders = await ordersOf(page);
  expect(orders.total).toBe(1);
  expect(orders.data[0]).toMatchObject({ status: 'processing', payment: { state: 'paid', label: 'UPI' } });
  expect(lost.sent()).toBe(4);
});
