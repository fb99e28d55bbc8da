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
 */
import type { Database } from '../db/client';

export const CATALOGUE_CHANGES_CHANNEL = 'catalogue_changes';

/** A listener is told the table that changed, or ANY_TABLE when changes may have passed unheard. */
export const ANY_TABLE = '*';

const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 5000;

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

export function createCatalogueChanges(database: Pick<Database, 'listen'>, log?: Logger): CatalogueChanges {
  let stop: (() => Promise<void>) | null = null;
  let epoch = 0;
  let closed = false;
  let reconnectTimer: NodeJS.Timeout | null = null;
  let reconnectDelay = RECONNECT_MIN_MS;
  /** Each start of the listener, so that a lost one that was replaced is not counted twice. */
  let attempt = 0;
  const listeners = new Set<(table: string) => void>();

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

  const open = async () => {
    const mine = ++attempt;
    const stopping = await database.listen(
      CATALOGUE_CHANGES_CHANNEL,
      (table) => changed(table || ANY_TABLE),
      (error) => {
        if (mine !== attempt || closed) return;
        log?.warn({ err: error }, 'the catalogue changes listener lost its connection; reconnecting');
        stop = null;
        changed(ANY_TABLE);
        scheduleReconnect();
      },
    );
    if (closed) {
      await stopping();
      return;
    }
    stop = stopping;
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
      const stopping = stop;
      stop = null;
      listeners.clear();
      await stopping?.();
    },
  };
}
