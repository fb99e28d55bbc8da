/**
 * The order events bus (decision 035). Triggers on orders, order_payments and refunds append every
 * change to `order_events` and announce it with pg_notify('order_events', <event as JSON>) when
 * the transaction commits (migration 0014), whichever process or path made it. Each server process
 * LISTENs on one connection, opened when the first subscriber arrives and closed when the last one
 * leaves, so the bus costs nothing while no page follows an order; it hands each event to the
 * subscribers whose filter it matches.
 *
 * `subscribe(filter, onEvent, { afterId })` first replays the stored events after `afterId` (an
 * SSE `Last-Event-ID`), then the live ones, without a gap (the listener is open before the
 * replay is read) and without delivering an event twice to that subscriber.
 */
import { and, asc, eq, gt, sql, type SQL } from 'drizzle-orm';

import type { Database } from '../db/client';
import { orderEvents, orders } from '../db/schema';
import { isOrderStatus, type OrderStatus } from '../domain/order-status';

export const ORDER_EVENTS_CHANNEL = 'order_events';

export const ORDER_EVENT_KINDS = ['placed', 'status', 'payment', 'refund'] as const;
export type OrderEventKind = (typeof ORDER_EVENT_KINDS)[number];

/** One event, as subscribers (and the SSE streams) receive it. */
export interface OrderEvent {
  /** The event's id (a bigint as a string), increasing in the order events were written. */
  id: string;
  orderId: string;
  /** The order's number, as shoppers and staff see it. */
  number: number;
  customerId: string;
  storeId: number;
  /** The order's status after this event. */
  status: OrderStatus;
  /** placed; status (a new status); payment (the online payment's state); refund. */
  kind: OrderEventKind;
  /** status: the status before; payment: the payment's new state; refund: the refund's state. */
  detail: string | null;
  /** When it happened (ISO 8601, UTC). */
  at: string;
}

/** Whose events: a customer's, a store's (null or absent: every store, for an admin), or both. */
export interface OrderEventFilter {
  customerId?: string | undefined;
  storeId?: number | null | undefined;
}

export interface SubscribeOptions {
  /** Replay the stored events after this id first (SSE Last-Event-ID); none when absent. */
  afterId?: string | undefined;
}

export type Unsubscribe = () => Promise<void>;

export interface OrderEventBus {
  /**
   * Resolves once the subscriber is listening (and its replay delivered) to a function that ends
   * the subscription; the listener closes with the last one.
   */
  subscribe(
    filter: OrderEventFilter,
    onEvent: (event: OrderEvent) => void,
    options?: SubscribeOptions,
  ): Promise<Unsubscribe>;
  /** Subscribers now. */
  subscribers(): number;
  /** Whether this process holds a listening connection now. */
  listening(): boolean;
  /** Ends every subscription and the listener (on shutdown). */
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

/** At most this many stored events are replayed to a subscriber (the newest are kept). */
export const MAX_REPLAY = 500;
/** Ids remembered to drop an event heard twice (a catch-up after a lost connection). */
const RECENT_IDS = 1024;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

export const matches = (filter: OrderEventFilter, event: OrderEvent): boolean =>
  (filter.customerId === undefined || filter.customerId === event.customerId) &&
  (filter.storeId === undefined || filter.storeId === null || filter.storeId === event.storeId);

/** A payload from NOTIFY, checked; null when it is not one of ours. */
export function parseOrderEvent(payload: string): OrderEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (
    typeof v.id !== 'string' ||
    !/^\d+$/.test(v.id) ||
    typeof v.orderId !== 'string' ||
    typeof v.number !== 'number' ||
    typeof v.customerId !== 'string' ||
    typeof v.storeId !== 'number' ||
    typeof v.status !== 'string' ||
    !isOrderStatus(v.status) ||
    typeof v.kind !== 'string' ||
    !(ORDER_EVENT_KINDS as readonly string[]).includes(v.kind) ||
    typeof v.at !== 'string'
  )
    return null;
  return {
    id: v.id,
    orderId: v.orderId,
    number: v.number,
    customerId: v.customerId,
    storeId: v.storeId,
    status: v.status,
    kind: v.kind as OrderEventKind,
    detail: typeof v.detail === 'string' ? v.detail : null,
    at: new Date(v.at).toISOString(),
  };
}

const eventColumns = {
  id: orderEvents.id,
  orderId: orderEvents.orderId,
  number: orders.number,
  customerId: orderEvents.customerId,
  storeId: orderEvents.storeId,
  status: orderEvents.status,
  kind: orderEvents.kind,
  detail: orderEvents.detail,
  at: orderEvents.at,
};

interface EventRow {
  id: bigint;
  orderId: string;
  number: number;
  customerId: string;
  storeId: number;
  status: string;
  kind: string;
  detail: string | null;
  at: Date;
}

const toEvent = (row: EventRow): OrderEvent => ({
  id: String(row.id),
  orderId: row.orderId,
  number: row.number,
  customerId: row.customerId,
  storeId: row.storeId,
  status: row.status as OrderStatus,
  kind: row.kind as OrderEventKind,
  detail: row.detail,
  at: row.at.toISOString(),
});

