import { createStore } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { idbStorage } from '../../lib/idb-storage';
import { removeCustomerData, removeStoredKeys } from '../../lib/remove-stored-keys';
import { keysClearedOnSignOut } from '../../lib/sign-out';
// Declares the address keys as the customer's, as on every page (main.tsx registers the feature).
import './register';
import { chosenLocationAtom } from '../location';
import { deliverHereAtom } from './deliver-here';
import type { Address } from './types';

/** What auth's logout does with the stored data (use-logout.ts). */
const clearStoredAddresses = () => removeStoredKeys(keysClearedOnSignOut());

// happy-dom has no IndexedDB: an in-memory stand-in. `onSet` runs before a value is stored.
const data = vi.hoisted(() => new Map<string, unknown>());
const onSet = vi.hoisted(() => ({ current: (_key: string) => {} }));
vi.mock('idb-keyval', () => ({
  get: async (key: string) => data.get(key),
  set: async (key: string, value: unknown) => {
    onSet.current(key);
    data.set(key, value);
  },
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

describe("the header's place on sign-out (a shared phone)", () => {
  // Signed in as auth keeps it: a session this device may renew (another tab's sign-out removes it).
  const REFRESH_HINT = 'auth:refreshable';
  const signOutElsewhere = () => localStorage.removeItem(REFRESH_HINT);
  beforeEach(() => {
    data.clear();
    localStorage.setItem(REFRESH_HINT, '1');
  });
  afterEach(() => {
    onSet.current = () => {};
    localStorage.clear();
  });

  const pune = { label: 'Pune', place: { latitude: 18.52, longitude: 73.85 } };
  const address = (id: string, tag: string, city: string) =>
    ({
      _id: id,
      tag,
      city,
      gps: { latitude: 19.06, longitude: 72.83 },
      pincode: '400050',
    }) as Address;

  it('puts back the place chosen before a delivery address took it, and keeps a place the shopper chose', async () => {
    const store = createStore();
    const unsubscribe = store.sub(chosenLocationAtom, () => {});
    await store.set(chosenLocationAtom, pune);
    await store.set(deliverHereAtom, address('a1', 'Home', 'Mumbai'));
    await store.set(deliverHereAtom, address('a2', 'Work', 'Mumbai'));
    expect(await store.get(chosenLocationAtom)).toMatchObject({
      label: 'Work · Mumbai',
      addressId: 'a2',
      before: pune,
    });

    await removeCustomerData();

    await vi.waitFor(() => expect(store.get(chosenLocationAtom)).toEqual(pune));
    expect(data.get('selectedLocation')).toEqual(pune);
    // Signed out again (a visitor's every arrival): the shopper's own place stays.
    await removeCustomerData();
    expect(data.get('selectedLocation')).toEqual(pune);
    unsubscribe();
  });

  it('removes the place when none was chosen before the address', async () => {
    const store = createStore();
    const unsubscribe = store.sub(chosenLocationAtom, () => {});
    await store.get(chosenLocationAtom);
    await store.set(deliverHereAtom, address('a1', 'Home', 'Mumbai'));
    expect(data.get('selectedLocation')).toMatchObject({ label: 'Home · Mumbai' });

    await removeCustomerData();

    expect(data.has('selectedLocation')).toBe(false);
    await vi.waitFor(() => expect(store.get(chosenLocationAtom)).toBeNull());
    unsubscribe();
  });

  it('is not put back by a tab that still shows the address book after another tab signed out', async () => {
    const store = createStore();
    const unsubscribe = store.sub(chosenLocationAtom, () => {});
    await store.set(chosenLocationAtom, pune);
    await store.set(deliverHereAtom, address('a1', 'Home', 'Mumbai'));

    signOutElsewhere();
    await removeCustomerData();
    await vi.waitFor(() => expect(store.get(chosenLocationAtom)).toEqual(pune));
    await store.set(deliverHereAtom, address('a2', 'Work', 'Mumbai'));

    expect(data.get('selectedLocation')).toEqual(pune);
    expect(data.has('deliveryAddress')).toBe(false);
    expect(await store.get(chosenLocationAtom)).toEqual(pune);
    unsubscribe();
  });

  it('is not written when another tab signs out while this one chooses the address', async () => {
    const store = createStore();
    const unsubscribe = store.sub(chosenLocationAtom, () => {});
    await store.set(chosenLocationAtom, pune);
    // The other tab signs out as this one stores the delivery address, before it moves the header.
    onSet.current = (key) => {
      if (key === 'deliveryAddress') signOutElsewhere();
    };

    await store.set(deliverHereAtom, address('a1', 'Home', 'Mumbai'));

    expect(data.get('selectedLocation')).toEqual(pune);
    unsubscribe();
  });
});
