import { describe, expect, it } from 'vitest';

import { isShellNavigation } from './navigation';

describe('isShellNavigation', () => {
  it('serves the shell for client routes', () => {
    for (const path of ['/', '/products/12', '/munchies', '/account/orders', '/policies/privacy_policy']) {
      expect(isShellNavigation(path)).toBe(true);
    }
  });

  it('never answers API, docs, images or health probes with the shell', () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/docs',
      '/api/product/public/1',
      '/images/products/x.svg',
      '/healthz',
      '/readyz',
    ]) {
      expect(isShellNavigation(path)).toBe(false);
    }
  });

  it('does not confuse client routes that merely start with "api"', () => {
    expect(isShellNavigation('/apiary-honey')).toBe(true);
  });
});
