import { beforeEach, describe, expect, it } from 'vitest';

import { attemptKey, forgetAttempt, rememberAttempt, renewAttemptKey } from './attempt';

beforeEach(() => localStorage.clear());

describe("the checkout's attempt key", () => {
  it('stays the same for the same order as composed (a reload), and changes with the order', () => {
    const first = attemptKey('cart-a');
    expect(attemptKey('cart-a')).toBe(first);
    const changed = attemptKey('cart-b');
    expect(changed).not.toBe(first);
    // Back to the first cart: that is a new attempt, with a key of its own.
    expect(attemptKey('cart-a')).not.toBe(first);
  });

  it('is renewed when nothing was placed with it or its order was released', () => {
    const first = attemptKey('cart-a');
    const renewed = renewAttemptKey('cart-a');
    expect(renewed).not.toBe(first);
    expect(attemptKey('cart-a')).toBe(renewed);
  });

  it('remembers the order it placed, and ends only for that order', () => {
    const key = attemptKey('cart-a');
    rememberAttempt(key, 'order-1');
    expect(forgetAttempt('order-2')).toBe(false);
    expect(attemptKey('cart-a')).toBe(key);
    expect(forgetAttempt('order-1')).toBe(true);
    expect(forgetAttempt('order-1')).toBe(false);
    expect(attemptKey('cart-a')).not.toBe(key);
  });

  it('does not take an order for a key that is no longer the attempt', () => {
    const old = attemptKey('cart-a');
    attemptKey('cart-b');
    rememberAttempt(old, 'order-1');
    expect(forgetAttempt('order-1')).toBe(false);
  });
});
