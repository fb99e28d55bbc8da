import { performance } from 'node:perf_hooks';

import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { withSharedSecrets } from './db/secrets';
import { seedCatalog } from './db/seed/seed';

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

  const database = await openDatabase(config);
  await database.migrate();
  config = await withSharedSecrets(config, database);
  const { seeded } = await seedCatalog(database.db);
  const app = await buildApp({ config, database });
  app.log.info({ engine: database.kind, seeded }, 'database ready');
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
