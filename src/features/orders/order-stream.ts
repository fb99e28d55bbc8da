import type { OrderStatus } from '../../../server/schemas/order';

/** An order event as GET /api/order/stream sends it (server/routes/api/order/stream.ts). */
export interface StreamEvent {
  id: string;
  orderId: string;
  number: number;
  status: OrderStatus;
  kind: 'placed' | 'status' | 'payment' | 'refund';
  detail: string | null;
  at: string;
}

export const ORDER_STREAM_URL = '/api/order/stream';

/** What the stream needs of EventSource (the browser's, or a test's stand-in). */
export interface EventSourceLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: 'order', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

export interface OrderStreamOptions {
  open: (url: string) => EventSourceLike;
  onEvent: (event: StreamEvent) => void;
  /** Connected, or not (dropped, waiting to try again): the page says its status may be behind. */
  onConnection: (connected: boolean) => void;
  /** Connected again after a gap: what the events may not cover is fetched again. */
  onReconnect: () => void;
  /** The server closed the stream for good (an HTTP error: usually the session token ran out). */
  refreshSession: () => Promise<boolean>;
  /** The event id to resume after, kept across pages (module state in the hook). */
  lastEventId: { current: string | null };
}

const CLOSED = 2;
const MAX_BACKOFF_MS = 30_000;

export function parseStreamEvent(data: string): StreamEvent | null {
  try {
    const value = JSON.parse(data) as Partial<StreamEvent>;
    if (typeof value.id !== 'string' || typeof value.orderId !== 'string' || typeof value.status !== 'string') {
      return null;
    }
    return value as StreamEvent;
  } catch {
    return null;
  }
}

/**
 * Follows the customer's orders over Server-Sent Events (issue 19, decision 036). EventSource
 * reconnects by itself after a network drop or a server restart (sending Last-Event-ID, so the
 * server replays what was missed). When the server refuses the stream (401: the session token ran
 * out) EventSource gives up; this renews the session and opens it again after the last event
 * seen, backing off while it keeps failing. `stop()` closes it: nothing is open when no page
 * follows an order.
 */
export function connectOrderStream(options: OrderStreamOptions): { stop: () => void; retryNow: () => void } {
  let source: EventSourceLike | null = null;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let everOpened = false;
  let lostSinceOpen = false;

  const urlFor = () =>
    options.lastEventId.current
      ? `${ORDER_STREAM_URL}?after=${encodeURIComponent(options.lastEventId.current)}`
      : ORDER_STREAM_URL;

  function start() {
    timer = null;
    if (stopped) return;
    const es = options.open(urlFor());
    source = es;
    es.onopen = () => {
      failures = 0;
      options.onConnection(true);
      if (everOpened && lostSinceOpen) options.onReconnect();
      everOpened = true;
      lostSinceOpen = false;
    };
    es.addEventListener('order', (message) => {
      const event = parseStreamEvent(message.data);
      if (!event) return;
      options.lastEventId.current = event.id;
      options.onEvent(event);
    });
    es.onerror = () => {
      options.onConnection(false);
      lostSinceOpen = true;
      if (es.readyState !== CLOSED) return; // the browser is reconnecting by itself
      es.close();
      source = null;
      failures++;
      void options.refreshSession().then(
        (signedIn) => {
          if (signedIn) schedule();
        },
        () => schedule(),
      );
    };
  }

  function schedule() {
    if (stopped || timer) return;
    const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, failures - 1));
    timer = setTimeout(start, delay);
  }

  start();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      source?.close();
      source = null;
    },
    /** The connection came back (the browser's online event): try at once instead of waiting. */
    retryNow() {
      if (stopped || source) return;
      if (timer) clearTimeout(timer);
      failures = 0;
      start();
    },
  };
}
