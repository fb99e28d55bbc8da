import fp from 'fastify-plugin';

import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Exposes an already opened database to routes and closes it with the app. */
export default fp<{ database: Database; closeWithApp: boolean }>(
  async (app, { database, closeWithApp }) => {
    app.decorate('database', database);
    if (closeWithApp) app.addHook('onClose', () => database.close());
  },
  { name: 'db' },
);
