import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';

import type { AppConfig } from '../../../config';
import { badRequest, HttpError } from '../../../errors';
import { signedInSecurity } from '../../../plugins/auth';
import { hitWindow } from '../../../db/rate-counters';
import { ErrorResponse } from '../../../schemas/common';
import {
  AutocompleteAnswer,
  AutocompleteQuery,
  MapTilesAnswer,
  PlaceAnswer,
  PlaceParams,
  ReverseQuery,
} from '../../../schemas/geo';

const tags = ['geo'];

export const GEO_MESSAGES = {
  noPlaceHere: 'No place found near this point. Move the pin onto land in India.',
  noSuchPlace: 'Place not found. Please try another search.',
  tooMany: 'Too many map searches. Please wait a minute and try again.',
  centreNeedsBoth: 'Give both lat and lng for the map centre, or neither.',
} as const;

export { GEO_CALLS_PER_MINUTE } from '../../../config';

/**
 * Geocoding for the map picker (DESIGN section 2). Signed-in customers only: the picker is part
 * of saving an address, and each Google call costs the store money.
 */
const geoRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  // Per customer, so one account cannot spend the store's geocoding quota for everyone; counted in
  // the database, so the limit holds across every process on it (decision 024).
  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const verdict = await hitWindow(app.database.db, {
      key: `geo:${request.customer!.id}`,
      limit: config.geoCallsPerMinute,
      windowMs: 60_000,
      now: app.clock.now(),
    });
    if (!verdict.allowed) {
      reply.header('Retry-After', String(verdict.retryAfterSeconds));
      throw new HttpError(429, GEO_MESSAGES.tooMany);
    }
  };

  app.get(
    '/api/geo/reverse',
    {
      onRequest: app.authenticate,
      preHandler: limit,
      schema: {
        operationId: 'reverseGeocode',
        tags,
        security: signedInSecurity,
        summary: 'The place at a point (reverse geocoding)',
        querystring: ReverseQuery,
        response: { 200: PlaceAnswer, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { value, source } = await app.geo.reverse(request.query.lat, request.query.lng, request.log);
      if (!value) throw new HttpError(404, GEO_MESSAGES.noPlaceHere);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/autocomplete',
    {
      onRequest: app.authenticate,
      preHandler: limit,
      schema: {
        operationId: 'autocompletePlaces',
        tags,
        security: signedInSecurity,
        summary: 'Place suggestions for what the customer typed (India)',
        querystring: AutocompleteQuery,
        response: { 200: AutocompleteAnswer, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query.q.trim();
      const { lat, lng } = request.query;
      if ((lat === undefined) !== (lng === undefined)) throw badRequest(GEO_MESSAGES.centreNeedsBoth);
      const near = lat !== undefined && lng !== undefined ? { lat, lng } : undefined;
      const { value, source } =
        query.length < 2
          ? { value: [], source: 'gazetteer' as const }
          : await app.geo.autocomplete(query, request.log, near);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/place/:id',
    {
      onRequest: app.authenticate,
      preHandler: limit,
      schema: {
        operationId: 'getPlace',
        tags,
        security: signedInSecurity,
        summary: "A suggestion's place",
        params: PlaceParams,
        response: { 200: PlaceAnswer, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { value, source } = await app.geo.place(request.params.id, request.log);
      if (!value) throw new HttpError(404, GEO_MESSAGES.noSuchPlace);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/tiles',
    {
      schema: {
        operationId: 'getMapTiles',
        tags,
        summary: 'Where the map picker loads its tiles from, and their attribution',
        response: { 200: MapTilesAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return { success: true as const, data: config.mapTiles };
    },
  );
};

export default geoRoutes;
