import { describe, expect, it } from 'vitest';

import { cancelledByText, paymentStatusText, placedAt } from './format';

describe('placedAt', () => {
  it('shows the day, date and time in India whatever the device time zone', () => {
    // 20:00 UTC is 01:30 the next morning in India.
    expect(placedAt('2026-03-04T20:00:00.000Z')).toEqual({ day: 'Thursday', date: '5 Mar 2026', time: '1:30 AM' });
    expect(placedAt('2026-03-04T06:45:00.000Z')).toEqual({ day: 'Wednesday', date: '4 Mar 2026', time: '12:15 PM' });
  });
});

describe('paymentStatusText', () => {
  it('names the payment state, and a refund with its amount and state over it', () => {
    expect(paymentStatusText({ state: 'paid', refund: null })).toBe('Paid');
    expect(paymentStatusText({ state: 'awaiting', refund: null })).toBe('Awaiting payment');
    expect(paymentStatusText({ state: 'failed', refund: null })).toBe('Payment failed');
    expect(paymentStatusText({ state: 'expired', refund: null })).toBe('Expired: items released');
    expect(
      paymentStatusText({
        state: 'paid',
        refund: { amount: 120, state: 'pending', updatedAt: '2026-03-04T06:45:00.000Z' },
      }),
    ).toBe('Refund of ₹120.00 pending');
    expect(
      paymentStatusText({
        state: 'paid',
        refund: { amount: 65.5, state: 'processed', updatedAt: '2026-03-04T06:45:00.000Z' },
      }),
    ).toBe('Refund of ₹65.50 processed');
  });
});

describe('cancelledByText', () => {
  it('says who cancelled: the shopper, the store, or nobody when the time to pay ran out', () => {
    expect(cancelledByText('customer')).toBe('Cancelled by you');
    expect(cancelledByText('store')).toBe('Cancelled by the store');
    expect(cancelledByText(null)).toBe('Cancelled automatically');
  });
});
