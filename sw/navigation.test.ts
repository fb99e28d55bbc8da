import { describe, expect, it } from 'vitest';

import { isServerFirstNavigation, isShellNavigation } from './navigation';

describe('isShellNavigation', () => {
  it('serves the shell for client routes', () => {
    for (const path of ['/', '/products/12', '/munchies', '/account/orders', '/policies/privacy_policy']) {
      expect(isShellNavigation(path)).toBe(true);
    }
  });

  it('never answers API, docs, images, health probes or the local payment page with the shell', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/docs',
      '/api/product/public/1',
      '/images/products/x.svg',
      '/healthz',
      '/readyz',
      '/pay/local/order_AbCdEfGhIjKlMn',
    ]) {
      expect(isShellNavigation(path)).toBe(false);
    }
  });

  it('does not confuse client routes that merely start with "api"', () => {
    expect(isShellNavigation('/apiary-honey')).toBe(true);
  });
});

describe('isServerFirstNavigation', () => {
  it('fetches the checkout page from the server (its CSP admits the payment gateway), nothing else', () => {
    expect(isServerFirstNavigation('/checkout')).toBe(true);
    expect(isServerFirstNavigation('/checkout/')).toBe(true);
    for (const path of ['/', '/products/12', '/account/orders', '/checkout-offers', '/checkoutx', '/api/order']) {
      expect(isServerFirstNavigation(path), path).toBe(false);
    }
  });
});
