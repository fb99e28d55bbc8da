import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';

import {
  addToCartAtom,
  cartAtom,
  cartItemsAtom,
  cartTotalsAtom,
  clearCartAtom,
  decrementCartItemAtom,
  incrementCartItemAtom,
  removeFromCartAtom,
  totalPriceAtom,
  totalQuantityAtom,
} from './atoms';
import type { CartProduct } from './cart-logic';
import { priceChangedIdsAtom, refreshCartAtom } from './refresh';

const tomato: CartProduct = {
  id: 1,
  name: 'Fresh Tomato',
  img: '/t.webp',
  price: 32,
  mrp: 40,
  discount: 20,
  packSize: '500 g',
};
const bread: CartProduct = {
  id: 2,
  name: 'Brown Bread',
  img: '/b.webp',
  price: 45,
  mrp: 45,
  discount: 0,
  packSize: '400 g',
};

// happy-dom has no IndexedDB: these also show the cart keeps working in memory when storage fails.
describe('cart atoms', () => {
  it('derive totalQuantity and totalPrice from the items after each change', async () => {
    const store = createStore();
    await store.set(addToCartAtom, tomato);
    await store.set(addToCartAtom, tomato);
    await store.set(addToCartAtom, bread);
    expect(store.get(totalQuantityAtom)).toBe(3);
    expect(store.get(totalPriceAtom)).toBe(109);
    expect(store.get(cartTotalsAtom).deliveryCharge).toBe(0);

    await store.set(decrementCartItemAtom, 1);
    expect(store.get(totalPriceAtom)).toBe(77);
    expect(store.get(cartTotalsAtom).grandTotal).toBe(107);

    await store.set(incrementCartItemAtom, 2);
    await store.set(removeFromCartAtom, 1);
    expect(store.get(cartItemsAtom).map((item) => [item.id, item.quantity])).toEqual([[2, 2]]);

    await store.set(clearCartAtom);
    expect(store.get(totalQuantityAtom)).toBe(0);
    expect(await store.get(cartAtom)).toEqual({ items: [] });
  });

  it('refresh folds the server answer in and remembers changed prices', async () => {
    const store = createStore();
    await store.set(addToCartAtom, tomato);
    await store.set(addToCartAtom, bread);
    await store.set(refreshCartAtom, async (ids) => {
      expect(ids).toEqual([1, 2]);
      return [{ ...tomato, price: 30, inStock: true }];
    });
    const items = store.get(cartItemsAtom);
    expect(items.map((item) => [item.id, item.price, Boolean(item.unavailable)])).toEqual([
      [1, 30, false],
      [2, 45, true],
    ]);
    expect(store.get(priceChangedIdsAtom)).toEqual([1]);
    expect(store.get(totalPriceAtom)).toBe(30);
  });

  it('a failed refresh keeps the stored values', async () => {
    const store = createStore();
    await store.set(addToCartAtom, tomato);
    await expect(store.set(refreshCartAtom, () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect(store.get(cartItemsAtom)[0]).toMatchObject({ price: 32 });
    expect(store.get(cartItemsAtom)[0]?.unavailable).toBeUndefined();
  });
});
