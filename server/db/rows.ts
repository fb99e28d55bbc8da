/** node-postgres and PGlite both answer a raw statement (`db.execute`) with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('unexpected result shape from the database driver');
  return rows as T[];
}
