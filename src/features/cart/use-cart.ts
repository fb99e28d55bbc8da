import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useRef } from 'react';

import { cartProductsQueryOptions } from './api/get-cart-products';
import {
  addToCartAtom,
  cartItemsAtom,
  cartLoadedAtom,
  cartTotalsAtom,
  clearCartAtom,
  decrementCartItemAtom,
  incrementCartItemAtom,
  priceChangedIdsAtom,
  refreshCartAtom,
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

/**
 * Keeps the stored cart honest: re-reads its products once the cart has loaded (React Query
 * waits for a connection), whenever the panel opens and when the connection comes back.
 * Failures keep the stored values. 'Price updated' notes are cleared when the panel closes.
 */
export function useCartRefresh(panelOpen: boolean) {
  const queryClient = useQueryClient();
  const loaded = useAtomValue(cartLoadedAtom);
  const refreshCart = useSetAtom(refreshCartAtom);
  const setPriceChangedIds = useSetAtom(priceChangedIdsAtom);

  const refresh = useCallback(() => {
    refreshCart((ids) => queryClient.fetchQuery(cartProductsQueryOptions(ids))).catch(() => {
      // Offline or the server is unwell: the stored prices stand until the next try.
    });
  }, [refreshCart, queryClient]);

  useEffect(() => {
    if (loaded) refresh();
  }, [loaded, refresh]);

  // Cleared when the panel closes, not whenever it happens to be closed: notes from a refresh
  // that landed before the shopper opened the panel must still be there when they do.
  const wasOpen = useRef(panelOpen);
  useEffect(() => {
    if (loaded && panelOpen) refresh();
    if (wasOpen.current && !panelOpen) setPriceChangedIds([]);
    wasOpen.current = panelOpen;
  }, [loaded, panelOpen, refresh, setPriceChangedIds]);

  useEffect(() => {
    window.addEventListener('online', refresh);
    return () => window.removeEventListener('online', refresh);
  }, [refresh]);
}
