import path from 'node:path';

import { inject } from 'vitest';

import { buildApp } from '../../server/app';
import { DEFAULT_PAYMENT_HOLD_MINUTES, loadConfig, type AppConfig } from '../../server/config';
import { openTestDatabase } from './template-db';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/**
 * The real app on a seeded database of its own. Call `close()` when done (afterAll): it closes
 * the app and removes the database copy. `logStream` receives the log (at the configured
 * `logLevel`, with the app's own serializers) for a test to read.
 */
export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  { logStream }: { logStream?: { write(line: string): void } } = {},
) {
  const testDb = await openTestDatabase(inject('templateDir'));
  const config = loadConfig(
    {},
    {
      env: 'test',
      dataDir: testDb.dataDir,
      databaseUrl: undefined,
      jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
      distDir: path.join(testDb.dataDir, 'no-client'),
      logLevel: 'silent',
      // The default outside production, given here so that a test app with env 'production' (and
      // no payments of its own) is not refused for lacking Razorpay's keys.
      payments: { provider: 'local', holdMinutes: DEFAULT_PAYMENT_HOLD_MINUTES },
      // Web Push listens to the order events bus for the app's whole life (decision 036): off
      // unless a test is about it, so that the bus is idle until a test subscribes.
      push: { enabled: false, publicKey: '', privateKey: '', subject: '' },
      ...overrides,
    },
  );
  const app = await buildApp({ config, database: testDb.database, closeDatabase: false, logStream });
  await app.ready();
  return {
    app,
    database: testDb.database,
    /** The copy's PostgreSQL URL (for a second connection or process); undefined on PGlite. */
    databaseUrl: testDb.databaseUrl,
    config,
    async close() {
      // The test's own keep-alive connections (fetch against a listening app): every request is
      // answered by now, but one whose body the test never read can still count as busy, and
      // app.close() would then wait for Fastify's 72 s keep-alive timeout.
      app.server.closeAllConnections();
      await app.close();
      await testDb.dispose();
    },
  };
}
