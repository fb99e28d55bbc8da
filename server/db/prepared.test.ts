import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Db } from './client';
import { asPglite, startPglite, type RemotePglite } from './pglite-remote';
import { preparedStatement } from './prepared';

let dir: string;
let remote: RemotePglite;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-prepared-'));
  remote = await startPglite(dir);
  db = drizzle(asPglite(remote)) as unknown as Db;
  await remote.exec(`create table notes (id int primary key, note text); insert into notes values (1, 'one')`);
});
afterAll(async () => {
  await remote?.close();
  rmSync(dir, { recursive: true, force: true });
});

const noteById = preparedStatement<{ note: string }, { id: number }>(
  'test_note_by_id',
  sql`select note from notes where id = ${sql.placeholder('id')}::int`,
  { onPglite: true },
);

describe('a statement prepared on PGlite', () => {
  it('runs as EXECUTE once prepared, and again on the thread that replaces a dead one (decision 043)', async () => {
    expect(await noteById(db, { id: 1 })).toEqual([{ note: 'one' }]);
    const statements = async () =>
      (await remote.query<{ name: string }>('select name from pg_prepared_statements')).rows.map((row) => row.name);
    expect(await statements()).toContain('test_note_by_id');

    await remote.kill();
    // The new thread has never seen the PREPARE: the statement is prepared there again.
    expect(await noteById(db, { id: 1 })).toEqual([{ note: 'one' }]);
    expect(await statements()).toContain('test_note_by_id');
  });
});
