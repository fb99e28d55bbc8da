/**
 * An order's timeline and delivery estimate (issue 19): when it was placed, packed, dispatched and
 * delivered (or cancelled), from its events, and when it should arrive, corrected at each step.
 */
import { PREP_MINUTES } from './delivery';
import type { OrderStatus } from './order-status';

export interface TimelineEntry {
  status: OrderStatus;
  /** When the order reached this status. */
  at: Date;
}

/**
 * The status changes of an order, oldest first, from its events (`placed` and `status` ones; the
 * payment and refund events do not move it). An order older than the events (none stored) gets
 * what its row says: placed at creation, and its present status at its last update.
 */
export function timelineOf(
  events: { kind: string; status: string; at: Date }[],
  order: { status: OrderStatus; createdAt: Date; updatedAt: Date },
): TimelineEntry[] {
  const entries = events
    .filter((e) => e.kind === 'placed' || e.kind === 'status')
    .map((e) => ({ status: e.status as OrderStatus, at: e.at }));
  if (entries.length > 0) return entries;
  const placed: TimelineEntry = {
    status: order.status === 'awaiting-payment' ? 'awaiting-payment' : 'processing',
    at: order.createdAt,
  };
  return order.status === placed.status ? [placed] : [placed, { status: order.status, at: order.updatedAt }];
}

/** The ride part of an estimate: what is left once the order is packed and handed over. */
export const rideMinutes = (etaMinutes: number) => Math.max(1, etaMinutes - PREP_MINUTES);

const plusMinutes = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

/**
 * When the order should be at the door, or null when there is nothing to wait for (awaiting
 * payment, delivered, cancelled). The estimate made at checkout (`etaMinutes`: packing plus the
 * ride) runs from when the store could start, the order being paid; once it is packed or on its
 * way, only the ride is left and the estimate runs from then: late packing moves it later, quick
 * packing earlier.
 */
export function expectedBy(timeline: TimelineEntry[], status: OrderStatus, etaMinutes: number): Date | null {
  const last = (s: OrderStatus) => timeline.findLast((e) => e.status === s)?.at;
  switch (status) {
    case 'processing': {
      const start = last('processing') ?? timeline[0]?.at;
      return start ? plusMinutes(start, etaMinutes) : null;
    }
    case 'packed':
    case 'dispatched': {
      const at = last(status);
      return at ? plusMinutes(at, rideMinutes(etaMinutes)) : null;
    }
    default:
      return null;
  }
}
