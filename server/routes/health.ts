import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/healthz',
    {
      schema: {
        operationId: 'getHealth',
        tags: ['health'],
        summary: 'The process is up',
        response: { 200: Type.Object({ status: Type.Literal('ok') }) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/readyz',
    {
      schema: {
        operationId: 'getReadiness',
        tags: ['health'],
        summary: 'The database answers and the process is not under pressure',
        response: {
          200: Type.Object({ status: Type.Literal('ready'), database: Type.String() }),
          503: Type.Object({ status: Type.Literal('unavailable'), database: Type.String(), message: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { reasons } = app.pressure.current();
      if (reasons.length > 0) {
        // A balancer takes the process out of rotation until the pressure passes.
        return reply.code(503).send({
          status: 'unavailable' as const,
          database: app.database.kind,
          message: `The server is under pressure: ${reasons.join('; ')}`,
        });
      }
      try {
        await Promise.race([
          app.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('database ping timed out')), 2000).unref()),
        ]);
        return { status: 'ready' as const, database: app.database.kind };
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed');
        return reply.code(503).send({
          status: 'unavailable' as const,
          database: app.database.kind,
          message: 'The database is not reachable',
        });
      }
    },
  );
};

export default healthRoutes;
