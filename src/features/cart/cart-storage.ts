import { idbStorage, type AsyncStorage } from '../../lib/idb-storage';
import { sanitizeCart, type Cart } from './cart-logic';

/** How many of our own writes may still be on their way back over the tab channel. */
const MAX_PENDING_ECHOES = 50;

/**
 * The cart's IndexedDB storage. Three things on top of lib/idb-storage:
 *
 * - lib's BroadcastChannel also delivers a tab's writes back to that same tab, a few
 *   milliseconds late. Taken as-is, that echo can set the cart back to an older value between
 *   two quick taps on '+' and lose one, so our own writes are recognised and skipped.
 * - a failed write (private mode, happy-dom) keeps the in-memory cart and just forgets on
 *   reload, instead of rejecting into every caller.
 * - whatever IndexedDB holds is checked before it becomes the cart.
 */
export function cartStorage(): AsyncStorage<Cart> {
  const base = idbStorage<Cart>();
  const pending: string[] = [];
  return {
    async getItem(key, initialValue) {
      return sanitizeCart(await base.getItem(key, initialValue));
    },
    async setItem(key, value) {
      pending.push(JSON.stringify(value));
      if (pending.length > MAX_PENDING_ECHOES) pending.shift();
      try {
        await base.setItem(key, value);
      } catch {
        // Nothing to do: the cart still works for this visit.
      }
    },
    async removeItem(key) {
      try {
        await base.removeItem(key);
      } catch {
        // As for setItem.
      }
    },
    subscribe(key, callback, initialValue) {
      return base.subscribe?.(
        key,
        (value) => {
          const echo = pending.indexOf(JSON.stringify(value));
          if (echo !== -1) {
            pending.splice(0, echo + 1);
            return;
          }
          callback(sanitizeCart(value));
        },
        initialValue,
      );
    },
  };
}
