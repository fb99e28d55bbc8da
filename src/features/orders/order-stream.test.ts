import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { connectOrderStream, type EventSourceLike, type StreamEvent } from './order-stream';

/** A stand-in for the browser's EventSource: the test plays the server and the network. */
class FakeSource implements EventSourceLike {
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private listeners: ((event: MessageEvent<string>) => void)[] = [];
  constructor(readonly url: string) {}
  addEventListener(_type: 'order', listener: (event: MessageEvent<string>) => void) {
    this.listeners.push(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(event: Partial<StreamEvent>) {
    const data = JSON.stringify({
      kind: 'status',
      number: 1001,
      detail: null,
      at: '2026-11-25T06:00:00.000Z',
      ...event,
    });
    for (const l of this.listeners) l(new MessageEvent('order', { data }));
  }
  /** A dropped connection the browser retries by itself. */
  drop() {
    this.readyState = 0;
    this.onerror?.(new Event('error'));
  }
  /** An HTTP error (401): EventSource gives up. */
  refuse() {
    this.readyState = 2;
    this.onerror?.(new Event('error'));
  }
}

describe('the order stream connection', () => {
  let sources: FakeSource[];
  let events: StreamEvent[];
  let connection: boolean[];
  let reconnects: number;
  let refresh: ReturnType<typeof vi.fn<() => Promise<boolean>>>;
  const lastEventId = { current: null as string | null };

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    events = [];
    connection = [];
    reconnects = 0;
    lastEventId.current = null;
    refresh = vi.fn(() => Promise.resolve(true));
  });
  afterEach(() => vi.useRealTimers());

  const connect = () =>
    connectOrderStream({
      open: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source;
      },
      onEvent: (e) => events.push(e),
      onConnection: (c) => connection.push(c),
      onReconnect: () => reconnects++,
      refreshSession: refresh,
      lastEventId,
    });

  it('hands on each order event and remembers the last id', () => {
    const stream = connect();
    sources[0]!.open();
    sources[0]!.send({ id: '7', orderId: 'a', status: 'dispatched' });
    expect(events.map((e) => [e.id, e.status])).toEqual([['7', 'dispatched']]);
    expect(lastEventId.current).toBe('7');
    stream.stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('leaves a dropped connection to the browser, and catches up once it is back', () => {
    connect();
    sources[0]!.open();
    sources[0]!.drop();
    expect(connection).toEqual([true, false]);
    expect(sources).toHaveLength(1);
    sources[0]!.open();
    expect(connection).toEqual([true, false, true]);
    expect(reconnects).toBe(1);
  });

  it('renews the session when the server refuses the stream, then resumes after the last event', async () => {
    connect();
    sources[0]!.open();
    sources[0]!.send({ id: '12', orderId: 'a', status: 'packed' });
    sources[0]!.refuse();
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(2);
    expect(sources[1]!.url).toBe('/api/order/stream?after=12');
  });

  it('stops for good when the session cannot be renewed', async () => {
    refresh.mockResolvedValue(false);
    connect();
    sources[0]!.refuse();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sources).toHaveLength(1);
  });

  it('backs off while the server keeps refusing, and tries at once when the browser is online again', async () => {
    const stream = connect();
    sources[0]!.refuse();
    await vi.advanceTimersByTimeAsync(1000);
    sources[1]!.refuse();
    await vi.advanceTimersByTimeAsync(1000);
    expect(sources).toHaveLength(2); // the second wait is 2 s
    stream.retryNow();
    expect(sources).toHaveLength(3);
  });

  it('ignores what is not an order event', () => {
    connect();
    sources[0]!.open();
    for (const l of (sources[0] as unknown as { listeners: ((e: MessageEvent<string>) => void)[] }).listeners) {
      l(new MessageEvent('order', { data: 'not json' }));
    }
    expect(events).toEqual([]);
  });
});
