import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';
import { eq } from 'drizzle-orm';

import { scratchDatabase } from '../../bench/scratch-database';
import { openDatabase, type Database } from '../../server/db/client';
import { orders, products } from '../../server/db/schema';
import { seedCatalog } from '../../server/db/seed/seed';
import { runOps } from '../../server/ops/cli';
import { setStock } from '../support/stock';
import { startServer, type ServerProcess } from '../support/server-process';
import { allowOfflineNoise, expect, goOffline, goOnline, SERVER_START_MS, test as base } from './fixtures';

/**
 * Following an order (issue 19) in Chromium. The server runs on PostgreSQL (a scratch database on
 * TEST_DATABASE_URL's server, as CI has) so that staff's ops command, run here in the test's own
 * process, changes the order from another process while the shopper's page listens: the change
 * reaches the page through LISTEN/NOTIFY and the stream, never a reload.
 */
const JWT_SECRET = 'e2e-follow-secret-that-is-long-enough-for-hs256';
const POSTGRES = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

interface Prepared {
  server: ServerProcess;
  database: Database;
  productId: number;
}

const test = base.extend<object, { prepared: Prepared; server: ServerProcess }>({
  prepared: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-follow-'));
      const scratch = await scratchDatabase(POSTGRES, 'e2e_follow');
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir });
      await database.migrate();
      await seedCatalog(database.db);
      const [product] = await database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
      await database.db
        .update(products)
        .set({ pricePaise: 12000, mrpPaise: 12000 })
        .where(eq(products.id, product!.id));
      await setStock(database.db, product!.id, 500, 'every store');
      const server = await startServer({
        dataDir,
        env: { DATABASE_URL: scratch.url, JWT_SECRET },
        readyTimeoutMs: SERVER_START_MS,
      });
      await use({ server, database, productId: product!.id });
      await server.stop();
      await database.close();
      await scratch.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  server: [async ({ prepared }, use) => use(prepared.server), { scope: 'worker' }],
});

// Sign-in, an order and several round trips through the ops command: more than the default 30 s
// on a loaded machine.
test.describe.configure({ timeout: 60_000 });

const main = (page: Page) => page.getByRole('main');
const badge = (page: Page) => main(page).getByRole('region', { name: 'Order status' }).locator('span[data-status]');
const step = (page: Page, label: string) => main(page).getByRole('listitem').filter({ hasText: label });
const TIME = /\d{1,2}:\d{2} (AM|PM)/;

