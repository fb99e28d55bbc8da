import { describe, expect, it } from 'vitest';

import {
  EXPIRATION,
  isCacheableResponse,
  entryScriptOf,
  isKeepablePage,
  isSkipWaitingMessage,
  outdatedRuntimeCaches,
  renderedPagesCacheName,
  runtimeCacheName,
  strategyFor,
} from './caching';

const origin = 'https://shop.example';
const facts = (path: string, method = 'GET', base = origin) => ({ method, url: new URL(path, base), origin });

describe('strategyFor', () => {
  it('serves catalogue reads stale-while-revalidate', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/product/public',
      '/api/product/public?category=munchies&page=2',
      '/api/product/public/12',
      '/api/category/public',
    ]) {
      expect(strategyFor(facts(path)), path).toBe('catalogue');
    }
  });

  it("reads the cart's products by id from the network first, the cache only without one", () => {
    expect(strategyFor(facts('/api/product/public?ids=1,2,3&pageSize=100'))).toBe('catalogue-fresh');
    expect(strategyFor(facts('/api/product/public?ids=7&store=2'))).toBe('catalogue-fresh');
  });

  it('keeps product images cache-first', () => {
    expect(strategyFor(facts('/images/products/12.svg'))).toBe('images');
    // Uploaded photos: content-hashed names, immutable (decision 033).
    expect(strategyFor(facts('/images/photos/0123456789abcdef0123456789abcdef-320.webp'))).toBe('images');
  });

  it('never caches customer data, whatever the method', () => {
    for (const path of [
      '/api/customer',
      '/api/customer/me',
      '/api/address',
      '/api/address/4',
      '/api/order',
      '/api/order/17',
      '/api/giftcard',
      '/api/geo/reverse?lat=1&lng=2',
      '/api/auth/otp',
      '/api/ops/me',
      '/api/ops/products?q=amul',
      '/api/ops/products/12/photo',
      '/api/ops/audit',
      '/api/push/subscription',
    ]) {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'])
        expect(strategyFor(facts(path, method)), path).toBe('network-only');
    }
  });

  it('leaves the order stream to the browser: never answered by the worker', () => {
    expect(strategyFor(facts('/api/order/stream'))).toBe('none');
    expect(strategyFor(facts('/api/order/stream?after=12'))).toBe('none');
    expect(strategyFor(facts('/api/ops/orders/stream'))).toBe('none');
    // Only the stream: the orders themselves stay network-only.
    expect(strategyFor(facts('/api/order/streams'))).toBe('network-only');
  });

  it('leaves writes, other origins and lookalike paths alone', () => {
    expect(strategyFor(facts('/api/product/public', 'POST'))).toBe('none');
    expect(strategyFor(facts('/api/product/public/1', 'GET', 'https://cdn.example'))).toBe('none');
    expect(strategyFor(facts('/api/products-admin'))).toBe('none');
    expect(strategyFor(facts('/api/category/public/secret'))).toBe('none');
    expect(strategyFor(facts('/api/customers'))).toBe('none');
    expect(strategyFor(facts('/apiary'))).toBe('none');
    expect(strategyFor(facts('/tile.openstreetmap.org/1/2/3.png'))).toBe('none');
  });
});

describe('runtime caches', () => {
  it('are prefixed and versioned', () => {
    expect(runtimeCacheName('catalogue')).toBe('quickcart-catalogue-v1');
    expect(runtimeCacheName('images')).toBe('quickcart-images-v1');
    expect(runtimeCacheName('cart')).toBe('quickcart-cart-v1');
  });

  it('are bounded in entries and age and give way when storage runs out', () => {
    for (const settings of Object.values(EXPIRATION)) {
      expect(settings.maxEntries).toBeGreaterThan(0);
      expect(settings.maxAgeSeconds).toBeGreaterThan(0);
      expect(settings.purgeOnQuotaError).toBe(true);
    }
  });

  it('delete only our older runtime caches on activation', () => {
    expect(
      outdatedRuntimeCaches(
        [
          'quickcart-catalogue-v0',
          'quickcart-images-v0',
          'quickcart-catalogue-v1',
          'quickcart-cart-v1',
          'quickcart-images-v1',
          'quickcart-pages-0ld',
          'quickcart-pages-n3w',
          'quickcart-precache-v2-https://shop.example/',
          'someone-elses-cache',
        ],
        renderedPagesCacheName('n3w'),
      ),
    ).toEqual(['quickcart-catalogue-v0', 'quickcart-images-v0', 'quickcart-pages-0ld']);
    // A build that keeps no pages deletes every build's.
    expect(outdatedRuntimeCaches(['quickcart-pages-0ld', 'quickcart-images-v1'], null)).toEqual([
      'quickcart-pages-0ld',
    ]);
  });
});

describe('isCacheableResponse', () => {
  it('keeps only complete same-origin successes', () => {
    expect(isCacheableResponse({ status: 200, type: 'basic' })).toBe(true);
    expect(isCacheableResponse({ status: 404, type: 'basic' })).toBe(false);
    expect(isCacheableResponse({ status: 500, type: 'basic' })).toBe(false);
    expect(isCacheableResponse({ status: 206, type: 'basic' })).toBe(false);
    expect(isCacheableResponse({ status: 0, type: 'opaque' })).toBe(false);
  });
});

describe('isKeepablePage', () => {
  const entry = '/assets/index-AbC123.js';
  const page = (script: string, data = '<script type="application/json" id="page-data">[]</script>') =>
    `<head><script type="module" crossorigin src="${script}"></script><link rel="modulepreload" crossorigin href="/assets/vendor-x.js"></head>` +
    `<body><div id="root"><div data-prerendered aria-disabled="true"><main><h1>Tomato</h1></main></div>${data}</div></body>`;

  it('keeps a page the server rendered for this build', () => {
    expect(entryScriptOf(page(entry))).toBe(entry);
    expect(isKeepablePage(page(entry), entry)).toBe(true);
  });

  it("keeps neither the shell it sends for the other pages nor another build's page", () => {
    expect(isKeepablePage(page(entry, ''), entry)).toBe(false);
    expect(isKeepablePage(page('/assets/index-N3xt.js'), entry)).toBe(false);
    // This build's entry unknown (no precached shell): nothing is kept.
    expect(isKeepablePage(page(entry), null)).toBe(false);
    expect(entryScriptOf('<p>no script</p>')).toBeNull();
  });
});

describe('isSkipWaitingMessage', () => {
  it('recognises the page asking the waiting worker to take over', () => {
    expect(isSkipWaitingMessage({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaitingMessage({ type: 'GET_VERSION' })).toBe(false);
    expect(isSkipWaitingMessage(null)).toBe(false);
    expect(isSkipWaitingMessage('SKIP_WAITING')).toBe(false);
  });
});
