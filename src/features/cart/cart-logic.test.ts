import { describe, expect, it } from 'vitest';

import {
  addItem,
  computeBill,
  decrementItem,
  EMPTY_CART,
  incrementItem,
  proceedStep,
  removeItem,
  sanitizeCart,
  toCartItem,
  type Cart,
  type CartItem,
  type CartProduct,
} from './cart-logic';
import { OrderLine } from '../../../server/schemas/order';
import { applyServerProducts, cartProductIds } from './refresh';
import { DELIVERY_CHARGE, FREE_DELIVERY_THRESHOLD, HANDLING_CHARGE, MAX_ITEM_QUANTITY } from './constants';
import { CART_TEXT } from './texts';

const tomato: CartProduct = {
  id: 1,
  name: 'Fresh Tomato',
  img: '/img/tomato.webp',
  price: 32,
  mrp: 40,
  discount: 20,
  packSize: '500 g',
};
const milk: CartProduct = {
  id: 2,
  name: 'Toned Milk',
  img: '/img/milk.webp',
  price: 27.5,
  mrp: 27.5,
  discount: 0,
  packSize: '500 ml',
};

const item = (overrides: Partial<CartItem> = {}): CartItem => ({ ...toCartItem(tomato), ...overrides });
const cartOf = (...items: CartItem[]): Cart => ({ items });

describe('cart reducers (spec point 4)', () => {
  it('add puts a new product in with quantity 1, copying the spec fields', () => {
    const cart = addItem(EMPTY_CART, tomato);
    expect(cart.items).toEqual([
      {
        id: 1,
        name: 'Fresh Tomato',
        img: '/img/tomato.webp',
        discount: '20% OFF',
        size: '500 g',
        price: 32,
        mrp: 40,
        quantity: 1,
      },
    ]);
  });

  it('add on a product already there adds 1, or the given quantity', () => {
    const once = addItem(EMPTY_CART, tomato);
    expect(addItem(once, tomato).items[0]?.quantity).toBe(2);
    expect(addItem(once, tomato, 3).items[0]?.quantity).toBe(4);
    expect(addItem(EMPTY_CART, tomato, 0)).toBe(EMPTY_CART);
  });

  it('add refreshes a stale copy and clears the unavailable flag', () => {
    const stale = cartOf(item({ price: 30, unavailable: true, quantity: 2 }));
    expect(addItem(stale, tomato).items[0]).toEqual({ ...toCartItem(tomato), quantity: 3 });
  });

  it('increment adds 1; decrement subtracts 1 and removes the item at 0', () => {
    let cart = addItem(addItem(EMPTY_CART, tomato), milk);
    cart = incrementItem(cart, 1);
    expect(cart.items.map((i) => i.quantity)).toEqual([2, 1]);
    cart = decrementItem(cart, 1);
    expect(cart.items.map((i) => i.quantity)).toEqual([1, 1]);
    cart = decrementItem(cart, 1);
    expect(cart.items.map((i) => i.id)).toEqual([2]);
  });

  it('decrement removes an item whose quantity is somehow already at or below 1', () => {
    expect(decrementItem(cartOf(item({ quantity: 0 })), 1).items).toEqual([]);
  });

  it('remove deletes the item; unknown ids leave the cart untouched', () => {
    const cart = addItem(addItem(EMPTY_CART, tomato), milk);
    expect(removeItem(cart, 1).items.map((i) => i.id)).toEqual([2]);
    expect(removeItem(cart, 99)).toBe(cart);
    expect(incrementItem(cart, 99)).toBe(cart);
    expect(decrementItem(cart, 99)).toBe(cart);
  });
});

