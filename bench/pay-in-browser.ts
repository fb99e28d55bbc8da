/**
 * Paying online with the local gateway, timed in Debian's Chromium against the real server (a
 * fresh data directory, PAYMENT_PROVIDER local): from the tap on "Pay with UPI" in the gateway's
 * page to the order page showing the order Paid. That span holds the gateway page's approve call,
 * its postMessage to the app, POST /api/order/:id/payment/verify (the server fetches the payment
 * from the gateway and marks the order paid), the client-side navigation and GET /api/order/:id.
 * Each run places a new order of one product for the same shopper. Prints one JSON object.
 *
 *   npm run build && node --import tsx bench/pay-in-browser.ts [--runs 7]  (npm run bench:pay-in-browser)
 * The server-side figures of the same span, without a browser, are bench/payments.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { chromium, type Page } from 'playwright-core';

import { startServer } from '../tests/support/server-process';
import { latestOtp, readOutbox } from '../tests/support/sms-outbox';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7;
const MOBILE = '9500000001';
const dist = path.resolve(process.env.DIST_DIR ?? 'dist');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function signIn(page: Page, dataDir: string) {
  const since = readOutbox(dataDir).length;
  const asked = await page.request.post('/api/customer/public', { data: { mobile: MOBILE } });
  if (!asked.ok()) throw new Error(`OTP request: ${asked.status()} ${await asked.text()}`);
  let otp: string | undefined;
  for (let i = 0; i < 100 && !otp; i++) {
    otp = latestOtp(dataDir, MOBILE, since);
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!otp) throw new Error('No OTP in the SMS outbox');
  const verified = await page.request.post('/api/customer/public/verify', { data: { mobile: MOBILE, otp } });
  if (!verified.ok()) throw new Error(`OTP verify: ${verified.status()} ${await verified.text()}`);
  const me = await (await page.request.get('/api/customer/me')).json();
  const saved = await page.request.post(`/api/address/${me.data.id}`, {
    data: {
      tag: 'Home',
      name: 'Asha',
      buildingName: 'Flat 4, Sea View',
      locality: 'Hill Road, Bandra West',
      city: 'Mumbai',
      gps: { latitude: 19.06, longitude: 72.83 },
    },
  });
  if (saved.status() !== 201) throw new Error(`Address: ${saved.status()} ${await saved.text()}`);
}

/** Adds the product, opens the checkout with the address and UPI, places the order: the gateway's page is up. */
async function placeOrder(page: Page, productId: number) {
  await page.goto(`/products/${productId}`);
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  const panel = page.getByRole('dialog', { name: 'My Cart' });
  await panel.waitFor();
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'hidden' });
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('keyval-store');
        open.onsuccess = () => {
          const read = open.result.transaction('keyval').objectStore('keyval').get('popups');
          read.onsuccess = () => resolve((read.result as { cart?: boolean } | undefined)?.cart === false);
          read.onerror = () => resolve(false);
        };
        open.onerror = () => resolve(false);
      }),
  );
  await page.goto('/checkout');
  const main = page.getByRole('main');
  const change = main.getByRole('button', { name: /^(Choose|Change)$/ });
  if ((await change.textContent()) === 'Choose') {
    await change.click();
    const picker = page.getByRole('dialog', { name: 'Select delivery address' });
    await picker.getByRole('button', { name: /Home · Asha/ }).click();
    await picker.waitFor({ state: 'hidden' });
  }
  await main.getByRole('radio', { name: /^UPI/ }).check();
  const place = main.getByRole('button', { name: /^Place order · ₹/ });
  await place.waitFor();
  await page.waitForFunction(() =>
    [...document.querySelectorAll('main button')].some(
      (b) => /^Place order · ₹/.test(b.textContent ?? '') && !(b as HTMLButtonElement).disabled,
    ),
  );
  await place.click();
  const pay = page.frameLocator('iframe[title="Payment page"]').getByRole('button', { name: 'Pay with UPI' });
  await pay.waitFor();
  return pay;
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-payment-'));
  const server = await startServer({ dataDir, env: { DIST_DIR: dist }, readyTimeoutMs: 60_000 });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic'],
  });
  try {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    await signIn(page, dataDir);
    const products = (await (await page.request.get('/api')).json()) as { id: number; inStock: boolean }[];
    const product = products.find((candidate) => candidate.inStock)!;
    const ms: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const pay = await placeOrder(page, product.id);
      const started = performance.now();
      await pay.click();
      await page.waitForURL(/\/account\/orders\/[0-9a-f-]{36}$/);
      await page.getByRole('main').getByText('Paid', { exact: true }).waitFor();
      ms.push(Math.round(performance.now() - started));
    }
    console.log(
      JSON.stringify(
        {
          bench: 'pay-to-paid',
          conditions: 'Chromium, 390x844, real server, PGlite, PAYMENT_PROVIDER=local, loopback',
          measured: 'tap on "Pay with UPI" in the local gateway -> order page shows Paid',
          runs: RUNS,
          ms,
          medianMs: median(ms),
          minMs: Math.min(...ms),
          maxMs: Math.max(...ms),
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
