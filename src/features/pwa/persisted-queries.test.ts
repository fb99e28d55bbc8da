import { describe, expect, it } from 'vitest';

import { shouldPersistMutation, shouldPersistQuery } from './persisted-queries';

const query = (queryKey: unknown[], status: 'success' | 'error' | 'pending' = 'success') =>
  ({ queryKey, state: { status } }) as unknown as Parameters<typeof shouldPersistQuery>[0];

describe('shouldPersistQuery', () => {
  it('keeps the catalogue, addresses and orders', () => {
    for (const key of [
      ['products', 'detail', 3],
      ['products', 'list', 'category=munchies'],
      ['categories'],
      ['addresses'],
      ['orders', 'list'],
    ]) {
      expect(shouldPersistQuery(query(key)), JSON.stringify(key)).toBe(true);
    }
  });

  it('leaves out other customer data and unfinished or failed queries', () => {
    expect(shouldPersistQuery(query(['customer', 'me']))).toBe(false);
    expect(shouldPersistQuery(query(['giftcards']))).toBe(false);
    expect(shouldPersistQuery(query(['products', 'detail', 4], 'error'))).toBe(false);
    expect(shouldPersistQuery(query(['products', 'detail', 5], 'pending'))).toBe(false);
  });
});

describe('shouldPersistMutation', () => {
  it('keeps only mutations waiting for the connection', () => {
    const mutation = (isPaused: boolean) => ({ state: { isPaused } }) as Parameters<typeof shouldPersistMutation>[0];
    expect(shouldPersistMutation(mutation(true))).toBe(true);
    expect(shouldPersistMutation(mutation(false))).toBe(false);
  });
});
