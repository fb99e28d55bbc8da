/**
 * Migration 0010's data step (decision 028): how long filling the PIN codes of addresses saved
 * before they had one takes at start-up. Writes `--addresses` addresses without a PIN code at
 * random points around six metros, then runs the step as `Database.migrate()` does.
 *
 *   node --import tsx bench/pincode-backfill.ts [--addresses 20000]
 *
 * PGlite in a temporary directory, or PostgreSQL with DATABASE_URL (a database of its own: the
 * bench writes addresses and resets the step's record). Prints one JSON object.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { eq, isNull, sql } from 'drizzle-orm';

import { openDatabase } from '../server/db/client';
import { runDataSteps } from '../server/db/data-migrations';
import { addresses, customers, dataMigrations } from '../server/db/schema';
import { loadGazetteer } from '../server/geo/gazetteer';

const { values } = parseArgs({ options: { addresses: { type: 'string', default: '20000' } } });
const total = Number(values.addresses);

const METROS = [
  { lat: 19.07, lng: 72.88 },
  { lat: 12.97, lng: 77.59 },
  { lat: 28.61, lng: 77.21 },
  { lat: 13.08, lng: 80.27 },
  { lat: 22.57, lng: 88.36 },
  { lat: 17.39, lng: 78.49 },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pincode-'));
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir });
try {
  await database.migrate();
  const { db } = database;
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  for (let start = 0; start < total; start += 500) {
    const count = Math.min(500, total - start);
    const rows = await db
      .insert(customers)
      .values(Array.from({ length: count }, (_, i) => ({ mobile: `8${String(start + i).padStart(9, '0')}` })))
      .onConflictDoNothing()
      .returning({ id: customers.id });
    if (rows.length === 0) continue;
    await db.insert(addresses).values(
      rows.map((row) => {
        const metro = METROS[Math.floor(random() * METROS.length)]!;
        return {
          customerId: row.id,
          tag: 'Home',
          locality: 'Bench',
          buildingName: 'Flat 1',
          name: 'Bench',
          city: 'City',
          latitude: metro.lat + (random() - 0.5) * 0.3,
          longitude: metro.lng + (random() - 0.5) * 0.3,
        };
      }),
    );
  }
  await db.update(addresses).set({ pincode: null });
  await db.delete(dataMigrations).where(eq(dataMigrations.name, '0010_address_pincode'));
  const missing = async () =>
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(addresses)
        .where(isNull(addresses.pincode))
    )[0]!.n;
  const before = await missing();

  const loadStart = performance.now();
  await loadGazetteer();
  const gazetteerMs = performance.now() - loadStart;
  const start = performance.now();
  const ran = await runDataSteps(db);
  const stepMs = performance.now() - start;
  const after = await missing();

  console.log(
    JSON.stringify(
      {
        benchmark: 'pincode-backfill',
        command: `node --import tsx bench/pincode-backfill.ts --addresses ${total}`,
        database: database.kind,
        ran,
        addresses: before,
        filled: before - after,
        leftWithout: after,
        gazetteerLoadMs: Math.round(gazetteerMs),
        stepMs: Math.round(stepMs),
        addressesPerSecond: Math.round((before / stepMs) * 1000),
        machine: { cpus: cpus().length, loadavg: loadavg().map((n) => Math.round(n * 100) / 100) },
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
