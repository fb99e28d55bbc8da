import { idbStorage, type AsyncStorage } from '../../lib/idb-storage';
import { sanitizeCart, type Cart } from './cart-logic';

/**
 * The cart's IndexedDB storage: lib/idb-storage (which keeps the cart in memory when IndexedDB
 * cannot store it, and tells each tab only the other tabs' writes), with whatever IndexedDB or
 * another tab holds checked before it becomes the cart.
 */
export function cartStorage(): AsyncStorage<Cart> {
  const base = idbStorage<Cart>();
  return {
    ...base,
    async getItem(key, initialValue) {
      return sanitizeCart(await base.getItem(key, initialValue));
    },
    subscribe(key, callback, initialValue) {
      return base.subscribe?.(key, (value) => callback(sanitizeCart(value)), initialValue);
    },
  };
}
