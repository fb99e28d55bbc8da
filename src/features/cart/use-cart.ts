import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useMemo } from 'react';

import {
  addToCartAtom,
  cartItemsAtom,
  cartLoadedAtom,
  cartTotalsAtom,
  clearCartAtom,
  decrementCartItemAtom,
  incrementCartItemAtom,
  removeFromCartAtom,
} from './atoms';

/** The cart's items, bill and actions, for components that show or change the whole cart. */
export function useCart() {
  const items = useAtomValue(cartItemsAtom);
  const totals = useAtomValue(cartTotalsAtom);
  const loaded = useAtomValue(cartLoadedAtom);
  const add = useSetAtom(addToCartAtom);
  const increment = useSetAtom(incrementCartItemAtom);
  const decrement = useSetAtom(decrementCartItemAtom);
  const remove = useSetAtom(removeFromCartAtom);
  const clear = useSetAtom(clearCartAtom);
  return { items, totals, loaded, add, increment, decrement, remove, clear };
}

/** Adds a product: `add(product)` for one, `add(product, 3)` from the product page's quantity picker. */
export function useAddToCart() {
  return useSetAtom(addToCartAtom);
}

/** One product's quantity in the cart (0 when absent); re-renders only when that number changes. */
export function useCartQuantity(id: number): number {
  const quantityAtom = useMemo(
    () => atom((get) => get(cartItemsAtom).find((item) => item.id === id)?.quantity ?? 0),
    [id],
  );
  return useAtomValue(quantityAtom);
}
