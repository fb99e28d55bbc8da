import { del, delMany, get, set } from 'idb-keyval';

import { CHANNEL, type Message } from './idb-storage';
import { keysClearedOnSignOut, keysTrimmedOnSignOut, type KeepOnSignOut } from './sign-out';

const FROM = 'remove-stored-keys';

/** Tells every tab's atoms (this one's too: the message comes from no tab) of new values. */
function announce(changes: readonly Message[]) {
  if (typeof BroadcastChannel === 'undefined' || changes.length === 0) return;
  const channel = new BroadcastChannel(CHANNEL);
  for (const change of changes) channel.postMessage(change);
  channel.close();
}

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
  announce(keys.map((key) => ({ key, value: undefined, from: FROM })));
}

/** Replaces each IndexedDB value with what its `keep` leaves of it, announced like a removal. */
async function trimStoredKeys(trims: readonly [string, KeepOnSignOut][]): Promise<void> {
  const changes: Message[] = [];
  for (const [key, keep] of trims) {
    try {
      const stored: unknown = await get(key);
      if (stored === undefined) continue;
      const kept = keep(stored);
      if (kept === stored) continue;
      await (kept === undefined ? del(key) : set(key, kept));
      changes.push({ key, value: kept, from: FROM });
    } catch {
      // A blocked database stored nothing of the customer's.
    }
  }
  announce(changes);
}

/**
 * Removes every key a feature declared as the customer's, and trims those only partly the
 * customer's (lib/sign-out.ts).
 */
export const removeCustomerData = async (): Promise<void> => {
  await removeStoredKeys(keysClearedOnSignOut());
  await trimStoredKeys(keysTrimmedOnSignOut());
};
