import fp from 'fastify-plugin';

import type { Database } from '../db/client';
import { createOrderEventBus, type OrderEventBus } from '../events/order-events';

declare module 'fastify' {
  interface FastifyInstance {
    /** The order events bus (decision 035): live order changes for SSE streams and push. */
    orderEvents: OrderEventBus;
  }
}

/** One order events bus per process; it listens only while someone subscribes, and closes with the app. */
export default fp<{ database: Database }>(
  async (app, { database }) => {
    const bus = createOrderEventBus(database, app.log);
    app.decorate('orderEvents', bus);
    // Before the database closes (onClose hooks run in reverse order of registration).
    app.addHook('onClose', () => bus.close());
  },
  { name: 'order-events', dependencies: ['db'] },
);
