/**
 * Paying online with the local gateway (issue 17): the time from "Pay" (the approve the gateway's
 * page posts) to the order reading paid, against the real server started as its own process.
 *
 *   node --import tsx bench/payments.ts [--orders 50]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node --import tsx bench/payments.ts
 *
 * One shopper at a time places a UPI order (not timed), then the clock starts and the page's
 * approve is posted. Two ways to "paid" are measured:
 * - browser: the checkout's handler verifies at once (POST /api/order/:id/payment/verify), and
 *   the order reads paid in its answer; this is what a shopper waits for.
 * - webhook: no verify; GET /api/order/:id is polled every 5 ms until the gateway's webhook
 *   (queued by the approve, delivered in the background) has marked it paid.
 * Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { startServer } from '../tests/support/server-process';
import { scratchDatabase } from './scratch-database';
import { BENCH_JWT_SECRET, nthOrder, prepareShoppers } from './shoppers';

const { values: args } = parseArgs({ options: { orders: { type: 'string', default: '50' } } });
const count = Number(args.orders);

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-payments-'));
const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'payments') : undefined;
const round = (n: number) => Math.round(n * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const loadBefore = loadavg()[0]!;
const prepared = await prepareShoppers({ databaseUrl: scratch?.url, dataDir, count: Math.min(count * 2, 400) });
const server = await startServer({
  dataDir,
  env: {
    JWT_SECRET: BENCH_JWT_SECRET,
    CONNECTIONS_PER_IP: '0',
    PAYMENT_PROVIDER: 'local',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  },
});

async function call(method: string, url: string, token: string | null, body?: unknown, key?: string) {
  const response = await fetch(new URL(url, server.url), {
    method,
    headers: {
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...(key && { 'idempotency-key': key }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function placeUpiOrder(n: number) {
  const { token, body } = nthOrder(prepared, n);
  const placed = await call(
    'POST',
    '/api/order',
    token,
    { ...JSON.parse(body), paymentMethod: 'upi' },
    `bench-pay-${n}`,
  );
  return { token, orderId: placed.data.id as string, gatewayOrderId: placed.checkout.gatewayOrderId as string };
}

try {
  // Warm-up, not counted.
  for (let n = 0; n < 5; n++) {
    const { token, orderId, gatewayOrderId } = await placeUpiOrder(10_000 + n);
    const outcome = await call('POST', `/pay/local/${gatewayOrderId}/approve`, null, {});
    await call('POST', `/api/order/${orderId}/payment/verify`, token, {
      gatewayOrderId,
      paymentId: outcome.paymentId,
      signature: outcome.signature,
    });
  }

  const browser: number[] = [];
  const webhook: number[] = [];
  for (let n = 0; n < count; n++) {
    {
      const { token, orderId, gatewayOrderId } = await placeUpiOrder(2 * n);
      const start = performance.now();
      const outcome = await call('POST', `/pay/local/${gatewayOrderId}/approve`, null, {});
      const verified = await call('POST', `/api/order/${orderId}/payment/verify`, token, {
        gatewayOrderId,
        paymentId: outcome.paymentId,
        signature: outcome.signature,
      });
      if (verified.data.payment.state !== 'paid') throw new Error(`verify left order ${orderId} unpaid`);
      browser.push(performance.now() - start);
    }
    {
      const { token, orderId, gatewayOrderId } = await placeUpiOrder(2 * n + 1);
      const start = performance.now();
      await call('POST', `/pay/local/${gatewayOrderId}/approve`, null, {});
      for (;;) {
        const read = await call('GET', `/api/order/${orderId}`, token);
        if (read.data.payment.state === 'paid') break;
        if (performance.now() - start > 30_000) throw new Error(`order ${orderId} not paid by webhook in 30 s`);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      webhook.push(performance.now() - start);
    }
  }
  const summary = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      p50: round(percentile(sorted, 50)),
      p95: round(percentile(sorted, 95)),
      max: round(sorted.at(-1) ?? 0),
    };
  };
  console.log(
    JSON.stringify(
      {
        benchmark: 'payments',
        command: `${scratch ? 'DATABASE_URL=postgres://… ' : ''}node --import tsx bench/payments.ts --orders ${count}`,
        engine: scratch ? 'postgres' : 'pglite',
        orders: count,
        payToPaidMs: { browserVerify: summary(browser), webhookOnly: summary(webhook) },
        loadAverage1m: { before: round(loadBefore), after: round(loadavg()[0]!) },
      },
      null,
      2,
    ),
  );
} finally {
  await server.stop();
  await scratch?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
