import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { pgliteSettings, SMALL_DATABASE_BYTES, startPglite, type RemotePglite } from './pglite-remote';

// PGlite in its own thread (decision 041): what the rest of the app relies on from it.
let dir: string;
let pglite: RemotePglite;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-remote-'));
  pglite = await startPglite(dir);
  await pglite.exec('create table items (id int primary key, note text)');
});
afterAll(async () => {
  await pglite?.close();
  rmSync(dir, { recursive: true, force: true });
});

const notes = async () =>
  (await pglite.query<{ note: string }>('select note from items order by id')).rows.map((row) => row.note);

describe('PGlite in a thread of its own', () => {
  it('keeps a transaction to itself: other statements wait for it and do not join it', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('insert into items values (1, $1)', ['inside']);
      await held;
      return (await tx.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Sent while the transaction is open: runs after it, outside it.
    const outside = pglite.query('insert into items values (2, $1)', ['outside']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect(await transaction).toBe(1);
    await outside;
    expect(await notes()).toEqual(['inside', 'outside']);
    await pglite.exec('delete from items');
  });

  it('rolls a transaction back when its callback throws, and rethrows that error', async () => {
    const failure = new Error('the order cannot be placed');
    await expect(
      pglite.transaction(async (tx) => {
        await tx.query('insert into items values (1, $1)', ['lost']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await notes()).toEqual([]);
  });

  it("gives PostgreSQL's error fields back", async () => {
    await pglite.query('insert into items values (1, $1)', ['first']);
    const error = await pglite.query('insert into items values (1, $1)', ['again']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 'items_pkey' });
    await pglite.exec('delete from items');
  });

  it('returns the same values as PGlite in this thread: numbers, bigints, json, dates as text when asked', async () => {
    const sql = `select 1::int as i, 2::bigint as b, 1.5::numeric as n, '{"a":[1]}'::jsonb as j,
      '2026-01-02T03:04:05Z'::timestamptz as t, '\\x0102'::bytea as bytes`;
    const parsed = (await pglite.query<Record<string, unknown>>(sql)).rows[0]!;
    expect(parsed).toMatchObject({ i: 1, n: '1.5', j: { a: [1] }, bytes: new Uint8Array([1, 2]) });
    expect(parsed.t).toBeInstanceOf(Date);
    const asText = (await pglite.query<Record<string, unknown>>(sql, [], { parsers: { 1184: (value) => value } }))
      .rows[0]!;
    expect(asText.t).toBe('2026-01-02 03:04:05+00');
  });

  it('refuses a parser that would change the value (a function cannot reach the thread)', async () => {
    await expect(pglite.query('select 1', [], { parsers: { 23: (value) => Number(value) * 2 } })).rejects.toThrow(
      /thread of its own/,
    );
  });

  it('hears NOTIFY', async () => {
    const heard: string[] = [];
    const stop = await pglite.listen('items_changed', (payload) => heard.push(payload));
    await pglite.query(`select pg_notify('items_changed', 'one')`);
    await expect.poll(() => heard).toEqual(['one']);
    await stop();
  });

  it('fails what was under way when the thread dies, and answers later calls from a new thread', async () => {
    const otherDir = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-remote-'));
    const doomed = await startPglite(otherDir);
    try {
      await doomed.exec('create table kept (note text)');
      await doomed.query('insert into kept values ($1)', ['before']);
      const lost: Error[] = [];
      doomed.onLost((error) => lost.push(error));
      const heard: string[] = [];
      await doomed.listen('kept_changed', (payload) => heard.push(`first thread: ${payload}`));

      // A transaction open when the thread dies: its statements ran on that thread only.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let inserted!: () => void;
      const insertedOnce = new Promise<void>((resolve) => (inserted = resolve));
      const transaction = doomed.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', ['in the transaction']);
        inserted();
        await held;
        // Sent after the death: must not run on the next thread (it would outside any transaction).
        await tx.query('insert into kept values ($1)', ['after the death']);
      });
      await insertedOnce;
      const waiting = doomed.query('select pg_sleep(0.5)');

      await doomed.kill();
      await expect(waiting).rejects.toThrow(/PGlite thread ended unexpectedly/);
      release();
      await expect(transaction).rejects.toThrow(/ended during this transaction/);
      expect(lost).toHaveLength(1);

      // The next thread has the same directory: what was committed, nothing of the transaction.
      const rows = await doomed.query<{ note: string }>('select note from kept order by note');
      expect(rows.rows.map((row) => row.note)).toEqual(['before']);
      // Its LISTENs are its own: the first thread's ended with it.
      await doomed.listen('kept_changed', (payload) => heard.push(`second thread: ${payload}`));
      await doomed.query(`select pg_notify('kept_changed', 'again')`);
      await expect.poll(() => heard).toEqual(['second thread: again']);
      // And a transaction on it commits as before.
      await doomed.transaction(async (tx) => {
        await tx.query('insert into kept values ($1)', ['after']);
      });
      expect((await doomed.query<{ n: number }>('select count(*)::int as n from kept')).rows[0]!.n).toBe(2);
      await doomed.close();
      await expect(doomed.query('select 1')).rejects.toThrow(/PGlite is closed/);
    } finally {
      await doomed.close();
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});

describe("PGlite's buffer pool (decision 061)", () => {
  it('is 16 MB for a small database: the thread runs with it', async () => {
    expect(pgliteSettings(dir)).toEqual({ shared_buffers: '16MB' });
    expect((await pglite.query<{ shared_buffers: string }>('show shared_buffers')).rows).toEqual([
      { shared_buffers: '16MB' },
    ]);
  });

  it("is 32 MB once the database's files reach the threshold", () => {
    const grown = mkdtempSync(path.join(tmpdir(), 'storefront-pglite-pool-'));
    try {
      mkdirSync(path.join(grown, 'base', '5'), { recursive: true });
      const file = path.join(grown, 'base', '5', '16384');
      writeFileSync(file, '');
      truncateSync(file, SMALL_DATABASE_BYTES - 1);
      expect(pgliteSettings(grown)).toEqual({ shared_buffers: '16MB' });
      writeFileSync(path.join(grown, 'base', '5', '16385'), 'x');
      expect(pgliteSettings(grown)).toEqual({ shared_buffers: '32MB' });
    } finally {
      rmSync(grown, { recursive: true, force: true });
    }
  });
});
