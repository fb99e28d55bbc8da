import { describe, expect, it } from 'vitest';

import { canCancel, transition } from './order-status';

describe('order state machine', () => {
  it('moves processing -> dispatched -> delivered', () => {
    expect(transition('processing', 'advance')).toEqual({ ok: true, next: 'dispatched' });
    expect(transition('dispatched', 'advance')).toEqual({ ok: true, next: 'delivered' });
  });

  it('goes nowhere after delivered or cancelled', () => {
    expect(transition('delivered', 'advance').ok).toBe(false);
    expect(transition('cancelled', 'advance').ok).toBe(false);
  });

  it('cancels only while processing, saying why not otherwise', () => {
    expect(transition('processing', 'cancel')).toEqual({ ok: true, next: 'cancelled' });
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