describe('the most of one product a cart holds', () => {
  it('is what an order may ask for', () => {
    expect(MAX_ITEM_QUANTITY).toBe((OrderLine.properties.quantity as { maximum?: number }).maximum);
  });

  it('plus, add and a stored cart stop at it; other products are not held back', () => {
    const full = cartOf(item({ quantity: MAX_ITEM_QUANTITY }), toCartItem(milk, 3));
    expect(incrementItem(full, tomato.id)).toBe(full);
    expect(incrementItem(full, milk.id).items[1]!.quantity).toBe(4);
    expect(incrementItem(cartOf(item({ quantity: MAX_ITEM_QUANTITY - 1 })), tomato.id).items[0]!.quantity).toBe(
      MAX_ITEM_QUANTITY,
    );
    expect(addItem(full, tomato).items[0]!.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(addItem(cartOf(item({ quantity: 45 })), tomato, 10).items[0]!.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(addItem(EMPTY_CART, tomato, 80).items[0]!.quantity).toBe(MAX_ITEM_QUANTITY);
    expect(sanitizeCart(cartOf(item({ quantity: 61 }))).items[0]!.quantity).toBe(MAX_ITEM_QUANTITY);
  });
});

describe('computeBill (spec points 4 and 9)', () => {
  it('keeps the charges in one place', () => {
    expect({ DELIVERY_CHARGE, FREE_DELIVERY_THRESHOLD, HANDLING_CHARGE }).toEqual({
      DELIVERY_CHARGE: 25,
      FREE_DELIVERY_THRESHOLD: 99,
      HANDLING_CHARGE: 5,
    });
  });

  it('totalQuantity is the sum of quantities; totalPrice the sum of quantity times price', () => {
    const bill = computeBill([item({ quantity: 2 }), toCartItem(milk, 3)]);
    expect(bill.totalQuantity).toBe(5);
    expect(bill.itemsTotal).toBe(146.5);
  });

  it('sums in paise, so tenths of a rupee do not drift', () => {
    const bill = computeBill([
      item({ price: 0.1, mrp: 0.1, quantity: 1 }),
      item({ id: 2, price: 0.2, mrp: 0.2, quantity: 1 }),
    ]);
    expect(bill.itemsTotal).toBe(0.3);
    const many = computeBill([item({ price: 33.33, mrp: 33.33, quantity: 3 })]);
    expect(many.itemsTotal).toBe(99.99);
    expect(many.grandTotal).toBe(104.99);
  });

  it.each([
    { itemsTotal: 98.99, delivery: 25, grand: 128.99 },
    { itemsTotal: 99, delivery: 25, grand: 129 },
    { itemsTotal: 99.01, delivery: 0, grand: 104.01 },
    { itemsTotal: 100, delivery: 0, grand: 105 },
  ])('items total $itemsTotal: delivery $delivery, grand total $grand', ({ itemsTotal, delivery, grand }) => {
    const bill = computeBill([item({ price: itemsTotal, mrp: itemsTotal, quantity: 1 })]);
    expect(bill.itemsTotal).toBe(itemsTotal);
    expect(bill.deliveryCharge).toBe(delivery);
    expect(bill.handlingCharge).toBe(5);
    expect(bill.grandTotal).toBe(grand);
  });

  it('an empty cart owes nothing', () => {
    expect(computeBill([])).toEqual({
      totalQuantity: 0,
      itemsTotal: 0,
      mrpTotal: 0,
      savings: 0,
      deliveryCharge: 0,
      handlingCharge: 0,
      grandTotal: 0,
    });
  });

  it('savings are measured against MRP', () => {
    const bill = computeBill([item({ quantity: 2 }), toCartItem(milk)]);
    expect(bill.mrpTotal).toBe(107.5);
    expect(bill.itemsTotal).toBe(91.5);
    expect(bill.savings).toBe(16);
  });

  it('leaves unavailable items out of every total', () => {
    const bill = computeBill([item({ quantity: 2, unavailable: true }), toCartItem(milk)]);
    expect(bill.totalQuantity).toBe(1);
    expect(bill.itemsTotal).toBe(27.5);
    expect(bill.grandTotal).toBe(57.5);
    expect(computeBill([item({ unavailable: true })]).grandTotal).toBe(0);
  });
});

describe('applyServerProducts', () => {
  const server = (overrides: Partial<CartProduct & { inStock: boolean }> = {}) => ({
    ...tomato,
    inStock: true,
    ...overrides,
  });

  it('takes the server price, MRP, discount, name and image, and reports a changed price', () => {
    const cart = cartOf(item({ quantity: 2 }));
    const result = applyServerProducts(
      cart,
      [1],
      [server({ price: 35, mrp: 45, discount: 22, name: 'Tomato (Hybrid)', img: '/new.webp' })],
    );
    expect(result.cart.items).toEqual([
      {
        id: 1,
        name: 'Tomato (Hybrid)',
        img: '/new.webp',
        discount: '22% OFF',
        size: '500 g',
        price: 35,
        mrp: 45,
        quantity: 2,
      },
    ]);
    expect(result.priceChangedIds).toEqual([1]);
  });

  it('returns the same cart when nothing changed', () => {
    const cart = cartOf(item());
    const result = applyServerProducts(cart, [1], [server()]);
    expect(result.cart).toBe(cart);
    expect(result.priceChangedIds).toEqual([]);
  });

  it('flags a missing or out-of-stock product unavailable instead of dropping it', () => {
    const cart = cartOf(item(), toCartItem(milk, 2));
    const { cart: next } = applyServerProducts(cart, [1, 2], [{ ...milk, inStock: false }]);
    expect(next.items).toEqual([
      { ...item(), unavailable: true },
      { ...toCartItem(milk, 2), unavailable: true },
    ]);
  });

  it('clears the flag when the product is back', () => {
    const cart = cartOf(item({ unavailable: true }));
    expect(applyServerProducts(cart, [1], [server()]).cart.items[0]).toEqual(item());
  });

  it('leaves items added after the request alone', () => {
    const cart = cartOf(item(), toCartItem(milk));
    const { cart: next } = applyServerProducts(cart, [1], [server()]);
    expect(next).toBe(cart);
  });
});

describe('proceedStep (spec point 4)', () => {
  it('goes to checkout with a delivery address, else address selection when signed in, else login', () => {
    expect(proceedStep({ hasDeliveryAddress: true, isSignedIn: true })).toBe('checkout');
    expect(proceedStep({ hasDeliveryAddress: true, isSignedIn: false })).toBe('checkout');
    expect(proceedStep({ hasDeliveryAddress: false, isSignedIn: true })).toBe('address');
    expect(proceedStep({ hasDeliveryAddress: false, isSignedIn: false })).toBe('login');
  });
});

describe('sanitizeCart', () => {
  it('keeps good items and drops broken ones', () => {
    const stored = {
      items: [
        item(),
        { id: 'x' },
        null,
        { ...item({ id: 3 }), quantity: 0 },
        { id: 4, name: 'Old', price: 10, quantity: 1 },
      ],
    };
    expect(sanitizeCart(stored).items).toEqual([
      item(),
      { id: 4, name: 'Old', img: '', discount: '', size: '', price: 10, mrp: 10, quantity: 1 },
    ]);
    expect(sanitizeCart(undefined)).toEqual(EMPTY_CART);
    expect(sanitizeCart({ items: 'nope' })).toEqual(EMPTY_CART);
  });
});

describe('texts', () => {
  it("the info dialog says 'below 99' and 'above 99'", () => {
    expect(CART_TEXT.deliveryChargeInfo).toContain('below 99');
    expect(CART_TEXT.deliveryChargeInfo).toContain('above 99');
    // In rupees, and the exact threshold (charged, as deliveryChargeFor says) is not left out.
    expect(CART_TEXT.deliveryChargeInfo).toContain('exactly ₹99');
    expect(CART_TEXT.emptyButtonLabel).toBe('My Card');
  });

  it('ids for the refresh are unique and ordered', () => {
    expect(cartProductIds(cartOf(toCartItem(milk), item()))).toEqual([1, 2]);
  });
});