/** Places a cash on delivery order through the API with the page's session; its id and number. */
async function placeOrder(page: Page, productId: number) {
  const me = await (await page.request.get('/api/customer/me')).json();
  const saved = await page.request.post(`/api/address/${me.data.id}`, {
    data: {
      tag: 'Home',
      name: 'Asha',
      buildingName: 'Flat 4, Sea View',
      locality: 'Hill Road, Bandra West',
      city: 'Mumbai',
      pincode: '400050',
      gps: { latitude: 19.06, longitude: 72.83 },
    },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const addressId = (await saved.json()).data._id as string;
  const placed = await page.request.post('/api/order', {
    data: { addressId, items: [{ productId, quantity: 1, price: 120 }], paymentMethod: 'cod' },
    headers: { 'idempotency-key': `e2e-follow-${Date.now()}-${Math.floor(Math.random() * 1e9)}` },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  return (await placed.json()).data as { id: string; number: number };
}

/** Staff move the order on with the ops command (another process than the server). */
async function advanceUntil(database: Database, order: { id: string; number: number }, status: string) {
  for (let i = 0; i < 4; i++) {
    const [row] = await database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    if (row!.status === status) return;
    await runOps(['order:advance', String(order.number)], database, JWT_SECRET);
  }
}

/** Opens the order page and waits until its live stream is connected. */
async function openOrderPage(page: Page, orderId: string) {
  const streaming = page.waitForResponse((r) => r.url().includes('/api/order/stream') && r.status() === 200);
  await page.goto(`/account/orders/${orderId}`);
  await streaming;
  // Marks this document: a reload would lose it.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
}

const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test('the order page follows the order from processing to dispatched without reloading, with times and the ETA', async ({
  page,
  signIn,
  prepared,
}) => {
  await page.goto('/');
  await signIn(page, '9420000001');
  const order = await placeOrder(page, prepared.productId);
  await openOrderPage(page, order.id);

  await expect(badge(page)).toHaveText('Processing');
  await expect(step(page, 'Order placed')).toContainText(TIME);
  await expect(step(page, 'On the way')).toContainText('—');
  await expect(main(page).getByRole('timer')).toHaveText(/^Arriving in \d+ minutes?$/);

  await advanceUntil(prepared.database, order, 'dispatched');
  await expect(badge(page)).toHaveText('Dispatched', { timeout: 3000 });
  await expect(step(page, 'On the way')).toContainText(TIME);
  await expect(step(page, 'On the way')).toHaveAttribute('aria-current', 'step');
  await expect(main(page).getByRole('timer')).toHaveText(/^Arriving (in \d+ minutes?|any minute now)$/);
  expect(await sameDocument(page)).toBe(true);

  // My Orders follows too.
  await page.getByRole('link', { name: 'My Orders' }).first().click();
  const entry = main(page).getByRole('listitem', { name: `Order #${order.number}` });
  await expect(entry).toContainText('Dispatched');
  await advanceUntil(prepared.database, order, 'delivered');
  await expect(entry).toContainText('Delivered', { timeout: 3000 });

  // Delivered: the badge says so once; beside it, how quickly it came; the tracking, when.
  await entry.getByRole('link', { name: /View Details/ }).click();
  const status = main(page).getByRole('region', { name: 'Order status' });
  await expect(badge(page)).toHaveText('Delivered');
  await expect(status).toContainText(/Arrived in \d+ minutes?/);
  await expect(status.getByText('Delivered')).toHaveCount(1);
  await expect(step(page, 'Order delivered')).toContainText(TIME);
  await expect(step(page, 'Order delivered')).not.toHaveAttribute('aria-current', 'step');
});

test('going offline shows the last known status as such, and coming back catches up', async ({
  page,
  signIn,
  prepared,
  consoleGuard,
}) => {
  allowOfflineNoise(consoleGuard);
  await page.goto('/');
  await signIn(page, '9420000002');
  const order = await placeOrder(page, prepared.productId);
  await openOrderPage(page, order.id);
  await expect(badge(page)).toHaveText('Processing');

  await goOffline(page);
  const note = main(page)
    .getByRole('status')
    .filter({ hasText: /^Last updated / });
  await expect(note).toContainText(TIME);
  await expect(note).toContainText('You are offline');
  await expect(badge(page)).toHaveText('Processing');

  // Meanwhile the store dispatches it.
  await advanceUntil(prepared.database, order, 'dispatched');

  await goOnline(page);
  await expect(badge(page)).toHaveText('Dispatched', { timeout: 10_000 });
  await expect(step(page, 'On the way')).toContainText(TIME);
  await expect(note).toBeHidden({ timeout: 10_000 });
  expect(await sameDocument(page)).toBe(true);
});

test('notifications are offered only after an order, and the browser asks only when the shopper allows', async ({
  page,
  signIn,
  prepared,
}) => {
  // Counts the browser's permission prompts (and answers it as a shopper saying no would).
  await page.addInitScript(() => {
    const w = window as unknown as { permissionAsks: number; permission: NotificationPermission };
    w.permissionAsks = 0;
    w.permission = 'default';
    Object.defineProperty(Notification, 'permission', { configurable: true, get: () => w.permission });
    Notification.requestPermission = () => {
      w.permissionAsks++;
      w.permission = 'denied';
      return Promise.resolve('denied');
    };
  });
  const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
  const offer = main(page).getByRole('group', { name: 'Order notifications' });

  // A first visit, signing in, My Orders with no order: never asked, nothing offered.
  await page.goto('/');
  await signIn(page, '9420000003');
  await page.goto('/account/orders');
  await expect(main(page).getByText('No orders yet')).toBeVisible();
  await expect(offer).toBeHidden();
  expect(await asks()).toBe(0);

  const order = await placeOrder(page, prepared.productId);
  await page.goto(`/account/orders/${order.id}`);
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Get a notification when your order is on the way');
  expect(await asks()).toBe(0);

  await offer.getByRole('button', { name: 'Allow notifications' }).click();
  await expect(main(page).getByText('Notifications are blocked.')).toBeVisible();
  expect(await asks()).toBe(1);

  // Answered once: not offered again.
  await page.reload();
  await expect(badge(page)).toHaveText('Processing');
  await expect(offer).toBeHidden();
  expect(await asks()).toBe(0);
});
