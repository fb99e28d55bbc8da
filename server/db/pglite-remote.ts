import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';

import { runNodeChild } from '../child-process';
import { THREAD_RESOURCE_LIMITS } from '../thread-limits';
import { isOwnMessage } from '../thread-messages';

/**
 * PGlite in a thread of its own (decision 041), seen from the server's thread: the few methods
 * drizzle's PGlite driver calls on its client (`query`, `exec`, `transaction`), LISTEN, and
 * closing. Each call is a message to `pglite-worker.mjs` and its answer; the WebAssembly work
 * happens there, so a slow statement no longer holds up this event loop.
 *
 * PGlite keeps its one connection in order on that side: a transaction holds it from BEGIN to
 * COMMIT or ROLLBACK and every other statement waits, as when PGlite ran in this thread.
 */
export interface RemotePglite {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  /** Closes the database and ends the thread; resolves once it has. */
  close(): Promise<void>;
  readonly closed: boolean;
  /**
   * Calls `handler` each time the thread fails or ends without `close()`: what was under way on
   * it failed, its LISTENs with it; later calls go to a new thread on the same directory.
   * Returns a function that stops.
   */
  onLost(handler: (error: Error) => void): () => void;
  /** Ends the running thread at once, as a crash would (for tests). */
  kill(): Promise<void>;
}

export interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  readonly closed: boolean;
}

interface SerializedError {
  name?: string;
  message: string;
  stack?: string;
  fields?: Record<string, unknown>;
}

type Answer = { id: number; result?: unknown; error?: SerializedError };
type Started = { started: boolean; error?: SerializedError };
type Notification = { notify: number; payload: string };

/** An error from the database thread, with PostgreSQL's fields (`code`, `detail`...) on it. */
function revive(serialized: SerializedError): Error {
  const error = new Error(serialized.message);
  if (serialized.name) error.name = serialized.name;
  Object.assign(error, serialized.fields);
  if (serialized.stack) error.stack = serialized.stack;
  return error;
}

const PROBE = '\u0000probe';
const checkedParsers = new WeakMap<object, number[]>();

/**
 * The type ids of `parsers`. A function cannot cross to another thread; drizzle's parsers only
 * keep the text of dates, times and some arrays as PostgreSQL sent it, and the thread does the
 * same for the ids it is given. A parser that does anything else is refused, not silently lost.
 */
function keepTextTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let types = checkedParsers.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([type, parse]) => {
      if (parse(PROBE, Number(type)) !== PROBE) {
        throw new Error(
          `PGlite runs in a thread of its own: a parser for type ${type} that changes the text cannot reach it.`,
        );
      }
      return Number(type);
    });
    checkedParsers.set(parsers, types);
  }
  return types;
}

/**
 * PGlite's buffer pool (decision 043): its default of 128 MB is written to in full at start, so
 * the whole pool is resident from the first second. 32 MB holds what a search reads at 50,000
 * products (product_search and its indexes). A database whose files (`base/`, the template
 * databases included) come to less than `SMALL_DATABASE_BYTES` fits in 16 MB with room, and is no
 * slower there, so it gets that (decision 061): 20 MB less resident for the bundled catalogue.
 * Read when PGlite's thread starts; a database that grows past it gets 32 MB at the next start.
 */
const BUFFER_POOL = { small: '16MB', large: '32MB' } as const;
export const SMALL_DATABASE_BYTES = 32 * 1024 * 1024;

/** What PGlite is started with on top of its own options: the pool, for the size of `dir`. */
export function pgliteSettings(dir: string): Record<string, string> {
  const small = filesSize(path.join(dir, 'base'), SMALL_DATABASE_BYTES) < SMALL_DATABASE_BYTES;
  // wal_buffers follows shared_buffers (1/32).
  return { shared_buffers: small ? BUFFER_POOL.small : BUFFER_POOL.large };
}

/** The bytes of the files under `dir`, counted until `enough` is reached. */
function filesSize(dir: string, enough: number): number {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total < enough) {
    const current = pending.pop()!;
    let entries;
    try {
      entries = readdirSync(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      // A file gone since the listing counts for nothing.
      else if (entry.isFile()) total += statSync(full, { throwIfNoEntry: false })?.size ?? 0;
    }
  }
  return total;
}

