/**
 * The store console (issue 18): a manager added with the command line signs in at /ops on a
 * tablet, edits a price and sees it on the storefront's product page, then uploads a photo that
 * the product page then draws from its AVIF/WebP variants. A shopper is told they are not staff.
 */

import sharp from 'sharp';

import type { Product } from '../../server/schemas/product';
import type { ServerProcess } from '../support/server-process';
import { expect, test as base } from './fixtures';
import { addStaff, listStores, signInToConsole, withPreparedServer } from './console';

const MANAGER = '9123400001';
const SHOPPER = '9123400002';
const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

// This file's server: seeded, then the command line adds the manager to the first store.
const test = base.extend<object, { server: ServerProcess }>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) =>
      withPreparedServer('ops', (dataDir) => addStaff(dataDir, MANAGER, 'manager', listStores(dataDir)[0]!.id), use),
    { scope: 'worker', timeout: 300_000 },
  ],
});

test('a manager signs in at /ops, edits a price and uploads a photo that the storefront shows', async ({
  page,
  server,
  request,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 768, height: 1024 });
  const products: Product[] = await (await request.get('/api?limit=24')).json();
  const [product, pictured] = products.filter(
    (p) => p.inStock && p.mrp >= 20 && products.filter((q) => q.name === p.name).length === 1,
  );
  if (!product || !pictured) throw new Error('the home feed has fewer than two distinct in-stock products');
  const newPrice = Math.floor(product.mrp) - 3;

  await page.goto('/ops');
  await expect(page.getByRole('heading', { name: 'Store console' })).toBeVisible();
  await signInToConsole(page, server.dataDir, MANAGER);
  await expect(page.getByText(/^Manager · .+ · /)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Console' }).getByRole('link')).toHaveText([
    'Catalogue',
    'Orders',
    'Stock',
  ]);

  // Find it, open it (by keyboard), change the price.
  await page.getByLabel('Find a product').fill(product.name);
  const edit = page.getByRole('button', { name: `Edit ${product.name}` });
  await edit.focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('form', { name: 'Edit product' });
  await expect(form.getByLabel('Name')).toHaveValue(product.name);
  await form.getByLabel('Price (₹)').fill(String(product.mrp + 100));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(form.getByText('The price cannot be more than the MRP.')).toBeVisible();
  await form.getByLabel('Price (₹)').fill(String(newPrice));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
    `Saved. ${product.name} now sells at ${inr.format(newPrice)}.`,
  );

  // The storefront's product page shows the new price.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole('main').getByText(inr.format(newPrice), { exact: true }).first()).toBeVisible();
  // Its illustration, drawn from a WebP variant (decision 048).
  await expect(page.getByRole('img', { name: product.name })).toHaveAttribute(
    'src',
    /\/images\/products\/.+-(128|320|640)\.webp$/,
  );

  // Upload a photo of another product: this browser has not cached that one's page, which it may
  // keep for a minute (max-age=60, then stale-while-revalidate: decision 033's bound).
  await page.goto('/ops');
  await page.getByLabel('Find a product').fill(pictured.name);
  await page.getByRole('button', { name: `Edit ${pictured.name}` }).click();
  const jpeg = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 230, g: 120, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  await page.getByLabel('Choose a photo').setInputFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: jpeg });
  await expect(page.getByRole('img', { name: 'The chosen photo' })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Photo uploaded.' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'Current picture' })).toHaveAttribute(
    'src',
    /\/images\/photos\/[0-9a-f]{32}-320\.webp$/,
  );

  await page.goto(`/products/${pictured.id}`);
  const picture = page.locator('picture').filter({ has: page.getByRole('img', { name: pictured.name }) });
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/images\/photos\/[0-9a-f]{32}-960\.avif 960w/,
  );
  const image = page.getByRole('img', { name: pictured.name });
  await expect(image).toHaveAttribute('srcset', /\/images\/photos\/[0-9a-f]{32}-640\.webp 640w/);
  // What the browser actually drew: one of the uploaded photo's variants, decoded.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.currentSrc : '')))
    .toMatch(/\/images\/photos\/[0-9a-f]{32}-(640|960)\.(avif|webp)$/);
  // Decoded, at the size the page asks for (a srcset picture's natural width is its width / density).
  expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
});

test('a shopper who opens /ops is told they are not on the staff', async ({ page, server, consoleGuard }) => {
  consoleGuard.allow(/status of 403/);
  await page.goto('/ops');
  await signInToConsole(page, server.dataDir, SHOPPER);
  await expect(page.getByRole('alert')).toContainText('is not on the store’s staff');
  await expect(page.getByRole('link', { name: 'Catalogue' })).toHaveCount(0);
});
