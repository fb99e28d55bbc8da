import { fillPlaceholders, is, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';

import type { Db, Executor } from './client';
import { rowsOf } from './rows';

const dialect = new PgDialect();

export interface PreparedOptions {
  /**
   * Also prepare it on PGlite, where a named statement is otherwise just a parameterised query:
   * for a statement whose parse and plan (in WebAssembly) cost more than its work. PGlite then
   * runs it with PREPARE once per database and EXECUTE with its values as literals (EXECUTE
   * cannot take bound parameters). Every value is checked against a strict pattern first, so
   * nothing that needs escaping reaches the text; anything else takes the parameterised form.
   * Run such a statement on the database itself, not in a transaction (a PREPARE that fails
   * would abort it).
   */
  onPglite?: boolean;
}

/**
 * A statement of a hot path, built once (with `sql.placeholder('name')` for its values) and run
 * as a named prepared statement: each PostgreSQL connection parses and plans it once instead of
 * on every call, and no query is built per request. PGlite runs it as a plain parameterised
 * query unless `onPglite`. Works on a transaction too. Raw rows: timestamps come back as the
 * driver gives them.
 */
export function preparedStatement<Row, Values extends object = Record<string, unknown>>(
  name: string,
  statement: SQL,
  options: PreparedOptions = {},
) {
  const query = dialect.sqlToQuery(statement);
  const parameterised = async (db: Executor, values: Values) =>
    rowsOf<Row>(
      await db._.session.prepareQuery(query, undefined, name, false).execute(values as Record<string, unknown>),
    );
  if (!options.onPglite) return parameterised;
  const ready = new WeakMap<Executor, Promise<void>>();
  return async (db: Executor, values: Values): Promise<Row[]> => {
    if (!is(db._.session, PgliteSession)) return parameterised(db, values);
    const literals = fillPlaceholders(query.params, values as Record<string, unknown>).map(literal);
    if (literals.some((l) => l === undefined)) return parameterised(db, values);
    const run = async () => {
      let prepared = ready.get(db);
      if (!prepared) {
        prepared = prepareOnce(db, name, query.sql).catch((error: unknown) => {
          ready.delete(db);
          throw error;
        });
        ready.set(db, prepared);
      }
      await prepared;
      return rowsOf<Row>(await db.execute(sql.raw(`execute ${name}(${literals.join(', ')})`)));
    };
    try {
      return await run();
    } catch (error) {
      // PGlite's thread was replaced (decision 043): the new one has never seen the PREPARE.
      if (errorCode(error) !== UNKNOWN_PREPARED_STATEMENT) throw error;
      ready.delete(db);
      return run();
    }
  };
}

const SAFE_LITERAL = /^[0-9A-Za-z.:/+-]*$/;
const DUPLICATE_PREPARED_STATEMENT = '42P05';
const UNKNOWN_PREPARED_STATEMENT = '26000';

function literal(value: unknown): string | undefined {
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return Number.isSafeInteger(value) ? String(value) : undefined;
  if (typeof value !== 'string' && !(value instanceof Date)) return undefined;
  const text = value instanceof Date ? value.toISOString() : value;
  return SAFE_LITERAL.test(text) ? `'${text}'` : undefined;
}

async function prepareOnce(db: Pick<Db, 'execute'>, name: string, text: string) {
  try {
    await db.execute(sql.raw(`prepare ${name} as ${text}`));
  } catch (error) {
    // Prepared already on this connection (by another handle on the same database): use it.
    if (errorCode(error) !== DUPLICATE_PREPARED_STATEMENT) throw error;
  }
}

/** The SQLSTATE of a database error, also when the ORM wrapped it. */
function errorCode(error: unknown): string | undefined {
  const own = (error as { code?: unknown } | null)?.code;
  if (typeof own === 'string') return own;
  const cause = (error as { cause?: unknown } | null)?.cause;
  return cause === undefined ? undefined : errorCode(cause);
}
