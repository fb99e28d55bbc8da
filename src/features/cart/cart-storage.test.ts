import { describe, expect, it, vi } from 'vitest';

import type { Cart } from './cart-logic';
import { cartStorage } from './cart-storage';

const channel = vi.hoisted(() => ({ deliver: (_value: unknown) => {}, failWrites: false }));

// Stands in for lib/idb-storage: writes come back over the "channel" like BroadcastChannel does.
vi.mock('../../lib/idb-storage', () => ({
  idbStorage: () => ({
    getItem: async (_key: string, initial: unknown) => initial,
    setItem: async () => {
      if (channel.failWrites) throw new Error('QuotaExceededError');
    },
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
  it("skips this tab's own writes when they echo back, but takes other tabs' changes", async () => {
    const storage = cartStorage();
    const seen: Cart[] = [];
    storage.subscribe!('cart', (value) => seen.push(value), { items: [] });
    await storage.setItem('cart', cart(2));
    await storage.setItem('cart', cart(3));
    channel.deliver(cart(2));
    channel.deliver(cart(3));
    expect(seen).toEqual([]);
    channel.deliver(cart(7));
    expect(seen).toEqual([cart(7)]);
  });

  it('a failed write does not reject: the cart lives on in memory', async () => {
    channel.failWrites = true;
    await expect(cartStorage().setItem('cart', cart(1))).resolves.toBeUndefined();
    channel.failWrites = false;
  });

  it('cleans what it reads', async () => {
    const value = await cartStorage().getItem('cart', { items: [{ id: 'bad' }] } as unknown as Cart);
    expect(value).toEqual({ items: [] });
  });
});