/** Whether PGlite's directory holds a database (initdb has written its version file). */
export const isCreated = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Creates the data directory in a process of its own when it is new: initdb's working memory is
 * then given back to the system when that process exits, rather than kept by this one.
 */
async function createDataDir(dir: string): Promise<void> {
  if (isCreated(dir)) return;
  const script = fileURLToPath(new URL('./pglite-initdb.mjs', import.meta.url));
  await runNodeChild([script, dir], `PGlite could not create its data directory ${dir}`);
}

/** One PGlite thread: a new one is started on the same directory when one dies. */
interface Thread {
  worker: Worker;
  /** Calls sent to this thread and not answered yet. */
  pending: Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>;
  /** LISTENs made on this thread; they end with it. */
  listenIds: Set<number>;
}

export async function startPglite(dir: string): Promise<RemotePglite> {
  await createDataDir(dir);
  const listeners = new Map<number, (payload: string) => void>();
  const lostHandlers = new Set<(error: Error) => void>();
  let nextId = 1;
  let openTransactions = 0;
  let closing: Promise<void> | undefined;
  let closed = false;
  /** The thread that answers calls; undefined while none runs (between a death and a restart). */
  let thread: Thread | undefined;
  let starting: Promise<Thread> | undefined;
  /** Settles once the last dead thread has stopped: its successor must not share the directory. */
  let lastEnded: Promise<unknown> = Promise.resolve();

  // The thread keeps the process alive only while something waits on it, like a socket would.
  const refresh = () => {
    if (!thread) return;
    if (thread.pending.size > 0 || openTransactions > 0) thread.worker.ref();
    else thread.worker.unref();
  };

  /**
   * A thread ended or failed without close(): what was sent to it fails (a transaction open on
   * it with it, never replayed on the next thread), its LISTENs are gone (`onLost` says so), and
   * a new thread is started on the same directory for the calls that come after.
   */
  const died = (dead: Thread, error: Error) => {
    if (thread !== dead) return;
    thread = undefined;
    for (const { reject } of dead.pending.values()) reject(error);
    dead.pending.clear();
    for (const listenId of dead.listenIds) listeners.delete(listenId);
    dead.worker.unref();
    // After 'error' or 'messageerror' the thread may still run: it must not keep the directory.
    lastEnded = dead.worker.terminate().catch(() => {});
    for (const handler of lostHandlers) handler(error);
    if (!closing) running().catch(() => {});
  };

  const spawn = async (): Promise<Thread> => {
    const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
      workerData: { dir, settings: pgliteSettings(dir) },
      resourceLimits: THREAD_RESOURCE_LIMITS,
    });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (message: Started) => {
        // Node's own messages (watch mode's `watch:import`) come on the same port; not ours.
        if (!isOwnMessage(message, 'started')) return;
        worker.off('message', onMessage);
        if (message.started) resolve();
        else reject(revive(message.error ?? { message: 'PGlite did not start.' }));
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.once('exit', (code) => reject(new Error(`The PGlite thread ended while starting (exit code ${code}).`)));
    });
    const started: Thread = { worker, pending: new Map(), listenIds: new Set() };
    worker.on('message', (message: Answer | Notification) => {
      if (!isOwnMessage(message, 'notify', 'id')) return;
      if ('notify' in message) {
        listeners.get(message.notify)?.(message.payload);
        return;
      }
      const waiting = started.pending.get(message.id);
      if (!waiting) return;
      started.pending.delete(message.id);
      refresh();
      if (message.error) waiting.reject(revive(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('error', (error) =>
      died(started, new Error(`The PGlite thread failed: ${error.message}`, { cause: error })),
    );
    worker.on('messageerror', (error) =>
      died(started, new Error(`A message from the PGlite thread was lost: ${error.message}`)),
    );
    worker.on('exit', (code) => {
      if (!closing) died(started, new Error(`The PGlite thread ended unexpectedly (exit code ${code}).`));
    });
    thread = started;
    refresh();
    return started;
  };

  /** The running thread, or the one starting; a failed start is tried again by the next call. */
  const running = (): Promise<Thread> => {
    if (thread) return Promise.resolve(thread);
    if (closing && !starting) return Promise.reject(new Error('PGlite is closed.'));
    starting ??= lastEnded.then(spawn).finally(() => {
      starting = undefined;
    });
    return starting;
  };

  await running();

  const post = <T>(to: Thread, op: string, fields: Record<string, unknown>): Promise<T> => {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      to.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      refresh();
      try {
        to.worker.postMessage({ id, op, ...fields });
      } catch (error) {
        // A parameter that cannot be cloned (a function, a class instance with private state).
        to.pending.delete(id);
        refresh();
        reject(error as Error);
      }
    });
  };

  /**
   * Sends a call to the running thread (waiting for one to start if need be) or, for a
   * transaction's statements, to the thread of that transaction only: a transaction open when
   * its thread died fails rather than continue on a new thread.
   */
  const call = <T>(op: string, fields: Record<string, unknown> = {}, txThread?: Thread): Promise<T> => {
    if (closed || (closing && !thread)) return Promise.reject(new Error('PGlite is closed.'));
    if (txThread) {
      if (thread !== txThread) {
        return Promise.reject(new Error('The PGlite thread ended during this transaction; nothing of it was kept.'));
      }
      return post(txThread, op, fields);
    }
    // Sent at once when a thread runs, so that calls keep the order they were made in.
    if (thread) return post(thread, op, fields);
    return running().then((to) => post(to, op, fields));
  };

  const query = async <T>(
    txThread: Thread | undefined,
    txId: number | undefined,
    sql: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ) =>
    call<Results<T>>(
      'query',
      { txId, sql, params, rowMode: options?.rowMode, keepTextTypes: keepTextTypes(options?.parsers) },
      txThread,
    );
  const exec = (txThread: Thread | undefined, txId: number | undefined, sql: string) =>
    call<Results[]>('exec', { txId, sql }, txThread);

  let nextTxId = 1;
  let nextListenId = 1;

  return {
    query: (sql, params, options) => query(undefined, undefined, sql, params, options),
    exec: (sql) => exec(undefined, undefined, sql),
    transaction: async (callback) => {
      const txId = nextTxId++;
      const on = await running();
      await call('begin', { txId }, on);
      openTransactions++;
      let ended = false;
      const tx: RemoteTransaction = {
        query: (sql, params, options) => query(on, txId, sql, params, options),
        exec: (sql) => exec(on, txId, sql),
        get closed() {
          return ended;
        },
      };
      try {
        let result;
        try {
          result = await callback(tx);
        } catch (error) {
          ended = true;
          // As PGlite does: roll back, then rethrow the callback's error (a failed rollback only
          // adds to it when the thread is gone).
          await call('end', { txId, commit: false }, on).catch(() => {});
          throw error;
        }
        ended = true;
        await call('end', { txId, commit: true }, on);
        return result;
      } finally {
        openTransactions--;
        refresh();
      }
    },
    listen: async (channel, onNotify) => {
      const listenId = nextListenId++;
      const on = await running();
      listeners.set(listenId, onNotify);
      on.listenIds.add(listenId);
      try {
        await call('listen', { listenId, channel }, on);
      } catch (error) {
        listeners.delete(listenId);
        on.listenIds.delete(listenId);
        throw error;
      }
      return async () => {
        on.listenIds.delete(listenId);
        if (!listeners.delete(listenId) || closed || closing || thread !== on) return;
        await call('unlisten', { listenId }, on);
      };
    },
    close: () => {
      closing ??= (async () => {
        // A thread still starting (after a death) is closed like a running one.
        const last = thread ?? (await starting?.catch(() => undefined));
        try {
          if (last) await post(last, 'close', {});
        } finally {
          closed = true;
          listeners.clear();
          await last?.worker.terminate();
        }
      })();
      return closing;
    },
    get closed() {
      return closed;
    },
    kill: async () => {
      await thread?.worker.terminate();
    },
    onLost: (handler) => {
      lostHandlers.add(handler);
      return () => lostHandlers.delete(handler);
    },
  };
}

/** What drizzle's PGlite driver is given: the methods it calls, under PGlite's type. */
export function asPglite(remote: RemotePglite): PGlite {
  return remote as unknown as PGlite;
}
