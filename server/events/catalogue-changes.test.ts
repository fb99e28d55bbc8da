import { afterEach, describe, expect, it, vi } from 'vitest';

import { ANY_TABLE, CATALOGUE_CHANGES_CHANNEL, createCatalogueChanges } from './catalogue-changes';

/** A database whose listening connections the test opens, breaks and refuses. */
function fakeDatabase() {
  const connections: {
    channel: string;
    notify: (payload: string) => void;
    lose: (error: Error) => void;
    stopped: boolean;
  }[] = [];
  let refuse = 0;
  let deaf = false;
  return {
    db: {} as never,
    connections,
    /** Notifications sent from another connection stop reaching the listener (a dropped socket). */
    goDeaf() {
      deaf = true;
    },
    /** What the feed's heartbeat sends: delivered to the open listener unless it went deaf. */
    notify: async (payload: string) => {
      const open = connections.findLast((connection) => !connection.stopped);
      if (open && !deaf) open.notify(payload);
    },
    refuseNext(times: number) {
      refuse = times;
    },
    listen: vi.fn(async (channel: string, notify: (payload: string) => void, lose: (error: Error) => void) => {
      if (refuse > 0) {
        refuse--;
        throw new Error('connection refused');
      }
      const connection = { channel, notify, lose, stopped: false };
      connections.push(connection);
      return async () => {
        connection.stopped = true;
      };
    }),
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the catalogue changes feed', () => {
  it('counts each change it hears and tells its listeners which table changed', async () => {
    const database = fakeDatabase();
    const feed = createCatalogueChanges(database, undefined, { notify: database.notify });
    const heard: string[] = [];
    feed.onChange((table) => heard.push(table));
    expect(feed.watching()).toBe(false);
    await feed.start();
    expect(database.listen).toHaveBeenCalledTimes(1);
    expect(database.connections[0]!.channel).toBe(CATALOGUE_CHANGES_CHANNEL);
    expect(feed.watching()).toBe(true);
    // Starting counts as a change: what was read before it was not watched.
    expect(heard).toEqual([ANY_TABLE]);
    const epoch = feed.epoch();
    database.connections[0]!.notify('store_stock');
    database.connections[0]!.notify('stores');
    expect(heard).toEqual([ANY_TABLE, 'store_stock', 'stores']);
    expect(feed.epoch()).toBe(epoch + 2);
    await feed.close();
    expect(feed.watching()).toBe(false);
    expect(database.connections[0]!.stopped).toBe(true);
  });

  it('stops watching when its connection is lost, counts that as a change, and listens again', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const warnings: string[] = [];
    const feed = createCatalogueChanges(
      database,
      { warn: (_details, message) => warnings.push(message) },
      { notify: database.notify },
    );
    const heard: string[] = [];
    feed.onChange((table) => heard.push(table));
    await feed.start();
    const epoch = feed.epoch();
    database.refuseNext(1);
    database.connections[0]!.lose(new Error('terminating connection'));
    expect(feed.watching()).toBe(false);
    expect(feed.epoch()).toBe(epoch + 1);
    expect(heard.at(-1)).toBe(ANY_TABLE);
    // The first attempt is refused; the next, after a longer wait, succeeds.
    await vi.advanceTimersByTimeAsync(250);
    expect(database.listen).toHaveBeenCalledTimes(2);
    expect(feed.watching()).toBe(false);
    await vi.advanceTimersByTimeAsync(500);
    expect(database.listen).toHaveBeenCalledTimes(3);
    expect(feed.watching()).toBe(true);
    // Listening again is a change too: whatever committed in the gap was not heard.
    expect(feed.epoch()).toBe(epoch + 2);
    expect(warnings).toHaveLength(2);
    await feed.close();
  });

  it('keeps trying when it cannot start, and never listens after close()', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const feed = createCatalogueChanges(database, undefined, { notify: database.notify });
    database.refuseNext(1);
    await feed.start();
    expect(feed.watching()).toBe(false);
    await vi.advanceTimersByTimeAsync(250);
    expect(feed.watching()).toBe(true);
    await feed.close();
    database.connections[0]!.lose(new Error('closed'));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(database.listen).toHaveBeenCalledTimes(2);
    expect(feed.watching()).toBe(false);
  });

  it('sends itself a heartbeat, and takes one not heard as a lost connection', async () => {
    vi.useFakeTimers();
    const database = fakeDatabase();
    const feed = createCatalogueChanges(database, undefined, { heartbeatMs: 1000, notify: database.notify });
    const heard: string[] = [];
    feed.onChange((table) => heard.push(table));
    await feed.start();
    const epoch = feed.epoch();
    // Heard each time: still listening, and a heartbeat is not a change.
    await vi.advanceTimersByTimeAsync(5000);
    expect(feed.watching()).toBe(true);
    expect(feed.epoch()).toBe(epoch);
    expect(heard).toEqual([ANY_TABLE]);
    // Deaf without an error: the next beat finds its heartbeat unheard.
    database.goDeaf();
    await vi.advanceTimersByTimeAsync(1000);
    expect(feed.watching()).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(feed.watching()).toBe(false);
    expect(database.connections[0]!.stopped).toBe(true);
    expect(feed.epoch()).toBe(epoch + 1);
    // It listens again on a new connection.
    await vi.advanceTimersByTimeAsync(250);
    expect(database.listen).toHaveBeenCalledTimes(2);
    expect(feed.watching()).toBe(true);
    await feed.close();
  });
});
