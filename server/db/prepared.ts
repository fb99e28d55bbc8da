import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

import type { Db } from './client';
import { rowsOf } from './rows';

const dialect = new PgDialect();

/**
 * A statement of a hot path, built once (with `sql.placeholder('name')` for its values) and run
 * as a named prepared statement: each PostgreSQL connection parses and plans it once instead of
 * on every call, and no query is built per request. PGlite runs it as a plain parameterised
 * query. Works on a transaction too. Raw rows: timestamps come back as the driver gives them.
 */
export function preparedStatement<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Pick<Db, '_'>, values: Record<string, unknown>): Promise<Row[]> =>
    rowsOf<Row>(await db._.session.prepareQuery(query, undefined, name, false).execute(values));
}
