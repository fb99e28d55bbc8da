import { delMany } from 'idb-keyval';

import { CHANNEL, type Message } from './idb-storage';
import { keysClearedOnSignOut } from './sign-out';

/**
 * Removes keys from IndexedDB and localStorage, and resets every live atom stored under them in
 * this and other tabs: the announcement goes out on lib/idb-storage's channel, as a removal by no
 * tab, so this tab's atoms follow it as well.
 */
export async function removeStoredKeys(keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      localStorage.removeItem(key);
    } catch {
      // Storage blocked: nothing was stored there.
    }
  }
  try {
    await delMany([...keys]);
  } catch {
    // Private mode or a blocked database: nothing was stored there either.
  }
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  for (const key of keys) channel.postMessage({ key, value: undefined, from: 'remove-stored-keys' } satisfies Message);
  channel.close();
}

/** Removes every key a feature declared as the customer's (lib/sign-out.ts). */
export const removeCustomerData = (): Promise<void> => removeStoredKeys(keysClearedOnSignOut());
