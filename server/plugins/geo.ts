import fp from 'fastify-plugin';

import type { AppConfig } from '../config';
import { createGeoService, type GeoService } from '../geo/service';

declare module 'fastify' {
  interface FastifyInstance {
    geo: GeoService;
  }
}

/** Geocoding: Google with the server's key when set, the bundled Indian gazetteer otherwise. */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    app.decorate('geo', createGeoService({ googleApiKey: config.googleMapsApiKey, log: app.log }));
  },
  { name: 'geo' },
);
