import { existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';

import { runDataSteps } from './data-migrations';
import { isRunning } from '../child-process';
import { asPglite, isCreated, startPglite, type RemotePglite } from './pglite-remote';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction of `Db`, as its `transaction()` callback receives it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Where a query may run: the database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * Applies pending migrations, then the data steps that need the app's code (decision 028);
   * safe when several processes start at once.
   */
  migrate(): Promise<void>;
  /** Throws when the database cannot answer a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Connections for /metrics: the pool's for PostgreSQL; PGlite is one connection. */
  stats(): PoolStats;
  /**
   * LISTENs on `channel` (decision 035): `onNotify` gets each payload NOTIFY sends on it, from
   * any connection or process. PostgreSQL: a connection of its own, outside the pool; `onLost`
   * is called when it breaks (listen again to resume). Resolves, once listening, to a function
   * that stops.
   */
  listen(channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void): Promise<Unlisten>;
}

export type Unlisten = () => Promise<void>;

export interface PoolStats {
  /** Connections open. */
  total: number;
  /** Connections open and not in use. */
  idle: number;
  /** Queries (PGlite) or checkouts (a pg Pool) waiting for a connection. */
  waiting: number;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number works; it only has to be the same for every process of this app.
const MIGRATION_LOCK_KEY = 7_201_905;

export interface OpenOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
}

export async function openDatabase({ databaseUrl, dataDir }: OpenOptions): Promise<Database> {
  return databaseUrl ? openPostgres(databaseUrl) : openPglite(pgliteDir(dataDir));
}

/** Where PGlite keeps its files in a data directory. */
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pgdata');

/** True when the database is PGlite in a data directory that has not been created yet. */
export function isNewPgliteDatabase({ databaseUrl, dataDir }: OpenOptions): boolean {
  return !databaseUrl && !isCreated(pgliteDir(dataDir));
}

/**
 * Creates a new PGlite database for `dataDir`, applies the migrations and the data steps, and
 * runs `seed` on it, all in this process (PGlite itself, not its thread): the one-off process the
 * server starts for a new database (decision 061), whose memory goes when it exits.
 *
 * It is made in a directory of its own (`pgdata.preparing-<pid>`) and renamed into place once
 * ready, so no server ever opens one half made: a process stopped half-way leaves only its own
 * directory, removed by the next preparation. When another process put a database in place first,
 * this one is dropped.
 */
export async function prepareNewPglite(dataDir: string, seed: (db: Db) => Promise<unknown>): Promise<void> {
  const target = pgliteDir(dataDir);
  const preparing = `${target}${PREPARING}${process.pid}`;
  removeAbandoned(dataDir);
  mkdirSync(preparing, { recursive: true });
  const [{ PGlite }, { PGLITE_EXTENSIONS }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('./pglite-extensions.mjs'),
  ]);
  // The thread's extensions; its settings (startParams) only tune a server.
  const client = await PGlite.create(preparing, { extensions: PGLITE_EXTENSIONS });
  try {
    const db = drizzlePglite(client, { schema });
    await migrateThenDataSteps(db, db as unknown as Db);
    await seed(db as unknown as Db);
  } finally {
    await client.close();
  }
  if (isCreated(target)) {
    rmSync(preparing, { recursive: true, force: true });
    return;
  }
  // A directory without PG_VERSION was never a database PostgreSQL would open: an empty one, or
  // what an interrupted initdb left.
  rmSync(target, { recursive: true, force: true });
  renameSync(preparing, target);
}

const PREPARING = '.preparing-';

/** Removes directories that preparing processes no longer running left behind. */
function removeAbandoned(dataDir: string) {
  const prefix = `${path.basename(pgliteDir(dataDir))}${PREPARING}`;
  const entries = existsSync(dataDir) ? readdirSync(dataDir) : [];
  for (const name of entries) {
    if (!name.startsWith(prefix)) continue;
    const pid = Number(name.slice(prefix.length));
    if (Number.isInteger(pid) && pid !== process.pid && isRunning(pid)) continue;
    rmSync(path.join(dataDir, name), { recursive: true, force: true });
  }
}

