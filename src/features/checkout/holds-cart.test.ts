import { describe, expect, it } from 'vitest';

import type { OrderWithPayment } from '../payment';
import type { Address } from '../address';
import { goesTo, holdsCart } from './use-place-order';

const order = (items: { productId: number; quantity: number }[]) => ({ items }) as unknown as OrderWithPayment;
const line = (productId: number, quantity: number) => ({ productId, quantity, price: 10 });

describe('holdsCart: whether an order placed for online payment is still of the cart as it is', () => {
  const placed = order([
    { productId: 1, quantity: 2 },
    { productId: 2, quantity: 1 },
  ]);

  it('is, with the same lines', () => {
    expect(holdsCart(placed, { lines: [line(1, 2), line(2, 1)], cartLines: [line(1, 2), line(2, 1)] })).toBe(true);
  });

  it('is, when the order took the last of an item and the cart now shows it unavailable', () => {
    // The order's own hold emptied the shelf: the cart still has it, only not as a line to buy.
    expect(holdsCart(placed, { lines: [line(2, 1)], cartLines: [line(1, 2), line(2, 1)] })).toBe(true);
  });

  it('is not, with a quantity changed, an item added or one removed', () => {
    expect(holdsCart(placed, { lines: [line(1, 3), line(2, 1)], cartLines: [line(1, 3), line(2, 1)] })).toBe(false);
    expect(
      holdsCart(placed, {
        lines: [line(1, 2), line(2, 1), line(3, 1)],
        cartLines: [line(1, 2), line(2, 1), line(3, 1)],
      }),
    ).toBe(false);
    expect(holdsCart(placed, { lines: [line(1, 2)], cartLines: [line(1, 2)] })).toBe(false);
  });

  it('is, with an unavailable item the order left out', () => {
    expect(
      holdsCart(placed, { lines: [line(1, 2), line(2, 1)], cartLines: [line(1, 2), line(2, 1), line(9, 1)] }),
    ).toBe(true);
  });
});

describe('goesTo: whether an order goes where the checkout now delivers', () => {
  const home = {
    tag: 'Home',
    name: 'Asha',
    buildingName: 'Flat 4, Sea View',
    locality: 'Hill Road, Bandra West',
    city: 'Mumbai',
    gps: { latitude: 19.06, longitude: 72.83 },
  };
  const placed = { address: { ...home, floor: null, nearBy: null, mobile: null } } as unknown as OrderWithPayment;
  const chosen = (changes: Partial<typeof home>) => ({ _id: 'a1', ...home, ...changes }) as unknown as Address;

  it('does to the address it was placed for, and when none is chosen yet', () => {
    expect(goesTo(placed, chosen({}))).toBe(true);
    expect(goesTo(placed, null)).toBe(true);
  });

  it('does not once another address is chosen, or this one moved', () => {
    expect(goesTo(placed, chosen({ buildingName: 'Office 12, Trade Centre', city: 'Pune' }))).toBe(false);
    expect(goesTo(placed, chosen({ gps: { latitude: 19.07, longitude: 72.83 } }))).toBe(false);
  });
});
