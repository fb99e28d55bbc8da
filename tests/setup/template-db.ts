import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { openDatabase, type Database } from '../../server/db/client';
import { seedCatalog } from '../../server/db/seed/seed';

/** Overridable so two checkouts can run the PostgreSQL suite on one server at the same time. */
export const TEMPLATE_DATABASE = process.env.TEST_TEMPLATE_DATABASE || 'storefront_test_template';

/** The PostgreSQL server to run the suite against, when TEST_DATABASE_URL is set. */
export const testDatabaseUrl = () => process.env.TEST_DATABASE_URL || undefined;

export function withDatabase(url: string, database: string): string {
  const next = new URL(url);
  next.pathname = `/${database}`;
  return next.toString();
}

/** Migrates and seeds one database that every test file then copies. Runs once per test run. */
export async function prepareTemplate(root: string): Promise<{ templateDir?: string }> {
  const url = testDatabaseUrl();
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await admin.end();
    }
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DATABASE), dataDir: root });
    try {
      await database.migrate();
      await seedCatalog(database.db);
    } finally {
      await database.close();
    }
    return {};
  }
  const templateDir = path.join(root, 'template');
  mkdirSync(templateDir, { recursive: true });
  const database = await openDatabase({ dataDir: templateDir });
  try {
    await database.migrate();
    await seedCatalog(database.db);
  } finally {
    await database.close();
  }
  return { templateDir };
}

export interface TestDatabase {
  /** Replace it after reopening; dispose() closes whichever is current. */
  database: Database;
  dataDir: string;
  /** The PostgreSQL database of this copy; undefined for PGlite (it lives in dataDir). */
  databaseUrl: string | undefined;
  dispose(): Promise<void>;
}

/** A fresh, seeded database of its own for one test file: a copy of the template. */
export async function openTestDatabase(templateDir: string | undefined): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-test-'));
  const url = testDatabaseUrl();
  if (url) {
    const name = `storefront_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const databaseUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl, dataDir });
    const handle: TestDatabase = {
      database,
      dataDir,
      databaseUrl,
      async dispose() {
        await handle.database.close().catch(() => {});
        const cleanup = new pg.Client({ connectionString: url });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    return handle;
  }
  if (!templateDir) throw new Error('the PGlite template was not prepared (tests/setup/server-global.ts)');
  cpSync(templateDir, dataDir, { recursive: true });
  const database = await openDatabase({ dataDir });
  const handle: TestDatabase = {
    database,
    dataDir,
    databaseUrl: undefined,
    async dispose() {
      await handle.database.close().catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}
