import { formatTime } from '../../lib/india-time';
import type { Order, OrderStatus } from '../../../server/schemas/order';

export interface TimelineStep {
  key: 'placed' | 'packed' | 'dispatched' | 'delivered' | 'cancelled';
  label: string;
  /** When the order reached it; null while ahead. */
  at: string | null;
  state: 'done' | 'current' | 'ahead';
}

const LABELS: Record<TimelineStep['key'], string> = {
  placed: 'Order placed',
  packed: 'Packed',
  dispatched: 'On the way',
  delivered: 'Order delivered',
  cancelled: 'Order cancelled',
};

/** Where each step is, from the order's timeline: placed, packed, dispatched, then delivered or cancelled. */
export function timelineSteps(order: Pick<Order, 'status' | 'placedAt' | 'timeline'>): TimelineStep[] {
  const reached = (status: OrderStatus) => order.timeline.findLast((entry) => entry.status === status)?.at ?? null;
  const cancelled = order.status === 'cancelled';
  const keys: TimelineStep['key'][] = cancelled
    ? ['placed', ...(['packed', 'dispatched'] as const).filter((k) => reached(k)), 'cancelled']
    : ['placed', 'packed', 'dispatched', 'delivered'];
  const times = keys.map((key) => (key === 'placed' ? (order.timeline[0]?.at ?? order.placedAt) : reached(key)));
  // A step skipped (an order dispatched straight from processing) counts as done once a later one is.
  const lastDone = times.findLastIndex((t) => t !== null);
  return keys.map((key, i) => ({
    key,
    label: LABELS[key],
    at: times[i] ?? null,
    state:
      i < lastDone
        ? 'done'
        : i === lastDone
          ? key === 'delivered' || key === 'cancelled'
            ? 'done'
            : 'current'
          : 'ahead',
  }));
}

/** How far past its estimate an order is still "any minute now"; after that it is running late. */
export const LATE_AFTER_MS = 5 * 60_000;

/** The countdown's words for the time left until `expectedBy` (IST), and once it has passed. */
export function etaText(expectedBy: string, now: number): string {
  const left = new Date(expectedBy).getTime() - now;
  if (left <= -LATE_AFTER_MS) return `Running late: it was due by ${formatTime(expectedBy)}. Sorry for the wait.`;
  if (left <= 30_000) return 'Arriving any minute now';
  const minutes = Math.ceil(left / 60_000);
  return `Arriving in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
}
