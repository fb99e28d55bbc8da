// Creates a new PGlite data directory (initdb) in a process of its own, then exits (decision 043).
// PGlite's initdb runs a second PostgreSQL and the initdb program in WebAssembly and copies the new
// directory through memory: a few hundred MB that, freed in the server's process, would stay
// resident there (the C allocator keeps what it was given). Plain JavaScript, like the thread.
//
//   node pglite-initdb.mjs <data directory>
import { PGlite } from '@electric-sql/pglite';

const dir = process.argv[2];
if (!dir) throw new Error('Usage: node pglite-initdb.mjs <data directory>');
// Ends with the server that started it (server/child-process.ts), not on its own after it.
process.on('disconnect', () => process.exit(1));
const client = await PGlite.create(dir);
await client.close();
process.exit(0);
