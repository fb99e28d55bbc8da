import { describe, expect, it } from 'vitest';

import { isRenderedPageNavigation, isServerFirstNavigation, isShellNavigation } from './navigation';

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
  it('fetches the checkout (its CSP admits the payment gateway) and the store console (its code is not precached) from the server, nothing else', () => {
    for (const path of ['/checkout', '/checkout/', '/ops', '/ops/', '/ops/orders', '/ops/catalogue/12']) {
      expect(isServerFirstNavigation(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/products/12',
      '/account/orders',
      '/checkout-offers',
      '/checkoutx',
      '/api/order',
      '/opsx',
      '/shops',
    ]) {
      expect(isServerFirstNavigation(path), path).toBe(false);
    }
  });
});

describe('isRenderedPageNavigation', () => {
  it('keeps the catalogue pages the server renders for everyone alike', () => {
    for (const path of ['/', '/products/12', '/munchies', '/collection', '/search', '/policies/privacy_policy']) {
      expect(isRenderedPageNavigation(path), path).toBe(true);
    }
  });

  it("leaves a shopper's own pages, the console and what is not a page to the shell or the server", () => {
    for (const path of [
      '/account',
      '/account/orders/7',
      '/checkout',
      '/ops',
      '/ops/orders',
      '/api/product/public',
      '/pay/local/x',
      '/offline.html',
    ]) {
      expect(isRenderedPageNavigation(path), path).toBe(false);
    }
    // A category whose name merely starts like one of them is a catalogue page.
    expect(isRenderedPageNavigation('/accountancy-books')).toBe(true);
  });
});
