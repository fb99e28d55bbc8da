import { performance } from 'node:perf_hooks';

import { exitWithParent, preparingFlags, runNodeChild } from './child-process';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { isNewPgliteDatabase, openDatabase, prepareNewPglite } from './db/client';
import { withSharedSecrets } from './db/secrets';
import { seedCatalog } from './db/seed/seed';

/** Runs this entry as the one-off process that prepares a new PGlite database, then exits. */
const PREPARE_ARG = '--prepare-database';

/**
 * A new PGlite database is created, migrated and seeded by a process of its own: this entry run
 * again with PREPARE_ARG (decision 061). What that work allocates (PGlite's WebAssembly memory
 * grown by the seed's writes, the C allocator's pages, the seed's objects) goes back to the
 * system when that process exits; kept by the server's, it was about 75 MB of its idle memory.
 * The server then opens a directory that is ready, as on any later start.
 */
async function prepareNewDatabase(config: AppConfig): Promise<boolean> {
  if (!isNewPgliteDatabase(config)) return false;
  await runNodeChild(
    [...preparingFlags(process.execArgv), process.argv[1]!, PREPARE_ARG],
    `The new database in ${config.dataDir} could not be prepared`,
  );
  return true;
}

async function main() {
  const startedAt = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  if (process.argv.includes(PREPARE_ARG)) {
    exitWithParent();
    await prepareNewPglite(config.dataDir, seedCatalog);
    process.exit(0);
  }
  const prepared = await prepareNewDatabase(config);
  // Both are no-ops on a database prepared above; they matter for new migrations and PostgreSQL.
  const database = await openDatabase(config);
  await database.migrate();
  config = await withSharedSecrets(config, database);
  const { seeded } = await seedCatalog(database.db);
  // Imported here, not at the top: the preparing process (above) has no use for the app's modules.
  const { buildApp } = await import('./app');
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.kind, prepared, seeded }, 'database ready');
  app.log.info(
    {
      sms: app.sms.name,
      refreshTokens: config.authRefresh,
      publicHost: config.publicHost,
      jwtSecret: config.jwtSecretSource,
    },
    'sign-in ready',
  );
  if (config.metrics.enabled && config.env === 'production' && !config.metrics.token) {
    app.log.info('GET /metrics answers 404: set METRICS_TOKEN to scrape it in production');
  }
  if (!config.otpLimits.enforced) app.log.warn('OTP_LIMITS=off: OTP request limits are lifted (benchmarks only)');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing open requests');
    // A request stuck past this point would otherwise keep the process from ever exiting.
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  const shown = address.replace('127.0.0.1', 'localhost').replace('0.0.0.0', 'localhost');
  app.log.info({ url: shown, startupMs: Math.round(performance.now() - startedAt) }, 'storefront listening');
  // Plain line for people (and for tests that wait for the server).
  console.log(`Storefront ready at ${shown}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
