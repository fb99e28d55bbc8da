// The PostgreSQL extensions every PGlite database of ours is opened with: by its thread
// (pglite-worker.mjs) and by the process that prepares a new database (prepareNewPglite in
// client.ts), which must create it with the same ones. Plain JavaScript, like the thread.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const PGLITE_EXTENSIONS = { pg_trgm };
