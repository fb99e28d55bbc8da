import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { findServingStore } from '../../../domain/delivery';
import { ErrorResponse } from '../../../schemas/common';
import { ServiceabilityQuery, ServiceabilityResponse } from '../../../schemas/order';
import { toServiceability } from '../order/serialize';

/** Whether a place is inside the delivery area, and how soon an order would arrive. */
const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/delivery/serviceability',
    {
      schema: {
        tags: ['delivery'],
        summary: 'Is this place served, from which dark store, and in how many minutes',
        description:
          'The nearest dark store whose delivery radius covers the place; the minutes come from the distance ' +
          '(preparation plus the ride). Public: the header asks before sign-in.',
        querystring: ServiceabilityQuery,
        response: { 200: ServiceabilityResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const served = findServingStore(
        { latitude: request.query.lat, longitude: request.query.lng },
        await app.delivery.stores(),
      );
      // The answer for a place changes only when stores do.
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data: toServiceability(served) };
    },
  );
};

export default deliveryRoutes;
