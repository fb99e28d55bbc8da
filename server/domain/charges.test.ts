import { describe, expect, it } from 'vitest';

import { computeBill } from '../../src/features/cart/cart-logic';
import { computeCharges, deliveryChargePaise } from './charges';

const line = (pricePaise: number, quantity = 1, mrpPaise = pricePaise) => ({ pricePaise, mrpPaise, quantity });

describe('computeCharges', () => {
  it.each([
    [9900, 2500, 9900 + 2500 + 500],
    [9901, 0, 9901 + 500],
    [10000, 0, 10500],
    [1, 2500, 3001],
  ])('items total %i paise: delivery %i, total %i', (items, delivery, total) => {
    const charges = computeCharges([line(items)]);
    expect(charges).toMatchObject({
      itemsPaise: items,
      deliveryPaise: delivery,
      handlingPaise: 500,
      totalPaise: total,
    });
  });

  it('charges nothing for nothing', () => {
    expect(computeCharges([])).toMatchObject({ totalPaise: 0, deliveryPaise: 0, handlingPaise: 0, payablePaise: 0 });
    expect(deliveryChargePaise(0)).toBe(0);
  });

  it('sums quantities and the savings against MRP', () => {
    const charges = computeCharges([line(4000, 2, 5000), line(3000, 1)]);
    expect(charges).toMatchObject({ itemsPaise: 11000, mrpPaise: 13000, savingsPaise: 2000, deliveryPaise: 0 });
  });

  it('takes the wallet up to the total, never more', () => {
    expect(computeCharges([line(10000)], 5000)).toMatchObject({
      totalPaise: 10500,
      walletPaise: 5000,
      payablePaise: 5500,
    });
    expect(computeCharges([line(10000)], 50000)).toMatchObject({ walletPaise: 10500, payablePaise: 0 });
    expect(computeCharges([line(10000)], -100)).toMatchObject({ walletPaise: 0, payablePaise: 10500 });
  });

  it("agrees with the cart panel's preview at and around the free-delivery threshold", () => {
    for (const price of [0.01, 50, 98.99, 99, 99.01, 100, 250.5]) {
      for (const quantity of [1, 2, 3]) {
        const server = computeCharges([line(Math.round(price * 100), quantity, Math.round(price * 120))]);
        const cart = computeBill([
          { id: 1, name: 'x', img: '', discount: '', size: '', price, mrp: price * 1.2, quantity },
        ]);
        expect(cart.grandTotal * 100).toBeCloseTo(server.totalPaise, 6);
        expect(cart.deliveryCharge * 100).toBeCloseTo(server.deliveryPaise, 6);
        expect(cart.handlingCharge * 100).toBeCloseTo(server.handlingPaise, 6);
      }
    }
  });
});
