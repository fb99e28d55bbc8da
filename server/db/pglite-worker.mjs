// PGlite's thread (decision 041): the embedded database runs here, away from the server's event
// loop, and answers the messages of `server/db/pglite-remote.ts`. Plain JavaScript, so that it
// starts the same under tsx, vitest and the built server.
//
// PGlite itself keeps its single connection in order: a transaction holds it from BEGIN to
// COMMIT/ROLLBACK while other queries and transactions wait, so several messages may be under way
// at once here and none can see into another's transaction.
import { PGlite } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';

import { PGLITE_EXTENSIONS } from './pglite-extensions.mjs';

/** @type {{ dir: string; settings: Record<string, string> }} */
const { dir, settings } = workerData;

/** @type {PGlite} */
let client;
try {
  client = await PGlite.create(dir, { extensions: PGLITE_EXTENSIONS, startParams: startParams(settings) });
} catch (error) {
  parentPort.postMessage({ started: false, error: serializeError(error) });
  process.exit(1);
}

/**
 * Transactions open, by id: PGlite's transaction object, and how to end it (the main thread
 * says commit or rollback once its callback settled).
 * @type {Map<number, { tx: import('@electric-sql/pglite').Transaction; end: (commit: boolean) => void }>}
 */
const transactions = new Map();
/** @type {Map<number, () => Promise<void>>} */
const listeners = new Map();

/** Thrown into PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLLBACK = Symbol('rollback');

/** Parsers that keep a type's text as PostgreSQL sent it, for the type ids the caller named. */
const keepTextCache = new Map();
function keepText(/** @type {number[] | undefined} */ types) {
  if (!types || types.length === 0) return undefined;
  const key = types.join(',');
  let parsers = keepTextCache.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (/** @type {string} */ value) => value]));
    keepTextCache.set(key, parsers);
  }
  return parsers;
}

/** Where a statement runs: the transaction it names, or the database. */
function on(/** @type {number | undefined} */ txId) {
  if (txId === undefined) return client;
  const open = transactions.get(txId);
  if (!open) throw new Error(`Transaction ${txId} is not open.`);
  return open.tx;
}

const handlers = {
  query: ({ txId, sql, params, rowMode, keepTextTypes }) =>
    on(txId).query(sql, params, {
      ...(rowMode && { rowMode }),
      ...(keepTextTypes && { parsers: keepText(keepTextTypes) }),
    }),
  exec: ({ txId, sql }) => on(txId).exec(sql),
  /** Opens a transaction; answers once BEGIN ran, and holds it until `end`. */
  begin: ({ txId }) =>
    new Promise((begun, failed) => {
      let started = false;
      client
        .transaction(async (tx) => {
          const ended = new Promise((resolve, reject) => {
            transactions.set(txId, {
              tx,
              end: (commit) => (commit ? resolve(undefined) : reject(ROLLBACK)),
            });
          });
          started = true;
          begun(null);
          await ended;
        })
        .then(
          () => transactions.get(txId)?.settled?.(null),
          (error) => {
            if (!started) return failed(error);
            const settled = transactions.get(txId)?.settled;
            if (error === ROLLBACK) settled?.(null);
            else settled?.(error);
          },
        );
    }),
  /** Commits or rolls back a transaction `begin` opened; answers once PGlite has. */
  end: ({ txId, commit }) =>
    new Promise((resolve, reject) => {
      const open = transactions.get(txId);
      if (!open) return reject(new Error(`Transaction ${txId} is not open.`));
      open.settled = (error) => {
        transactions.delete(txId);
        if (error) reject(error);
        else resolve(null);
      };
      open.end(commit);
    }),
  listen: async ({ listenId, channel }) => {
    const stop = await client.listen(channel, (payload) => parentPort.postMessage({ notify: listenId, payload }));
    listeners.set(listenId, stop);
    return null;
  },
  unlisten: async ({ listenId }) => {
    const stop = listeners.get(listenId);
    listeners.delete(listenId);
    if (stop && !client.closed) await stop();
    return null;
  },
  close: async () => {
    if (!client.closed) await client.close();
    return null;
  },
};

parentPort.on('message', async (message) => {
  const { id, op } = message;
  try {
    const handler = handlers[op];
    if (!handler) throw new Error(`Unknown operation ${op}.`);
    const result = await handler(message);
    parentPort.postMessage({ id, result });
  } catch (error) {
    parentPort.postMessage({ id, error: serializeError(error) });
  }
});

parentPort.postMessage({ started: true });

/**
 * PGlite's own start-up options plus `-c name=value` for each setting (decision 043). On the
 * command line, not in `postgresqlconf`: that option replaces the data directory's whole
 * postgresql.conf (its time zone, date style and text search configuration with it).
 */
function startParams(/** @type {Record<string, string>} */ extra) {
  return [
    ...PGlite.defaultStartParams,
    ...Object.entries(extra).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
}

/**
 * An error as data: structured cloning keeps only an Error's message, so PostgreSQL's fields
 * (`code`, `detail`, `constraint`...) are copied one by one.
 */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean', 'bigint', 'undefined'].includes(typeof value)) {
      fields[key] = value;
    } else {
      try {
        fields[key] = structuredClone(value);
      } catch {
        // Not cloneable (a function, a handle): left out.
      }
    }
  }
  return { name: error.name, message: error.message, stack: error.stack, fields };
}
