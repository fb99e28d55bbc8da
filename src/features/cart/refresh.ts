import { useQueryClient } from '@tanstack/react-query';
import { atom, useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';

import type { Product } from '../../../server/schemas/product';
import { cartProductsQueryOptions } from './api/get-cart-products';
import { cartAtom, cartLoadedAtom } from './atoms';
import { toCartItem, toPaise, type Cart, type CartItem, type CartProduct } from './cart-logic';

/*
 * Bringing the stored cart up to date with the server's prices and stock. Nothing here is needed
 * to draw a page: the cart panel's chunk carries it (CartPanelHost mounts <CartRefresh> once that
 * chunk is here: fetched when the page has started with items in the cart, else when the browser
 * is idle or the panel opens), and the checkout imports it, so it stays off the first load
 * (decision 070).
 */

/** The distinct product ids in the cart, ascending (a stable query key). */
export const cartProductIds = (cart: Cart): number[] =>
  [...new Set(cart.items.map((item) => item.id))].sort((a, b) => a - b);

interface RefreshResult {
  cart: Cart;
  /** Items whose selling price differs from the one stored. */
  priceChangedIds: number[];
}

export type ServerProduct = CartProduct & Pick<Product, 'inStock'>;

/**
 * Brings the stored items up to date with the server's answer for `requestedIds`. An id the
 * server did not return, or returned out of stock, is flagged unavailable, never dropped; items
 * added after the request went out are left alone. Returns the same cart object when nothing
 * changed.
 */
export function applyServerProducts(
  cart: Cart,
  requestedIds: readonly number[],
  products: readonly ServerProduct[],
): RefreshResult {
  const requested = new Set(requestedIds);
  const byId = new Map(products.map((product) => [product.id, product]));
  const priceChangedIds: number[] = [];
  let changed = false;
  const items = cart.items.map((item) => {
    if (!requested.has(item.id)) return item;
    const product = byId.get(item.id);
    let next: CartItem;
    if (!product) {
      next = { ...item, unavailable: true };
    } else {
      next = { ...toCartItem(product, item.quantity) };
      if (!product.inStock) next.unavailable = true;
      if (toPaise(product.price) !== toPaise(item.price)) priceChangedIds.push(item.id);
    }
    if (sameItem(item, next)) return item;
    changed = true;
    return next;
  });
  return { cart: changed ? { items } : cart, priceChangedIds };
}

function sameItem(a: CartItem, b: CartItem): boolean {
  return (
    a.name === b.name &&
    a.img === b.img &&
    a.discount === b.discount &&
    a.size === b.size &&
    toPaise(a.price) === toPaise(b.price) &&
    toPaise(a.mrp) === toPaise(b.mrp) &&
    a.quantity === b.quantity &&
    Boolean(a.unavailable) === Boolean(b.unavailable)
  );
}

/** Items whose price moved since they were added; shown as 'Price updated' until the panel closes. */
export const priceChangedIdsAtom = atom<number[]>([]);

/**
 * Re-reads the cart's products from the server (through `fetchProducts`) and folds the answer
 * in: fresh prices, names and images; missing or out-of-stock products flagged unavailable.
 * A failed fetch rejects and leaves the stored cart as it was.
 */
export const refreshCartAtom = atom(
  null,
  async (get, set, fetchProducts: (ids: number[]) => Promise<readonly ServerProduct[]>) => {
    const ids = cartProductIds(await get(cartAtom));
    if (ids.length === 0) return;
    const products = await fetchProducts(ids);
    // Read again: the shopper may have changed the cart while the request was out.
    const latest = await get(cartAtom);
    const { cart, priceChangedIds } = applyServerProducts(latest, ids, products);
    if (cart !== latest) await set(cartAtom, cart);
    if (priceChangedIds.length > 0) {
      set(priceChangedIdsAtom, (previous) => [...new Set([...previous, ...priceChangedIds])]);
    }
  },
);

/**
 * Keeps the stored cart honest: re-reads its products once the cart has loaded (React Query
 * waits for a connection), whenever the panel opens and when the connection comes back.
 * Failures keep the stored values. 'Price updated' notes are cleared when the panel closes.
 */
function useCartRefresh(panelOpen: boolean) {
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

/** Runs the refresh above (see CartPanelHost): a component, so that it can arrive with a chunk. */
export function CartRefresh({ panelOpen }: { panelOpen: boolean }) {
  useCartRefresh(panelOpen);
  return null;
}
