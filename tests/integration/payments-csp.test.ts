import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { PaymentsConfig } from '../../server/config';
import { createTestApp } from '../setup/test-app';

/**
 * The Content-Security-Policy per page and payment provider (decision 031): Razorpay Checkout is
 * let in on /checkout only, and only with PAYMENT_PROVIDER=razorpay; with the local gateway,
 * /checkout may frame our own pages and the gateway's page may be framed by our own origin only;
 * every other page keeps the storefront's policy.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;
const apps: Partial<Record<PaymentsConfig['provider'], App>> = {};
let distDir: string;

const razorpay: PaymentsConfig = {
  provider: 'razorpay',
  holdMinutes: 15,
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisissecretkeyXYZ12345',
  webhookSecret: 'webhook-secret-from-the-dashboard',
};

beforeAll(async () => {
  // A miniature build output: the shell is what /checkout is answered with.
  distDir = mkdtempSync(path.join(tmpdir(), 'storefront-csp-dist-'));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  // One at a time (three at once overran Fastify's plugin timeout on a busy machine).
  apps.razorpay = await createTestApp({ distDir, payments: razorpay });
  apps.local = await createTestApp({ distDir, payments: { provider: 'local', holdMinutes: 15 } });
  apps.off = await createTestApp({ distDir, payments: { provider: 'off' } });
}, 120_000);
afterAll(async () => {
  for (const app of Object.values(apps)) await app?.close();
});

/** The policy's directives: name → sources. */
async function policyOf(app: App, url: string, accept = 'text/html') {
  const res = await app.app.inject({ method: 'GET', url, headers: { accept } });
  const header = res.headers['content-security-policy'];
  expect(header, url).toBeTypeOf('string');
  const directives = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return { res, header: String(header), directives };
}

const OTHER_PAGES = ['/', '/products/5', '/account/orders', '/checkout-help', '/offline.html'];

describe('Content-Security-Policy with Razorpay', () => {
  it('lets Razorpay Checkout in on /checkout: its script, frames, logging and images', async () => {
    for (const url of ['/checkout', '/checkout/', '/checkout?step=pay']) {
      const { res, directives } = await policyOf(apps.razorpay!, url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>shell</title>');
      expect(directives.get('script-src'), url).toEqual([
        "'self'",
        'https://checkout.razorpay.com',
        'https://cdn.razorpay.com',
      ]);
      expect(directives.get('frame-src'), url).toEqual(['https://api.razorpay.com', 'https://checkout.razorpay.com']);
      expect(directives.get('connect-src')).toEqual([
        "'self'",
        'https://lumberjack.razorpay.com',
        'https://lumberjack-metrics.razorpay.com',
      ]);
      expect(directives.get('img-src')).toContain('https://cdn.razorpay.com');
      // Still no inline or evaluated script, and nobody may frame the checkout.
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('script-src')).not.toContain("'unsafe-eval'");
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('default-src')).toEqual(["'self'"]);
    }
  });

  it('keeps the storefront’s policy everywhere else', async () => {
    const { header: home } = await policyOf(apps.razorpay!, '/');
    for (const url of OTHER_PAGES) {
      const { header } = await policyOf(apps.razorpay!, url);
      expect(header, url).toBe(home);
      expect(header, url).not.toContain('razorpay');
    }
    const { directives } = await policyOf(apps.razorpay!, '/');
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(directives.has('frame-src')).toBe(false);
    // An API answer is never a page: it runs and frames nothing (decision 069).
    expect((await policyOf(apps.razorpay!, '/api/category/public')).header).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('is the same policy the storefront has on every page when payment is off', async () => {
    const { header: home } = await policyOf(apps.off!, '/');
    expect((await policyOf(apps.off!, '/checkout')).header).toBe(home);
    expect(home).toBe((await policyOf(apps.razorpay!, '/')).header);
  });
});

describe('Content-Security-Policy with the local gateway', () => {
  it('lets /checkout frame our own pages and nothing from Razorpay', async () => {
    const { header, directives } = await policyOf(apps.local!, '/checkout');
    expect(directives.get('frame-src')).toEqual(["'self'"]);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(header).not.toContain('razorpay');
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('lets the local gateway’s page be framed by our own origin only, and only with the local gateway', async () => {
    for (const url of ['/pay/local/order_IluGWxBm9U8zJ8', '/pay/local/page.js']) {
      const { directives } = await policyOf(apps.local!, url);
      expect(directives.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(directives.get('script-src'), url).toEqual(["'self'"]);
      expect(directives.has('frame-src'), url).toBe(false);
    }
    const { directives: withRazorpay } = await policyOf(apps.razorpay!, '/pay/local/order_IluGWxBm9U8zJ8');
    expect(withRazorpay.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('keeps the storefront’s policy everywhere else', async () => {
    const { header: home } = await policyOf(apps.local!, '/');
    expect(home).toBe((await policyOf(apps.off!, '/')).header);
    for (const url of [...OTHER_PAGES, '/pay/localx/1', '/pay']) {
      expect((await policyOf(apps.local!, url)).header, url).toBe(home);
    }
  });
});
