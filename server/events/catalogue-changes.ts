/**
 * Changes to the catalogue, heard from the database (decision 051). Triggers on every table a
 * catalogue answer is made of announce a change on CATALOGUE_CHANGES_CHANNEL when its
 * transaction commits, with the table's name, whichever process or path wrote it (migration
 * 0017). This feed LISTENs for them on a connection of its own for as long as the server runs.
 *
 * What a reader may rely on is the pair (watching(), epoch()): while watching() is true and the
 * epoch is the one read before a catalogue read began, no change has committed since that read's
 * snapshot that the feed has not counted. The epoch moves on every change heard, and also when
 * the feed starts listening and when it loses its connection, because a change can pass unheard
 * in either gap. While it is not listening, readers fall back on their time limits.
 *
 * A listening connection can go deaf without an error: a socket dropped by a firewall's idle
 * timeout, or a pooler in transaction mode that accepts LISTEN and never delivers. So the feed
 * sends itself a heartbeat on the channel every HEARTBEAT_MS through the ordinary connections, and
 * takes a heartbeat not heard by the next one as a lost connection.
 */
import { sql } from 'drizzle-orm';

import type { Database } from '../db/client';

export const CATALOGUE_CHANGES_CHANNEL = 'catalogue_changes';

/** A listener is told the table that changed, or ANY_TABLE when changes may have passed unheard. */
export const ANY_TABLE = '*';

/**
 * The longest a reader keeps what it read while no change is announced: a bound for a write that
 * no trigger sees (a session with triggers disabled), inside the minute that browsers and the
 * service worker may keep a catalogue answer anyway.
 */
export const KEEP_UNCHANGED_MS = 30_000;

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;
export const HEARTBEAT_MS = 10_000;
/** Heartbeat payloads start with it; no table name contains a colon. */
const HEARTBEAT_PREFIX = 'heartbeat:';

export interface CatalogueChanges {
  /** Whether a committed change would be heard now (the listening connection is open). */
  watching(): boolean;
  /** Moves on with every change heard, and whenever changes may have passed unheard. */
  epoch(): number;
  /** Calls `listener` with each changed table's name (ANY_TABLE: anything may have changed). */
  onChange(listener: (table: string) => void): () => void;
  /** Starts listening; resolves once listening, or once the first attempt failed (it retries). */
  start(): Promise<void>;
  /** Stops listening for good. */
  close(): Promise<void>;
}

interface Logger {
  warn(object: object, message: string): void;
}

export interface CatalogueChangesOptions {
  heartbeatMs?: number;
  /** Sends a notification with `payload` on the channel from another connection (tests replace it). */
  notify?: (payload: string) => Promise<unknown>;
}

export function createCatalogueChanges(
  database: Pick<Database, 'listen' | 'db'>,
  log?: Logger,
  { heartbeatMs = HEARTBEAT_MS, notify }: CatalogueChangesOptions = {},
): CatalogueChanges {
  const send =
    notify ??
    ((payload: string) => database.db.execute(sql`select pg_notify(${CATALOGUE_CHANGES_CHANNEL}, ${payload})`));
  let stop: (() => Promise<void>) | null = null;
  let epoch = 0;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  /** Each start of the listener, so that a lost one that was replaced is not counted twice. */
  let attempt = 0;
  const listeners = new Set<(table: string) => void>();
  let heartbeatTimer: NodeJS.Timeout | null = null;
  let beats = 0;
  /** The heartbeat sent and not heard yet, if any. */
  let awaited: string | null = null;

  const changed = (table: string) => {
    epoch++;
    for (const listener of listeners) {
      try {
        listener(table);
      } catch (error) {
        log?.warn({ err: error }, 'a catalogue change listener failed');
      }
    }
  };

  const heard = (payload: string) => {
    if (!payload.startsWith(HEARTBEAT_PREFIX)) return changed(payload || ANY_TABLE);
    if (payload === awaited) awaited = null;
  };

  /** The connection of `mine` broke or went deaf: stop listening on it and start again. */
  const lose = (mine: number, error: Error) => {
    if (mine !== attempt || closed || !stop) return;
    log?.warn({ err: error }, 'the catalogue changes listener lost its connection; reconnecting');
    const stopping = stop;
    stop = null;
    awaited = null;
    void stopping().catch(() => {});
    changed(ANY_TABLE);
    scheduleReconnect();
  };

  const beat = () => {
    if (!stop) return;
    if (awaited)
      return lose(attempt, new Error(`no heartbeat heard on the listening connection for ${heartbeatMs} ms`));
    const payload = `${HEARTBEAT_PREFIX}${++beats}`;
    awaited = payload;
    // A failed send leaves the heartbeat unheard: the next beat takes the connection as lost.
    send(payload).catch(() => {});
  };

  const open = async () => {
    const mine = ++attempt;
    const stopping = await database.listen(CATALOGUE_CHANGES_CHANNEL, heard, (error) => lose(mine, error));
    if (closed) {
      await stopping();
      return;
    }
    stop = stopping;
    awaited = null;
    if (!heartbeatTimer) {
      heartbeatTimer = setInterval(beat, heartbeatMs);
      heartbeatTimer.unref();
    }
    // Whatever committed before LISTEN took effect was not heard: answers read before now are
    // not known to be current.
    changed(ANY_TABLE);
    reconnectDelay = RECONNECT_MIN_MS;
  };

  function scheduleReconnect() {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      if (closed || stop) return;
      open().catch((error: unknown) => {
        log?.warn({ err: error }, 'the catalogue changes listener could not reconnect');
        reconnectDelay = Math.min(reconnectDelay * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, reconnectDelay);
    reconnectTimer.unref();
  }

  return {
    watching: () => stop !== null,
    epoch: () => epoch,
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async start() {
      if (closed || stop) return;
      try {
        await open();
      } catch (error) {
        log?.warn({ err: error }, 'the catalogue changes listener could not start; retrying');
        scheduleReconnect();
      }
    },
    async close() {
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      reconnectTimer = null;
      if (heartbeatTimer) clearInterval(heartbeatTimer);
      heartbeatTimer = null;
      const stopping = stop;
      stop = null;
      listeners.clear();
      await stopping?.();
    },
  };
}
