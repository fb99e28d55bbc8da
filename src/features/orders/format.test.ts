import { describe, expect, it } from 'vitest';

import { cancellationText, cancelledByText, paymentStatusText, placedAt, STATUS_LABEL, statusNote } from './format';

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
    // Not paid in time, or cancelled before it was paid: not 'Expired: items released'.
    expect(paymentStatusText({ state: 'expired', refund: null })).toBe('Not paid');
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

  it('says a cancelled order paid on delivery has nothing to pay, and a gift card got its amount back', () => {
    expect(paymentStatusText({ state: 'due-on-delivery', refund: null }, 'processing')).toBe('Pay on delivery');
    expect(paymentStatusText({ state: 'due-on-delivery', refund: null }, 'cancelled')).toBe('Nothing to pay');
    expect(paymentStatusText({ state: 'not-required', refund: null }, 'delivered')).toBe('Paid by gift card');
    expect(paymentStatusText({ state: 'not-required', refund: null }, 'cancelled')).toBe(
      'Returned to your gift card balance',
    );
    // A cancelled unpaid online order keeps its own words.
    expect(paymentStatusText({ state: 'expired', refund: null }, 'cancelled')).toBe('Not paid');
  });
});

describe('cancelledByText', () => {
  it('says who cancelled: the shopper, the store, or nobody when the time to pay ran out', () => {
    expect(cancelledByText('customer')).toBe('Cancelled by you');
    expect(cancelledByText('store')).toBe('Cancelled by the store');
    expect(cancelledByText(null)).toBe('Cancelled automatically');
  });
});

describe('cancellationText', () => {
  it('says who cancelled an order and why, and nothing for an order that was not cancelled', () => {
    expect(
      cancellationText({ status: 'cancelled', cancelledBy: 'customer', cancelReason: 'Replaced by order #12' }),
    ).toBe('Cancelled by you: Replaced by order #12');
    expect(
      cancellationText({ status: 'cancelled', cancelledBy: null, cancelReason: 'Payment not completed in time.' }),
    ).toBe('Cancelled automatically: Payment not completed in time.');
    expect(cancellationText({ status: 'cancelled', cancelledBy: 'store', cancelReason: null })).toBe(
      'Cancelled by the store',
    );
    expect(cancellationText({ status: 'processing', cancelledBy: null, cancelReason: null })).toBeNull();
    // Marked cancelled by a live event: who and why come with the next fetch.
    expect(cancellationText({ status: 'cancelled', cancelledBy: null, cancelReason: null })).toBeNull();
  });
});

describe('statusNote', () => {
  const STATUSES = ['awaiting-payment', 'processing', 'packed', 'dispatched', 'delivered', 'cancelled'] as const;
  const placed = '2026-03-04T14:50:00.000Z';
  const order = (status: (typeof STATUSES)[number], timeline: { status: typeof status; at: string }[] = []) => ({
    status,
    placedAt: placed,
    store: { name: 'Bandra West', city: 'Mumbai' },
    cancelledBy: status === 'cancelled' ? ('customer' as const) : null,
    timeline: [{ status: 'processing' as const, at: placed }, ...timeline],
  });

  it('never says again what the status badge beside it says', () => {
    for (const status of STATUSES) {
      const note = statusNote(order(status, [{ status, at: '2026-03-04T15:02:00.000Z' }]));
      expect(note, status).not.toBe(STATUS_LABEL[status]);
    }
  });

  it('says how quickly a delivered order came', () => {
    expect(statusNote(order('delivered', [{ status: 'delivered', at: '2026-03-04T15:02:10.000Z' }]))).toBe(
      'Arrived in 12 minutes',
    );
    expect(statusNote(order('delivered', [{ status: 'delivered', at: '2026-03-04T14:50:40.000Z' }]))).toBe(
      'Arrived in 1 minute',
    );
  });

  it('counts an online order from its payment, not from when the shopper started to pay', () => {
    const paidOnline = {
      ...order('delivered'),
      timeline: [
        { status: 'awaiting-payment' as const, at: placed },
        { status: 'processing' as const, at: '2026-03-04T14:58:00.000Z' },
        { status: 'delivered' as const, at: '2026-03-04T15:07:00.000Z' },
      ],
    };
    expect(statusNote(paidOnline)).toBe('Arrived in 9 minutes');
  });

  it('says when, in IST, a delivery that took over an hour arrived', () => {
    // 18:45 UTC is 00:15 the next day in India.
    expect(statusNote(order('delivered', [{ status: 'delivered', at: '2026-03-04T18:45:00.000Z' }]))).toBe(
      'Arrived on 5 Mar 2026 at 12:15 AM',
    );
  });

  it('leaves the badge alone for a delivered order with no delivery time on record', () => {
    expect(statusNote(order('delivered'))).toBeNull();
  });

  it('names the store packing the order, and who cancelled one', () => {
    expect(statusNote(order('processing'))).toBe('Being packed at Bandra West');
    expect(statusNote(order('cancelled'))).toBe('Cancelled by you');
  });
});
