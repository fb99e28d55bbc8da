import { describe, expect, it } from 'vitest';

import { canCancel, transition } from './order-status';

describe('order state machine', () => {
  it('moves processing -> packed -> dispatched -> delivered', () => {
    expect(transition('processing', 'advance')).toEqual({ ok: true, next: 'packed' });
    expect(transition('packed', 'advance')).toEqual({ ok: true, next: 'dispatched' });
    expect(transition('dispatched', 'advance')).toEqual({ ok: true, next: 'delivered' });
  });

  it('goes nowhere after delivered or cancelled', () => {
    expect(transition('delivered', 'advance').ok).toBe(false);
    expect(transition('cancelled', 'advance').ok).toBe(false);
  });

  it('cancels only while processing or packed, saying why not otherwise', () => {
    expect(transition('processing', 'cancel')).toEqual({ ok: true, next: 'cancelled' });
    expect(transition('packed', 'cancel')).toEqual({ ok: true, next: 'cancelled' });
    expect(canCancel('packed')).toBe(true);
    expect(transition('dispatched', 'cancel')).toEqual({
      ok: false,
      message: 'This order can no longer be cancelled: it has been dispatched.',
    });
    expect(transition('delivered', 'cancel').ok).toBe(false);
    expect(transition('cancelled', 'cancel')).toEqual({ ok: false, message: 'This order is already cancelled.' });
    expect(canCancel('processing')).toBe(true);
    expect(canCancel('dispatched')).toBe(false);
  });
});

describe('online payment in the state machine', () => {
  it('moves an order awaiting payment to processing when paid, to cancelled when its hold expires', () => {
    expect(transition('awaiting-payment', 'pay')).toEqual({ ok: true, next: 'processing' });
    expect(transition('awaiting-payment', 'expire')).toEqual({ ok: true, next: 'cancelled' });
    expect(transition('processing', 'pay').ok).toBe(false);
    expect(transition('cancelled', 'expire').ok).toBe(false);
  });

  it('never dispatches an unpaid order, and lets the shopper cancel it', () => {
    expect(transition('awaiting-payment', 'advance')).toEqual({
      ok: false,
      message: 'This order is awaiting payment and cannot be dispatched until it is paid.',
    });
    expect(transition('awaiting-payment', 'cancel')).toEqual({ ok: true, next: 'cancelled' });
    expect(canCancel('awaiting-payment')).toBe(true);
  });
});
