import { describe, expect, it } from 'vitest';

import { expectedBy, timelineOf } from './order-timeline';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 6, minute));

describe('order timeline', () => {
  it('keeps the placed and status events, oldest first, and leaves payments out', () => {
    const events = [
      { kind: 'placed', status: 'awaiting-payment', at: at(0) },
      { kind: 'payment', status: 'awaiting-payment', at: at(1) },
      { kind: 'status', status: 'processing', at: at(1) },
      { kind: 'status', status: 'packed', at: at(4) },
    ];
    expect(timelineOf(events, { status: 'packed', createdAt: at(0), updatedAt: at(4) })).toEqual([
      { status: 'awaiting-payment', at: at(0) },
      { status: 'processing', at: at(1) },
      { status: 'packed', at: at(4) },
    ]);
  });

  it('falls back to the order row for an order older than its events', () => {
    expect(timelineOf([], { status: 'processing', createdAt: at(0), updatedAt: at(0) })).toEqual([
      { status: 'processing', at: at(0) },
    ]);
    expect(timelineOf([], { status: 'delivered', createdAt: at(0), updatedAt: at(12) })).toEqual([
      { status: 'processing', at: at(0) },
      { status: 'delivered', at: at(12) },
    ]);
  });
});

describe('expected delivery', () => {
  const placed = [{ status: 'processing' as const, at: at(0) }];

  it('runs the checkout estimate from when the order could be prepared', () => {
    expect(expectedBy(placed, 'processing', 10)).toEqual(at(10));
    const paidLater = [
      { status: 'awaiting-payment' as const, at: at(0) },
      { status: 'processing' as const, at: at(3) },
    ];
    expect(expectedBy(paidLater, 'processing', 10)).toEqual(at(13));
  });

  it('is corrected when the order is packed or dispatched: only the ride is left', () => {
    const late = [...placed, { status: 'packed' as const, at: at(7) }];
    // 10 minutes: 4 of packing, 6 of ride; packed at 7 means at the door at 13, not 10.
    expect(expectedBy(late, 'packed', 10)).toEqual(at(13));
    const dispatched = [...late, { status: 'dispatched' as const, at: at(8) }];
    expect(expectedBy(dispatched, 'dispatched', 10)).toEqual(at(14));
  });

  it('has nothing to wait for before payment and after delivery or cancellation', () => {
    expect(expectedBy([{ status: 'awaiting-payment', at: at(0) }], 'awaiting-payment', 10)).toBeNull();
    expect(expectedBy([...placed, { status: 'delivered', at: at(9) }], 'delivered', 10)).toBeNull();
    expect(expectedBy([...placed, { status: 'cancelled', at: at(2) }], 'cancelled', 10)).toBeNull();
  });
});
