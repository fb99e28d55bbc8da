import fp from 'fastify-plugin';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one source of "now" for expiries and limits. Times are compared in the app, never with
     * the database's now(), so tests (and a server whose database clock drifts) stay consistent.
     */
    clock: Clock;
  }
}

export default fp<{ clock: Clock }>(
  async (app, { clock }) => {
    app.decorate('clock', clock);
  },
  { name: 'clock' },
);
