/**
 * Migration 0010 and its data step (decision 028): addresses saved before PIN codes existed get
 * theirs from their coordinates when the server starts, once, in batches, and two processes
 * starting at once on PostgreSQL neither fail nor fill twice.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { openDatabase, type Database } from '../../server/db/client';
import { backfillPincodes, runDataSteps } from '../../server/db/data-migrations';
import { rowsOf } from '../../server/db/rows';
import { ADDED_SYNONYMS } from '../../server/db/seed/search-synonyms';
import { loadOrder } from '../../server/db/orders/read';
import { loadGazetteer } from '../../server/geo/gazetteer';
import { testDatabaseUrl, withDatabase } from '../setup/template-db';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../server/db/migrations');
/** How many migrations there are (0000 up to the newest): all of them run on an upgrade. */
const MIGRATION_COUNT = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }
).entries.length;

/** Points with a locality nearby, and one in the Arabian Sea with none. */
const POINTS = {
  koramangala: { latitude: 12.9352, longitude: 77.6245 },
  indiranagar: { latitude: 12.9719, longitude: 77.6412 },
  andheri: { latitude: 19.1363, longitude: 72.8277 },
  bandra: { latitude: 19.06, longitude: 72.83 },
  nowhere: { latitude: 15, longitude: 65 },
} as const;

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database (PGlite, or a new PostgreSQL database) and the URL of it, if any. */
async function openEmpty(): Promise<{ database: Database; url: string | undefined; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pincode-'));
  const base = testDatabaseUrl();
  let url: string | undefined;
  if (base) {
    const name = `storefront_pincode_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    url = withDatabase(base, name);
    cleanups.push(async () => {
      const dropper = new pg.Client({ connectionString: base });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    });
  }
  const database = await openDatabase({ databaseUrl: url, dataDir: dir });
  cleanups.push(async () => {
    await database.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  });
  return { database, url, dir };
}

/** Migrations 0000-0009: the schema as it was before addresses had a PIN code. */
async function migrateToBeforePincodes(database: Database, dir: string) {
  const folder = path.join(dir, 'migrations');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === '0009_shared_limits') + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
}

/** A customer and one address per point, written as the old release wrote them (no pincode column). */
async function writeOldAddresses(db: Database['db']): Promise<Map<string, string>> {
  const [customer] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into customers (mobile) values ('9876543210') returning id`),
  );
  const ids = new Map<string, string>();
  for (const [name, point] of Object.entries(POINTS)) {
    const [row] = rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into addresses (customer_id, tag, locality, building_name, name, latitude, longitude, city,
          created_at, updated_at)
        values (${customer!.id}, 'Home', ${name}, 'Flat 1', 'Asha', ${point.latitude}, ${point.longitude}, 'City',
          '2026-01-02T03:04:05Z', '2026-01-02T03:04:05Z')
        returning id`),
    );
    ids.set(name, row!.id);
  }
  return ids;
}

/** An order paid on delivery, written as the old release wrote it (no PIN code, no payment rows). */
async function writeOldOrder(db: Database['db']): Promise<{ id: string; customerId: string }> {
  const [customer] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into customers (mobile) values ('9876543211') returning id`),
  );
  const [store] = rowsOf<{ id: number }>(
    await db.execute(sql`
      insert into stores (slug, name, city, latitude, longitude, radius_km)
      values ('bandra', 'Bandra', 'Mumbai', 19.06, 72.83, 5) returning id`),
  );
  const address = {
    tag: 'Home',
    name: 'Asha',
    buildingName: 'Flat 1',
    floor: null,
    nearBy: null,
    locality: 'Hill Road',
    city: 'Mumbai',
    mobile: null,
    latitude: 19.06,
    longitude: 72.83,
  };
  const [order] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into orders (customer_id, idempotency_key, status, store_id, eta_minutes, address, payment_method,
        items_paise, mrp_paise, delivery_paise, handling_paise, total_paise, payable_paise)
      values (${customer!.id}, 'old-order-key-1', 'delivered', ${store!.id}, 10, ${JSON.stringify(address)}::jsonb,
        'cod', 10000, 12000, 0, 400, 10400, 10400)
      returning id`),
  );
  return { id: order!.id, customerId: customer!.id };
}

interface Row {
  id: string;
  locality: string;
  pincode: string | null;
  version: number;
  updatedAt: Date | string;
}

const readRows = async (db: Database['db']) =>
  rowsOf<Row>(
    await db.execute(
      sql`select id, locality, pincode, version, updated_at as "updatedAt" from addresses order by locality`,
    ),
  );

const doneSteps = async (db: Database['db']) =>
  rowsOf<{ name: string }>(await db.execute(sql`select name from data_migrations order by name`)).map((r) => r.name);

async function expectedPincode(point: { latitude: number; longitude: number }): Promise<string | null> {
  const place = await (await loadGazetteer()).reverse(point.latitude, point.longitude);
  return place?.pincode || null;
}

describe('migration 0010 on a database written before it', () => {
  let database: Database;
  let ids: Map<string, string>;
  let oldOrder: { id: string; customerId: string };

  beforeAll(async () => {
    const empty = await openEmpty();
    database = empty.database;
    await migrateToBeforePincodes(database, empty.dir);
    ids = await writeOldAddresses(database.db);
    oldOrder = await writeOldOrder(database.db);
    // The upgrade, exactly as the server starts.
    await database.migrate();
  });

  it('fills the PIN code of every address it can place, from its coordinates', async () => {
    const rows = await readRows(database.db);
    expect(rows).toHaveLength(Object.keys(POINTS).length);
    for (const [name, point] of Object.entries(POINTS)) {
      const row = rows.find((r) => r.id === ids.get(name))!;
      expect(row.pincode, name).toBe(await expectedPincode(point));
    }
    const byName = Object.fromEntries(rows.map((r) => [r.locality, r.pincode]));
    expect(byName.koramangala).toBe('560034');
    expect(byName.indiranagar).toMatch(/^5600\d\d$/);
    expect(byName.andheri).toMatch(/^40\d{4}$/);
    expect(byName.bandra).toBe('400050');
    // Far from any locality: no PIN code rather than a wrong one.
    expect(byName.nowhere).toBeNull();
  });

  it('changes nothing the shopper would see as an edit: version and updated time stay', async () => {
    for (const row of await readRows(database.db)) {
      expect(row.version).toBe(1);
      expect(new Date(row.updatedAt).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    }
  });

  it('records the step as done, so a second start does not run it again', async () => {
    expect(await doneSteps(database.db)).toEqual(['0010_address_pincode', ...ADDED_SYNONYMS.map(({ step }) => step)]);
    const id = ids.get('koramangala')!;
    await database.db.execute(sql`update addresses set pincode = null where id = ${id}`);
    await database.migrate();
    expect(await runDataSteps(database.db)).toEqual([]);
    const row = (await readRows(database.db)).find((r) => r.id === id)!;
    expect(row.pincode).toBeNull();
    await database.db.execute(
      sql`update addresses set pincode = ${await expectedPincode(POINTS.koramangala)} where id = ${id}`,
    );
  });

  it('runs every later migration in the same start (payments, staff): an old order still reads', async () => {
    const applied = rowsOf<{ n: number }>(
      await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )[0]!.n;
    expect(applied).toBe(MIGRATION_COUNT);
    const order = await loadOrder(database.db, oldOrder.customerId, oldOrder.id);
    expect(order).toMatchObject({ status: 'delivered', paymentMethod: 'cod' });
    expect(order!.address).not.toHaveProperty('pincode');
    expect(order!.address).toMatchObject({ locality: 'Hill Road', city: 'Mumbai' });
  });

  it('the database keeps the format: a malformed PIN code is refused', async () => {
    await expect(
      database.db.execute(sql`update addresses set pincode = '056003' where id = ${ids.get('andheri')!}`),
    ).rejects.toThrow();
  });
});

describe('the backfill itself', () => {
  let database: Database;

  beforeAll(async () => {
    const empty = await openEmpty();
    database = empty.database;
    await migrateToBeforePincodes(database, empty.dir);
    await writeOldAddresses(database.db);
    // The columns of 0010 without its data step, as a crash right after the SQL would leave them.
    await database.migrate();
    await database.db.execute(sql`update addresses set pincode = null`);
  });

  it('works in batches, asks once per address, passes over those it cannot place, and is idempotent', async () => {
    const asked: string[] = [];
    const lookup = async (lat: number, lng: number) => {
      asked.push(`${lat},${lng}`);
      return lat === 15
        ? null
        : `56${String(Math.round(lat * 1000))
            .padStart(4, '0')
            .slice(-4)}`;
    };
    // Two per batch over five addresses: three batches, and the unplaceable one does not loop.
    const filled = await backfillPincodes(database.db, lookup, 2);
    expect(filled).toBe(4);
    expect(asked).toHaveLength(5);
    const rows = await readRows(database.db);
    expect(rows.filter((r) => r.pincode !== null)).toHaveLength(4);
    expect(rows.find((r) => r.locality === 'nowhere')!.pincode).toBeNull();

    // Again: only the one still missing is asked about, and nothing already filled changes.
    asked.length = 0;
    expect(await backfillPincodes(database.db, lookup, 2)).toBe(0);
    expect(asked).toEqual(['15,65']);
    expect(await readRows(database.db)).toEqual(rows);
  });

  it('never overwrites a PIN code set in the meantime', async () => {
    await database.db.execute(sql`update addresses set pincode = null where locality = 'andheri'`);
    const lookup = async (lat: number) => {
      if (lat === 15) return null;
      // The shopper saves their address while the step is looking its PIN code up.
      await database.db.execute(sql`update addresses set pincode = '400053' where locality = 'andheri'`);
      return '400058';
    };
    expect(await backfillPincodes(database.db, lookup)).toBe(0);
    expect((await readRows(database.db)).find((r) => r.locality === 'andheri')!.pincode).toBe('400053');
  });
});

describe.runIf(testDatabaseUrl())('two processes starting at once on PostgreSQL', () => {
  it('both start; the addresses are filled once and the step recorded once', async () => {
    const empty = await openEmpty();
    await migrateToBeforePincodes(empty.database, empty.dir);
    const ids = await writeOldAddresses(empty.database.db);
    const second = await openDatabase({ databaseUrl: empty.url, dataDir: empty.dir });
    cleanups.push(() => second.close());

    await Promise.all([empty.database.migrate(), second.migrate()]);

    expect(await doneSteps(empty.database.db)).toEqual([
      '0010_address_pincode',
      ...ADDED_SYNONYMS.map(({ step }) => step),
    ]);
    const rows = await readRows(second.db);
    for (const [name, point] of Object.entries(POINTS)) {
      expect(rows.find((r) => r.id === ids.get(name))!.pincode, name).toBe(await expectedPincode(point));
    }
    const migrations = rowsOf<{ n: number }>(
      await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )[0]!.n;
    expect(migrations).toBe(MIGRATION_COUNT);
  });
});
