import { describe, expect, it } from 'vitest';

import { keysClearedOnSignOut } from '../../lib/sign-out';

describe('the address feature on sign-out (spec point 4)', () => {
  // Loading the whole feature's entry (its screens too) takes seconds on a busy machine.
  it(
    'declares its stored keys as soon as its public entry is loaded, as main.tsx loads it',
    { timeout: 30_000 },
    async () => {
      expect(keysClearedOnSignOut()).toEqual([]);
      await import('./index');
      expect(keysClearedOnSignOut()).toEqual(
        expect.arrayContaining(['addresses', 'selectedAddress', 'deliveryAddress']),
      );
    },
  );
});
