import { randomBytes } from 'node:crypto';

import { sql } from 'drizzle-orm';

import { storedDataDirSecret, type AppConfig } from '../config';
import type { Database } from './client';
import { rowsOf } from './rows';

const JWT_SECRET_NAME = 'jwt-secret';

/**
 * The secret called `name`, generated on first use and the same for every process on the
 * database: the first to insert wins, every other reads the winner's back. A process that loses
 * the race while the winner's insert is not yet committed sees nothing in that statement's
 * snapshot; it asks again.
 */
export async function sharedSecret(database: Database, name: string, candidate?: string): Promise<string> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const value = await insertOrRead(database, name, candidate ?? randomBytes(48).toString('base64url'));
    if (value) return value;
  }
  throw new Error(`the shared secret ${name} could not be read back`);
}

async function insertOrRead(database: Database, name: string, candidate: string): Promise<string | undefined> {
  const rows = rowsOf<{ value: string }>(
    await database.db.execute(sql`
      with inserted as (
        insert into app_secrets (name, value) values (${name}, ${candidate})
        on conflict (name) do nothing
        returning value
      )
      select value from inserted
      union all
      select value from app_secrets where name = ${name}
      limit 1`),
  );
  return rows[0]?.value;
}

/**
 * Completes the configuration once the database is open and migrated: with DATABASE_URL and no
 * JWT_SECRET (outside production), the JWT secret is the one kept in the database, so that a
 * session from one process is accepted by every other (decision 024). The first process to store
 * one offers the secret its DATA_DIR already holds, if any, so that sessions and gift card codes
 * issued before (keyed by it) stay valid.
 */
export async function withSharedSecrets(config: AppConfig, database: Database): Promise<AppConfig> {
  if (config.jwtSecretSource !== 'database') return config;
  const jwtSecret = await sharedSecret(database, JWT_SECRET_NAME, storedDataDirSecret(config.dataDir));
  return { ...config, jwtSecret };
}
