import { createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { describe, expect, it, vi } from 'vitest';

import { idbStorage } from '../../lib/idb-storage';
import { removeStoredKeys } from '../../lib/remove-stored-keys';
import { keysClearedOnSignOut } from '../../lib/sign-out';
// Declares the address keys as the customer's, as on every page (main.tsx registers the feature).
import './register';

/** What auth's logout does with the stored data (use-logout.ts). */
const clearStoredAddresses = () => removeStoredKeys(keysClearedOnSignOut());

// happy-dom has no IndexedDB: an in-memory stand-in.
const data = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => data.get(key),
  set: async (key: string, value: unknown) => void data.set(key, value),
  del: async (key: string) => void data.delete(key),
  delMany: async (keys: string[]) => keys.forEach((key) => data.delete(key)),
}));

describe('clearStoredAddresses (logout, spec point 4)', () => {
  it('removes the addresses from IndexedDB and localStorage, and resets live atoms', async () => {
    const delivery = atomWithStorage<{ _id: string } | null>('deliveryAddress', null, idbStorage(), {
      getOnInit: true,
    });
    const store = createStore();
    const unsubscribe = store.sub(delivery, () => {});
    await store.set(delivery, { _id: 'a1' });
    data.set('addresses', [{ _id: 'a1' }]);
    localStorage.setItem('selectedAddress', '{"_id":"a1"}');

    await clearStoredAddresses();

    expect([...data.keys()]).toEqual([]);
    expect(localStorage.getItem('selectedAddress')).toBeNull();
    await vi.waitFor(() => expect(store.get(delivery)).toBeNull());
    unsubscribe();
  });
});