/** The stored events after `afterId` matching `filter`, oldest first (the newest MAX_REPLAY). */
export async function storedEvents(
  database: Database,
  filter: OrderEventFilter,
  afterId: bigint,
  limit = MAX_REPLAY,
): Promise<OrderEvent[]> {
  const where: SQL[] = [gt(orderEvents.id, afterId)];
  if (filter.customerId !== undefined) where.push(eq(orderEvents.customerId, filter.customerId));
  if (filter.storeId !== undefined && filter.storeId !== null) where.push(eq(orderEvents.storeId, filter.storeId));
  const rows = await database.db
    .select(eventColumns)
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(...where))
    .orderBy(sql`${orderEvents.id} desc`)
    .limit(limit);
  return rows.reverse().map(toEvent);
}

/** The events of one order, oldest first (a timeline). */
export async function eventsOfOrder(database: Database, orderId: string): Promise<OrderEvent[]> {
  const rows = await database.db
    .select(eventColumns)
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map(toEvent);
}

/** A valid event id (digits, within bigint), or null. */
export function parseEventId(value: string | undefined): bigint | null {
  if (value === undefined || !/^\d{1,19}$/.test(value.trim())) return null;
  const id = BigInt(value.trim());
  return id <= 9_223_372_036_854_775_807n ? id : null;
}

interface Subscriber {
  filter: OrderEventFilter;
  onEvent: (event: OrderEvent) => void;
  /** Live events held while the replay is read; null once live. */
  held: OrderEvent[] | null;
  /** Ids the replay delivered, so that the same event heard live is not delivered again. */
  replayed: Set<string>;
}

export function createOrderEventBus(database: Database, log?: Logger): OrderEventBus {
  const subscribers = new Set<Subscriber>();
  /** Resolves when the listener is open (null: closed). Open and close run one after another. */
  let stop: (() => Promise<void>) | null = null;
  let lifecycle: Promise<unknown> = Promise.resolve();
  let closed = false;
  /** The highest event id heard: a reconnect catches up from there. */
  let lastHeard = 0n;
  const recent: string[] = [];
  const recentSet = new Set<string>();
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;

  const deliver = (sub: Subscriber, event: OrderEvent) => {
    try {
      sub.onEvent(event);
    } catch (error) {
      log?.warn({ err: error }, 'an order event subscriber failed');
    }
  };

  const dispatch = (event: OrderEvent) => {
    if (recentSet.has(event.id)) return;
    recentSet.add(event.id);
    recent.push(event.id);
    if (recent.length > RECENT_IDS) recentSet.delete(recent.shift()!);
    const id = BigInt(event.id);
    if (id > lastHeard) lastHeard = id;
    for (const sub of subscribers) {
      if (!matches(sub.filter, event)) continue;
      if (sub.held) sub.held.push(event);
      else if (!sub.replayed.has(event.id)) deliver(sub, event);
    }
  };

  const onNotify = (payload: string) => {
    const event = parseOrderEvent(payload);
    if (event) dispatch(event);
    else log?.warn({ payload: payload.slice(0, 200) }, 'an order event could not be read');
  };

  const serial = <T>(step: () => Promise<T>): Promise<T> => {
    const next = lifecycle.then(step, step);
    lifecycle = next.catch(() => {});
    return next;
  };

  const open = async () => {
    // The baseline for a catch-up, read after LISTEN so that nothing falls between the two.
    stop = await database.listen(ORDER_EVENTS_CHANNEL, onNotify, onLost);
    const [row] = await database.db.select({ max: sql<string | null>`max(${orderEvents.id})::text` }).from(orderEvents);
    const max = row?.max ? BigInt(row.max) : 0n;
    if (max > lastHeard) lastHeard = max;
  };

  const ensureOpen = () =>
    serial(async () => {
      if (!stop) await open();
    });

  const closeIfUnused = () =>
    serial(async () => {
      if (subscribers.size > 0 || !stop) return;
      const stopping = stop;
      stop = null;
      lastHeard = 0n;
      await stopping();
    });

  /** The listening connection broke (PostgreSQL restarted, network): listen again and catch up. */
  function onLost(error: Error) {
    log?.warn({ err: error }, 'the order events listener lost its connection; reconnecting');
    stop = null;
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || reconnectTimer || subscribers.size === 0) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      const from = lastHeard;
      void serial(async () => {
        if (closed || subscribers.size === 0 || stop) return;
        await open();
        for (const event of await storedEvents(database, {}, from)) dispatch(event);
        reconnectDelay = RECONNECT_MIN_MS;
      }).catch((error: unknown) => {
        log?.warn({ err: error }, 'the order events listener could not reconnect');
        reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, reconnectDelay);
    reconnectTimer.unref();
  }

  return {
    async subscribe(filter, onEvent, options = {}) {
      if (closed) throw new Error('The order events bus is closed.');
      const afterId = options.afterId === undefined ? null : parseEventId(options.afterId);
      const sub: Subscriber = { filter, onEvent, held: afterId === null ? null : [], replayed: new Set() };
      subscribers.add(sub);
      try {
        await ensureOpen();
        if (afterId !== null) {
          for (const event of await storedEvents(database, filter, afterId)) {
            sub.replayed.add(event.id);
            deliver(sub, event);
          }
          const held = sub.held ?? [];
          sub.held = null;
          for (const event of held) if (!sub.replayed.has(event.id)) deliver(sub, event);
        }
      } catch (error) {
        subscribers.delete(sub);
        await closeIfUnused();
        throw error;
      }
      let done = false;
      return async () => {
        if (done) return;
        done = true;
        subscribers.delete(sub);
        await closeIfUnused();
      };
    },
    subscribers: () => subscribers.size,
    listening: () => stop !== null,
    async close() {
      closed = true;
      subscribers.clear();
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await closeIfUnused();
    },
  };
}
