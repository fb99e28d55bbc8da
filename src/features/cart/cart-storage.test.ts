import { describe, expect, it, vi } from 'vitest';

import type { Cart } from './cart-logic';
import { cartStorage } from './cart-storage';

const channel = vi.hoisted(() => ({ deliver: (_value: unknown) => {} }));

// Stands in for lib/idb-storage: another tab's writes arrive through `deliver`.
vi.mock('../../lib/idb-storage', () => ({
  idbStorage: () => ({
    getItem: async (_key: string, initial: unknown) => initial,
    setItem: async () => {},
    removeItem: async () => {},
    subscribe: (_key: string, callback: (value: unknown) => void) => {
      channel.deliver = callback;
      return () => {};
    },
  }),
}));

const cart = (quantity: number): Cart => ({
  items: [{ id: 1, name: 'Fresh Tomato', img: '', discount: '', size: '', price: 32, mrp: 32, quantity }],
});

describe('cartStorage', () => {
  it('cleans what it reads', async () => {
    const value = await cartStorage().getItem('cart', { items: [{ id: 'bad' }] } as unknown as Cart);
    expect(value).toEqual({ items: [] });
  });

  it('cleans what another tab wrote, and takes it', () => {
    const storage = cartStorage();
    const seen: Cart[] = [];
    storage.subscribe!('cart', (value) => seen.push(value), { items: [] });
    channel.deliver({ items: [...cart(7).items, { id: 'bad' }] });
    expect(seen).toEqual([cart(7)]);
  });
});
