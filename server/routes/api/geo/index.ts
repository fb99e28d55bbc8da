import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { AppConfig } from '../../../config';
import { HttpError } from '../../../errors';
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
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

export const GEO_MESSAGES = {
  noPlaceHere: 'No place found near this point. Move the pin onto land in India.',
  noSuchPlace: 'Place not found. Please try another search.',
} as const;

/**
 * Geocoding for the map picker (DESIGN section 2). Signed-in customers only: the picker is part
 * of saving an address, and each Google call costs the store money.
 */
const geoRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  app.get(
    '/api/geo/reverse',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The place at a point (reverse geocoding)',
        querystring: ReverseQuery,
        response: { 200: PlaceAnswer, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { value, source } = await app.geo.reverse(request.query.lat, request.query.lng);
      if (!value) throw new HttpError(404, GEO_MESSAGES.noPlaceHere);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/autocomplete',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Place suggestions for what the customer typed (India)',
        querystring: AutocompleteQuery,
        response: { 200: AutocompleteAnswer, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const query = request.query.q.trim();
      const { value, source } =
        query.length < 2 ? { value: [], source: 'gazetteer' as const } : await app.geo.autocomplete(query);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/place/:id',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "A suggestion's place",
        params: PlaceParams,
        response: { 200: PlaceAnswer, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { value, source } = await app.geo.place(request.params.id);
      if (!value) throw new HttpError(404, GEO_MESSAGES.noSuchPlace);
      reply.header('Cache-Control', 'private, max-age=3600');
      return { success: true as const, source, data: value };
    },
  );

  app.get(
    '/api/geo/tiles',
    {
      schema: {
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
