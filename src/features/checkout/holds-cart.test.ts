import { describe, expect, it } from 'vitest';

import type { OrderWithPayment } from '../payment';
import { holdsCart } from './use-place-order';

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
