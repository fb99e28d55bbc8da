import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { CITY_MESSAGES, cityCoverage, distanceKm, findServingStore, servedCities } from '../../../domain/delivery';
import { loadGazetteer } from '../../../geo/gazetteer';
import { badRequest } from '../../../errors';
import { ErrorResponse } from '../../../schemas/common';
import { PlacesAnswer, PlacesQuery } from '../../../schemas/geo';
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
        summary: 'Does the store deliver to a city (by name) or a PIN code',
        description:
          "The product page's city check: the name is looked up in the bundled Indian gazetteer (older names " +
          'such as Bangalore or Bombay too); the answer says whether its centre is served and how soon, whether ' +
          'only some of it is, or that it is not, with the cities that are. A 6-digit PIN code is checked at ' +
          "its locality's point (served with its minutes, or not); digits that are no PIN code get a 400.",
        querystring: CityQuery,
        response: { 200: CityCheckResponse, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query.name.trim().replace(/\s+/g, ' ');
      if (!query) throw badRequest('Type the name of a city.');
      // Digits (a space after the third allowed, as PIN codes are often written): a PIN code.
      const digits = /^\d[\d ]*$/.test(query) ? query.replace(/ /g, '') : undefined;
      if (digits !== undefined && !/^[1-9]\d{5}$/.test(digits)) throw badRequest(CITY_MESSAGES.pinMalformed(query));
      const [gazetteer, stores] = await Promise.all([loadGazetteer(), app.delivery.stores()]);
      const cities = servedCities(stores);
      let data: CityCheck;
      if (digits !== undefined) {
        const [place] = gazetteer.byPincode(digits);
        const served = place && findServingStore({ latitude: place.lat, longitude: place.lng }, stores);
        data = {
          found: place !== undefined,
          city: place?.city ?? null,
          state: place?.state || null,
          coverage: served ? (served.serviceable ? 'centre' : 'none') : null,
          etaMinutes: served?.serviceable ? served.etaMinutes : null,
          stores: place
            ? stores.filter(
                (store) => distanceKm({ latitude: place.lat, longitude: place.lng }, store) <= store.radiusKm,
              ).length
            : 0,
          servedCities: cities,
          pincode: digits,
          locality: place?.locality ?? null,
          message: !place
            ? CITY_MESSAGES.pinUnknown(digits)
            : served?.serviceable
              ? CITY_MESSAGES.pinServed(digits, place.locality, served.etaMinutes)
              : CITY_MESSAGES.pinNotServed(digits, place.locality, cities),
        };
        reply.header('Cache-Control', 'public, max-age=300');
        return { success: true as const, data };
      }
      const place = gazetteer.findCity(query);
      if (!place) {
        data = {
          found: false,
          city: null,
          state: null,
          coverage: null,
          etaMinutes: null,
          stores: 0,
          servedCities: cities,
          pincode: null,
          locality: null,
          message: CITY_MESSAGES.unknown(query),
        };
      } else {
        const covered = cityCoverage({ latitude: place.lat, longitude: place.lng }, stores);
        data = {
          found: true,
          city: place.city,
          state: place.state || null,
          coverage: covered.coverage,
          etaMinutes: covered.coverage === 'centre' ? covered.etaMinutes : null,
          stores: covered.stores,
          servedCities: cities,
          pincode: null,
          locality: null,
          message:
            covered.coverage === 'centre'
              ? CITY_MESSAGES.centre(place.city, covered.etaMinutes)
              : covered.coverage === 'parts'
                ? CITY_MESSAGES.parts(place.city)
                : CITY_MESSAGES.none(place.city, cities),
        };
      }
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data };
    },
  );

  app.get(
    '/api/delivery/places',
    {
      schema: {
        operationId: 'findPlaces',
        tags: ['delivery'],
        summary: 'Localities, cities and PIN codes in India for what a visitor typed',
        description:
          "The location panel's search, from the bundled gazetteer only (decision 027): a locality, a city by " +
          "today's or a former name, a PIN code (its localities) or its first 3 to 5 digits (the PIN codes so " +
          "starting). At most 5, best first; with lat and lng, places in that point's city first. Public: the " +
          'header asks before sign-in.',
        querystring: PlacesQuery,
        response: { 200: PlacesAnswer, 400: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query.q.trim().replace(/\s+/g, ' ');
      if (!query) throw badRequest(PLACES_MESSAGES.empty);
      if (query.length > PLACES_MAX_QUERY) throw badRequest(PLACES_MESSAGES.tooLong);
      const { lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) throw badRequest(PLACES_MESSAGES.pointNeedsBoth);
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      const gazetteer = await loadGazetteer();
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data: gazetteer.search(query, near) };
    },
  );
};

export const PLACES_MAX_QUERY = 100;
export const PLACES_MESSAGES = {
  empty: 'Type a locality, a city or a PIN code.',
  tooLong: `Type at most ${PLACES_MAX_QUERY} characters: a locality, a city or a PIN code.`,
  pointNeedsBoth: 'Give both lat and lng, or neither.',
} as const;

export default deliveryRoutes;
