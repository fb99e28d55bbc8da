import { describe, expect, it } from 'vitest';

import { isValidEmail } from './email';
import { isFooterHidden } from './footer-visibility';

describe('isFooterHidden', () => {
  it('hides the footer on account and checkout paths only', () => {
    for (const path of ['/account', '/account/orders', '/account/orders/2', '/checkout']) {
      expect(isFooterHidden(path), path).toBe(true);
    }
    for (const path of ['/', '/search', '/policies/refund_policy', '/accounts-help', '/products/1']) {
      expect(isFooterHidden(path), path).toBe(false);
    }
  });
});

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isValidEmail('asha@example.in')).toBe(true);
    expect(isValidEmail(' ravi.k+offers@mail.co.in ')).toBe(true);
  });

  it('rejects what cannot be an address', () => {
    for (const value of ['', 'asha', 'asha@', 'asha@example', '@example.in', 'a b@example.in', 'asha@@example.in']) {
      expect(isValidEmail(value), value).toBe(false);
    }
  });
});
