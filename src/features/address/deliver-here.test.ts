import { createStore } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chosenLocationAtom } from '../location';
import { deliveryAddressAtom } from './atoms';
import { deliverHereAtom, followAddressListAtom } from './deliver-here';
import type { Address } from './types';

// happy-dom has no IndexedDB: an in-memory stand-in that counts writes.
const data = vi.hoisted(() => new Map<string, unknown>());
const writes = vi.hoisted(() => ({ count: 0 }));
vi.mock('idb-keyval', () => ({
  get: async (key: string) => data.get(key),
  set: async (key: string, value: unknown) => {
    writes.count++;
    data.set(key, value);
  },
  del: async (key: string) => void data.delete(key),
  delMany: async (keys: string[]) => keys.forEach((key) => data.delete(key)),
}));

const REFRESH_HINT = 'auth:refreshable';
const pune = { label: 'Pune', place: { latitude: 18.52, longitude: 73.85 } };
const home = {
  _id: 'a1',
  tag: 'Home',
  buildingName: 'Flat 5, Old Tower',
  city: 'Mumbai',
  gps: { latitude: 19.06, longitude: 72.83 },
  pincode: '400050',
  version: 1,
  updatedAt: '2026-11-29T10:00:00.000Z',
} as Address;
const edited = {
  ...home,
  tag: 'Work',
  buildingName: 'Flat 701, New Heights',
  gps: { latitude: 19.07, longitude: 72.84 },
  version: 2,
  updatedAt: '2026-11-29T11:00:00.000Z',
} as Address;

/** A store whose delivery address is `home`, chosen after the header showed Pune. */
async function deliveringHome() {
  const store = createStore();
  const unsubscribe = [store.sub(chosenLocationAtom, () => {}), store.sub(deliveryAddressAtom, () => {})];
  await store.set(chosenLocationAtom, pune);
  await store.set(deliverHereAtom, home);
  return { store, done: () => unsubscribe.forEach((stop) => stop()) };
}

describe('the delivery address follows the saved list', () => {
  beforeEach(() => {
    data.clear();
    localStorage.setItem(REFRESH_HINT, '1');
  });
  afterEach(() => localStorage.clear());

  it('takes an edit made since it was chosen, and the header follows, keeping the place before it', async () => {
    const { store, done } = await deliveringHome();

    await store.set(followAddressListAtom, [{ ...home, _id: 'a0' }, edited]);

    expect(await store.get(deliveryAddressAtom)).toEqual(edited);
    expect(data.get('deliveryAddress')).toEqual(edited);
    expect(await store.get(chosenLocationAtom)).toEqual({
      label: 'Work · Mumbai',
      place: { latitude: 19.07, longitude: 72.84 },
      city: 'Mumbai',
      pincode: '400050',
      addressId: 'a1',
      before: pune,
    });
    done();
  });

  it('leaves a place the shopper chose in the header since', async () => {
    const { store, done } = await deliveringHome();
    await store.set(chosenLocationAtom, pune);

    await store.set(followAddressListAtom, [edited]);

    expect(await store.get(deliveryAddressAtom)).toEqual(edited);
    expect(await store.get(chosenLocationAtom)).toEqual(pune);
    done();
  });

  it('writes nothing when the address is unchanged or no longer saved', async () => {
    const { store, done } = await deliveringHome();
    const before = writes.count;

    await store.set(followAddressListAtom, [home]);
    await store.set(followAddressListAtom, []);

    expect(writes.count).toBe(before);
    expect(await store.get(deliveryAddressAtom)).toEqual(home);
    done();
  });

  it('is not taken back to an older copy by a list restored from the saved cache', async () => {
    const { store, done } = await deliveringHome();
    await store.set(followAddressListAtom, [edited]);
    const before = writes.count;

    await store.set(followAddressListAtom, [home]);

    expect(writes.count).toBe(before);
    expect(await store.get(deliveryAddressAtom)).toEqual(edited);
    expect(await store.get(chosenLocationAtom)).toMatchObject({ label: 'Work · Mumbai' });
    done();
  });

  it('writes nothing once this device has signed out', async () => {
    const { store, done } = await deliveringHome();
    localStorage.removeItem(REFRESH_HINT);

    await store.set(followAddressListAtom, [edited]);

    expect(data.get('deliveryAddress')).toEqual(home);
    done();
  });
});
