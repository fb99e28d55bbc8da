import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

interface Entry {
  body: string;
  cacheControl: string;
  expires: number;
}

export interface CatalogueCache {
  /** Forget every answer (after a write that changes prices or stock in this process). */
  clear(): void;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

const MAX_ENTRIES = 2000;

/**
 * A micro-cache for public catalogue reads: the serialised answer of a GET is reused for a short
 * time (config.catalogueCacheMs, a second by default) for the same URL, so a burst of shoppers
 * opening the same listing costs the database one query. Answers are public and already sent with
 * `Cache-Control: public, max-age=60`, so a second of extra staleness is well inside what
 * browsers and the service worker keep anyway; checkout re-reads prices and stock from the
 * database. Only 200 answers are kept; the least recently used goes first past MAX_ENTRIES.
 *
 * Routes opt in with `config: { catalogueCache: true }`.
 */
export default fp<{ ttlMs: number }>(
  async (app: FastifyInstance, { ttlMs }) => {
    const entries = new Map<string, Entry>();
    app.decorate('catalogueCache', {
      clear: () => entries.clear(),
      get size() {
        return entries.size;
      },
    });
    if (ttlMs <= 0) return;

    const cached = new WeakSet<object>();
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !(request.routeOptions.config as { catalogueCache?: boolean }).catalogueCache)
        return;
      const entry = entries.get(request.url);
      if (!entry) return;
      if (entry.expires <= Date.now()) {
        entries.delete(request.url);
        return;
      }
      // Most recently used goes to the end of the map's order.
      entries.delete(request.url);
      entries.set(request.url, entry);
      cached.add(request);
      return reply.header('Cache-Control', entry.cacheControl).type('application/json; charset=utf-8').send(entry.body);
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.method !== 'GET' ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        cached.has(request) ||
        !(request.routeOptions.config as { catalogueCache?: boolean }).catalogueCache
      ) {
        return payload;
      }
      entries.set(request.url, {
        body: payload,
        cacheControl: String(reply.getHeader('Cache-Control') ?? ''),
        expires: Date.now() + ttlMs,
      });
      if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      return payload;
    });
  },
  { name: 'catalogue-cache' },
);
