import { atom } from 'jotai';
import { atomWithStorage, unwrap } from 'jotai/utils';

import {
  addItem,
  clearCart,
  computeBill,
  decrementItem,
  EMPTY_CART,
  incrementItem,
  removeItem,
  type Cart,
  type CartProduct,
} from './cart-logic';
import { cartStorage } from './cart-storage';

/**
 * Spec point 3's cart slice, kept in IndexedDB under 'cart'. Only the items are stored;
 * totalQuantity and totalPrice are derived below. Until IndexedDB answers its value is a
 * Promise, so writers must `await get(cartAtom)` (see lib/idb-storage.ts).
 */
export const cartAtom = atomWithStorage<Cart>('cart', EMPTY_CART, cartStorage(), { getOnInit: true });

/** The cart without suspending: null until IndexedDB has answered once, then the last known cart. */
const cartSnapshotAtom = unwrap(cartAtom, (previous) => previous ?? null);

/** True once the stored cart has been read. */
export const cartLoadedAtom = atom((get) => get(cartSnapshotAtom) !== null);

export const cartItemsAtom = atom((get) => (get(cartSnapshotAtom) ?? EMPTY_CART).items);

/** The bill for the cart's available items: quantities, items total, charges, grand total, savings. */
export const cartTotalsAtom = atom((get) => computeBill(get(cartItemsAtom)));

/** Spec point 4: the sum of the quantities. */
export const totalQuantityAtom = atom((get) => get(cartTotalsAtom).totalQuantity);

/** Spec point 4: the sum of quantity times price, in rupees. */
export const totalPriceAtom = atom((get) => get(cartTotalsAtom).itemsTotal);

function cartUpdateAtom<Args extends unknown[]>(update: (cart: Cart, ...args: Args) => Cart) {
  return atom(null, async (get, set, ...args: Args) => {
    const cart = await get(cartAtom);
    const next = update(cart, ...args);
    if (next !== cart) await set(cartAtom, next);
  });
}

/** Quantity 1 (or `quantity`), added on top when the product is already in the cart. */
export const addToCartAtom = cartUpdateAtom((cart, product: CartProduct, quantity?: number) =>
  addItem(cart, product, quantity),
);
export const incrementCartItemAtom = cartUpdateAtom((cart, id: number) => incrementItem(cart, id));
/** One less; the item leaves the cart at 0. */
export const decrementCartItemAtom = cartUpdateAtom((cart, id: number) => decrementItem(cart, id));
export const removeFromCartAtom = cartUpdateAtom((cart, id: number) => removeItem(cart, id));
export const clearCartAtom = cartUpdateAtom(() => clearCart());
