import { describe, expect, it } from 'vitest';

import { canInviteInstall, canOfferUpdate } from './update-rules';

describe('canOfferUpdate', () => {
  it('offers the update anywhere but checkout', () => {
    for (const path of ['/', '/products/3', '/munchies', '/account/orders', '/checkout-tips']) {
      expect(canOfferUpdate(path), path).toBe(true);
    }
    for (const path of ['/checkout', '/checkout/', '/checkout/payment']) expect(canOfferUpdate(path), path).toBe(false);
  });
});

describe('canInviteInstall', () => {
  it('invites anywhere a shopper browses, not on checkout nor the store console', () => {
    for (const path of ['/', '/products/3', '/munchies', '/account/orders'])
      expect(canInviteInstall(path), path).toBe(true);
    for (const path of ['/checkout', '/checkout/payment', '/ops', '/ops/orders']) {
      expect(canInviteInstall(path), path).toBe(false);
    }
  });
});
