import { fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { describe, expect, it, vi } from 'vitest';

import { popupsAtom } from '../../popups';
import { addToCartAtom, incrementCartItemAtom } from '../atoms';
import type { CartProduct } from '../cart-logic';
import { CartButton } from './CartButton';

// happy-dom has no IndexedDB; the popup atoms would reject their writes, so keep them in memory.
vi.mock('idb-keyval', () => {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string) => data.get(key),
    set: async (key: string, value: unknown) => void data.set(key, value),
    del: async (key: string) => void data.delete(key),
  };
});

const tomato: CartProduct = {
  id: 1,
  name: 'Fresh Tomato',
  img: '/t.webp',
  price: 32,
  mrp: 40,
  discount: 20,
  packSize: '500 g',
};

function renderButton() {
  const store = createStore();
  render(
    <Provider store={store}>
      <CartButton />
    </Provider>,
  );
  return store;
}

describe('CartButton', () => {
  it("says 'My Card' while the cart is empty", async () => {
    renderButton();
    expect(await screen.findByRole('button', { name: 'My Card' })).toBeTruthy();
  });

  it("shows 'N Items' and the total to two decimals once something is in the cart", async () => {
    const store = renderButton();
    await store.set(addToCartAtom, tomato);
    expect(await screen.findByRole('button', { name: '1 Items ₹32.00' })).toBeTruthy();
    await store.set(incrementCartItemAtom, 1);
    expect(await screen.findByRole('button', { name: '2 Items ₹64.00' })).toBeTruthy();
  });

  it('opens the cart panel', async () => {
    const store = renderButton();
    fireEvent.click(await screen.findByRole('button', { name: 'My Card' }));
    await expect.poll(async () => (await store.get(popupsAtom)).cart).toBe(true);
  });
});
