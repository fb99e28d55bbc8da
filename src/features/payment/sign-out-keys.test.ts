import { describe, expect, it } from 'vitest';

import { keysClearedOnSignOut } from '../../lib/sign-out';

describe("the checkout's stored attempt on sign-out", () => {
  it('is declared for removal as soon as the module main.tsx loads is loaded', async () => {
    expect(keysClearedOnSignOut()).toEqual([]);
    await import('./register');
    expect(keysClearedOnSignOut()).toEqual(['checkout-attempt', 'checkout-awaiting']);
  });
});
