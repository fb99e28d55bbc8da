import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CITY_MESSAGES, cityCoverage, findServingStore, servedCities } from '../../../domain/delivery';
import { loadGazetteer } from '../../../geo/gazetteer';
import { badRequest } from '../../../errors';
import { ErrorResponse } from '../../../schemas/common';
import {
  CityCheckResponse,
  CityQuery,
  ServiceabilityQuery,
  ServiceabilityResponse,
  type CityCheck,
} from '../../../schemas/order';
import { toServiceability } from '../order/serialize';

/** Whether a place is inside the delivery area, and how soon an order would arrive. */
const deliveryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/api/delivery/serviceability',
    {
      schema: {
        operationId: 'checkServiceability',
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

  app.get(
    '/api/delivery/city',
    {
      schema: {
        operationId: 'checkCity',
        tags: ['delivery'],
        summary: 'Does the store deliver to a city (by name)',
        description:
          "The product page's city check: the name is looked up in the bundled Indian gazetteer (older names " +
          'such as Bangalore or Bombay too); the answer says whether its centre is served and how soon, whether ' +
          'only some of it is, or that it is not, with the cities that are.',
        querystring: CityQuery,
        response: { 200: CityCheckResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query.name.trim().replace(/\s+/g, ' ');
      if (!query) throw badRequest('Type the name of a city.');
      const [gazetteer, stores] = await Promise.all([loadGazetteer(), app.delivery.stores()]);
      const place = gazetteer.findCity(query);
      const cities = servedCities(stores);
      let data: CityCheck;
      if (!place) {
        data = {
          found: false,
          city: null,
          state: null,
          coverage: null,
          etaMinutes: null,
          stores: 0,
          servedCities: cities,
          message: CITY_MESSAGES.unknown(query),
        };
      } else {
        const covered = cityCoverage({ latitude: place.lat, longitude: place.lng }, stores);
        data = {
          found: true,
          city: place.name,
          state: place.state || null,
          coverage: covered.coverage,
          etaMinutes: covered.coverage === 'centre' ? covered.etaMinutes : null,
          stores: covered.stores,
          servedCities: cities,
          message:
            covered.coverage === 'centre'
              ? CITY_MESSAGES.centre(place.name, covered.etaMinutes)
              : covered.coverage === 'parts'
                ? CITY_MESSAGES.parts(place.name)
                : CITY_MESSAGES.none(place.name, cities),
        };
      }
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data };
    },
  );
};

export default deliveryRoutes;