/** The SQL migrations, then the data steps that need the app's code (decision 028). */
async function migrateThenDataSteps(pglite: Parameters<typeof migratePglite>[0], db: Db) {
  await migratePglite(pglite, { migrationsFolder });
  await runDataSteps(db);
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true });
  // In a thread of its own (decision 041): its WebAssembly work would otherwise run on this event
  // loop and hold up every other request while a statement runs.
  const remote = await startPglite(dir);
  const inFlight = countInFlight(remote);
  const client = asPglite(remote);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    // PGlite is a single connection of this process, so there is nothing to race with.
    migrate: () => migrateThenDataSteps(drizzlePglite(client, { schema }), db),
    ping: async () => {
      await remote.query('select 1');
    },
    close: () => remote.close(),
    // One connection, busy while anything is in flight; the rest queue behind it.
    stats: () => ({ total: 1, idle: inFlight() === 0 ? 1 : 0, waiting: Math.max(0, inFlight() - 1) }),
    // The one connection hears its own notifications. It is lost only with its thread (which
    // fails what was under way on it); listening again goes to the new thread (decision 043).
    listen: async (channel, onNotify, onLost) => {
      let stopped = false;
      const forget = remote.onLost((error) => {
        if (stopped) return;
        stopped = true;
        onLost(error);
      });
      let stop;
      try {
        stop = await remote.listen(channel, onNotify);
      } catch (error) {
        forget();
        throw error;
      }
      return async () => {
        if (stopped) return;
        stopped = true;
        forget();
        if (!remote.closed) await stop();
      };
    },
  };
}

/**
 * Counts the statements and transactions under way on PGlite (it runs one at a time and queues
 * the rest), by wrapping the methods drizzle calls on it.
 */
function countInFlight(client: RemotePglite): () => number {
  let count = 0;
  const wrap =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      count++;
      try {
        return await run(...args);
      } finally {
        count--;
      }
    };
  client.query = wrap(client.query) as RemotePglite['query'];
  client.exec = wrap(client.exec);
  client.transaction = wrap(client.transaction) as RemotePglite['transaction'];
  return () => count;
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
    connectionTimeoutMillis: 5000,
    // Fail a statement rather than hang a request forever when the database stalls.
    statement_timeout: 10_000,
  });
  // An idle client losing its connection emits 'error' on the pool; without a listener that
  // would crash the process instead of letting /readyz report the outage.
  pool.on('error', () => {});
  // A client checked out (a transaction holds one) is no longer the pool's to watch: its lost
  // connection emits 'error' on the client, and with no listener that crashed the process (seen
  // in CI when the outage test cut the connection under a transaction). The statement under way
  // already fails with the error, and the pool drops the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    migrate: async () => {
      const client = await pool.connect();
      try {
        // Waiting for another process's migrations (and data steps) may take longer than the
        // pool's statement timeout: this connection waits without one.
        await client.query('set statement_timeout = 0');
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await client.query('reset statement_timeout');
        const locked = drizzlePg(client, { schema });
        await migratePg(locked, { migrationsFolder });
        // On the connection that holds the lock, so a second process waits until they are done.
        await runDataSteps(locked as unknown as Db);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        await client.query('reset statement_timeout').catch(() => {});
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    listen: async (channel, onNotify, onLost) => {
      // Not from the pool: a listening connection stays checked out for as long as it listens.
      // TCP keepalive, so that a listening connection the network dropped ends in an error.
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
      let stopped = false;
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
      });
      const lost = (error: Error) => {
        if (stopped) return;
        stopped = true;
        client.end().catch(() => {});
        onLost(error);
      };
      client.on('error', lost);
      client.on('end', () => lost(new Error('The listening connection closed.')));
      try {
        await client.connect();
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
      } catch (error) {
        stopped = true;
        await client.end().catch(() => {});
        throw error;
      }
      return async () => {
        if (stopped) return;
        stopped = true;
        await client.end().catch(() => {});
      };
    },
  };
}
