import { delMany } from 'idb-keyval';

import { ADDRESS_STORAGE_KEYS } from './constants';

/**
 * The channel and message shape of lib/idb-storage.ts: persisted atoms listen on it and take
 * their initial value when a key is removed. The auth feature cannot import the address atoms
 * (they depend on auth), so it removes the keys and announces it the same way a write would.
 */
const IDB_STORAGE_CHANNEL = 'storefront:idb-storage';

/**
 * Spec point 4: clearing all addresses (the list, the selected and the delivery address) from
 * IndexedDB and localStorage, and from every live atom in this and other tabs.
 */
export async function clearStoredAddresses(): Promise<void> {
  for (const key of ADDRESS_STORAGE_KEYS) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage blocked: nothing was stored there.
    }
  }
  try {
    await delMany([...ADDRESS_STORAGE_KEYS]);
  } catch {
    // Private mode or a blocked database: nothing was stored there either.
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(IDB_STORAGE_CHANNEL);
  for (const key of ADDRESS_STORAGE_KEYS) channel.postMessage({ key, value: undefined, from: 'auth:logout' });
  channel.close();
}
