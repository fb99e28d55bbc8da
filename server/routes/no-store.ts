import type { FastifyInstance } from 'fastify';

/** The answers of these routes carry tokens or personal data: no cache may keep them. */
export function keepOutOfCaches(app: FastifyInstance) {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
}
