import { del, get, set } from 'idb-keyval';

/**
 * The async storage jotai's atomWithStorage accepts. jotai 3 exposes only its public entry
 * points and none of them exports this type, so its shape is spelled out here.
 */
export interface AsyncStorage<Value> {
  getItem: (key: string, initialValue: Value) => PromiseLike<Value>;
  setItem: (key: string, newValue: Value) => PromiseLike<void>;
  removeItem: (key: string) => PromiseLike<void>;
  subscribe?: (key: string, callback: (value: Value) => void, initialValue: Value) => (() => void) | undefined;
}

/** Every write and removal is announced here; lib/remove-stored-keys.ts announces on it too. */
export const CHANNEL = 'storefront:idb-storage';

/** `value: undefined` means the key was removed: atoms then take their initial value. */
export type Message = { key: string; value: unknown; from: string };

// Each tab ignores its own announcements: it already holds the value it wrote, and replaying
// an older write after a newer local one would lose the newer one.
const TAB_ID = Math.random().toString(36).slice(2);

let channel: BroadcastChannel | undefined;

/**
 * Tells the other tabs of a write, on one channel opened at the first write: not at start, where
 * every storage opening its own would lengthen the first task (issue 20).
 */
function announce(message: Message) {
  if (typeof BroadcastChannel === 'undefined') return;
  (channel ??= new BroadcastChannel(CHANNEL)).postMessage(message);
}

/**
 * Async storage for jotai's atomWithStorage over IndexedDB (idb-keyval). Writes are announced
 * on a BroadcastChannel so every open tab sees the same cart and popups.
 *
 * Atoms on it should pass `{ getOnInit: true }`: their value is then a Promise until IndexedDB
 * answers, so nothing can overwrite stored data with the initial value, and write atoms must
 * `await get(atom)` (functional updates would be handed that Promise).
 */
export function idbStorage<Value>(): AsyncStorage<Value> {
  return {
    async getItem(key, initialValue) {
      try {
        const stored = await get<Value>(key);
        return stored === undefined ? initialValue : stored;
      } catch {
        // Private mode or a blocked database: the app still works, it just forgets on reload.
        return initialValue;
      }
    },
    async setItem(key, value) {
      try {
        await set(key, value);
      } catch {
        // Private mode or a full disk: keep working in memory for this visit.
      }
      announce({ key, value, from: TAB_ID });
    },
    async removeItem(key) {
      try {
        await del(key);
      } catch {
        // As above: nothing stored, nothing to remove.
      }
      announce({ key, value: undefined, from: TAB_ID });
    },
    subscribe(key, callback, initialValue) {
      if (typeof BroadcastChannel === 'undefined') return () => {};
      const listener = new BroadcastChannel(CHANNEL);
      listener.onmessage = (event: MessageEvent<Message>) => {
        if (event.data.key === key && event.data.from !== TAB_ID)
          callback(event.data.value === undefined ? initialValue : (event.data.value as Value));
      };
      return () => listener.close();
    },
  };
}
