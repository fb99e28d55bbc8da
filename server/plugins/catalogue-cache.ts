import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

interface Entry {
  body: string;
  cacheControl: string;
  /** When it was computed, and when it stops being fresh (Date.now() ms). */
  storedAt: number;
  expires: number;
}

export interface CatalogueCache {
  /** Forget every answer (after a write that changes prices or stock in this process). */
  clear(): void;
  readonly size: number;
  /** Resolves once no refresh is under way (tests wait for the one a stale answer started). */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

const MAX_ENTRIES = 2000;

/**
 * How old an answer may be and still be sent once while a refresh runs: the minute that shoppers'
 * browsers and the service worker are told they may keep it anyway (CATALOGUE_CACHE's max-age).
 */
export const SERVE_STALE_FOR_MS = 60_000;

/** The header an internal refresh carries, with a value only this process knows. */
const REFRESH_HEADER = 'x-catalogue-refresh';

const optedIn = (request: FastifyRequest) =>
  request.method === 'GET' && (request.routeOptions.config as { catalogueCache?: boolean }).catalogueCache === true;

/**
 * A micro-cache for public catalogue reads: the serialised answer of a GET is reused for a short
 * time (config.catalogueCacheMs, a second by default) for the same URL, so a burst of shoppers
 * opening the same listing costs the database one query. Answers are public and already sent with
 * `Cache-Control: public, max-age=60`, so a second of extra staleness is well inside what
 * browsers and the service worker keep anyway; checkout re-reads prices and stock from the
 * database. Only 200 answers are kept; the least recently used goes first past MAX_ENTRIES.
 *
 * No shopper waits for the database on a popular URL (decision 045):
 * - **Stale while revalidating.** Once an answer has expired, and until it is SERVE_STALE_FOR_MS
 *   old, a request for it is answered from memory at once while one refresh (an internal request
 *   through the same route) asks the database; the requests after it get the new answer. So a
 *   popular URL is as fresh as before (one TTL and one query), and a quiet one is answered at
 *   once, as fresh as it was: never older than what browsers are allowed to keep.
 * - **One query for a burst of misses.** Requests for a URL whose answer is being computed wait for
 *   that answer instead of each querying the database; if it fails or is not a 200, each runs
 *   the route itself.
 * - **clear() wins over answers under way.** An answer whose request began before the last clear()
 *   is sent but not kept.
 *
 * Routes opt in with `config: { catalogueCache: true }`.
 */
export default fp<{ ttlMs: number }>(
  async (app: FastifyInstance, { ttlMs }) => {
    const entries = new Map<string, Entry>();
    /** Answers being computed, by URL: what waiting requests will be sent (null: run the route). */
    const pending = new Map<string, Promise<Entry | null>>();
    const settle = new Map<string, (entry: Entry | null) => void>();
    /** Refreshes started for stale answers, for settled(). */
    const refreshes = new Set<Promise<unknown>>();
    let generation = 0;

    app.decorate('catalogueCache', {
      clear: () => {
        generation++;
        entries.clear();
      },
      get size() {
        return entries.size;
      },
      async settled() {
        while (refreshes.size > 0) await Promise.allSettled([...refreshes]);
      },
    });
    if (ttlMs <= 0) return;

    const refreshToken = randomUUID();
    /** The request that computes a URL's answer, and the clear() generation it began in. */
    const computing = new WeakMap<FastifyRequest, number>();
    const answeredFromMemory = new WeakSet<FastifyRequest>();

    const finish = (url: string, entry: Entry | null) => {
      const resolve = settle.get(url);
      if (!resolve) return;
      settle.delete(url);
      pending.delete(url);
      resolve(entry);
    };

    /** Marks the URL's answer as under way: requests for it wait until finish(). */
    const startComputing = (url: string) => {
      if (pending.has(url)) return;
      pending.set(url, new Promise<Entry | null>((resolve) => settle.set(url, resolve)));
    };

    const refresh = (url: string) => {
      const done = app
        .inject({ method: 'GET', url, headers: { [REFRESH_HEADER]: refreshToken } })
        .catch((error: unknown) => app.log.warn({ err: error }, 'refreshing a catalogue answer failed'))
        .finally(() => refreshes.delete(done));
      refreshes.add(done);
    };

    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      answeredFromMemory.add(request);
      return reply.header('Cache-Control', entry.cacheControl).type('application/json; charset=utf-8').send(entry.body);
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!optedIn(request)) return;
      const url = request.url;
      const isRefresh = request.headers[REFRESH_HEADER] === refreshToken;
      if (!isRefresh) {
        const entry = entries.get(url);
        const now = Date.now();
        if (entry && now < entry.storedAt + SERVE_STALE_FOR_MS) {
          // Most recently used goes to the end of the map's order.
          entries.delete(url);
          entries.set(url, entry);
          if (now >= entry.expires && !pending.has(url)) {
            // Stale: answer from memory and let one refresh ask the database.
            startComputing(url);
            refresh(url);
          }
          return sendEntry(request, reply, entry);
        }
        if (entry) entries.delete(url);
        const waiting = pending.get(url);
        if (waiting) {
          const answer = await waiting;
          if (answer) return sendEntry(request, reply, answer);
          return;
        }
        startComputing(url);
      }
      computing.set(request, generation);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const began = computing.get(request);
      if (began === undefined || answeredFromMemory.has(request)) return payload;
      const url = request.url;
      computing.delete(request);
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        finish(url, null);
        return payload;
      }
      const entry: Entry = {
        body: payload,
        cacheControl: String(reply.getHeader('Cache-Control') ?? ''),
        storedAt: Date.now(),
        expires: Date.now() + ttlMs,
      };
      if (began === generation) {
        entries.delete(url);
        entries.set(url, entry);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        finish(url, entry);
      } else {
        // A clear() came while this answer was computed: it may predate the write.
        finish(url, null);
      }
      return payload;
    });

    // A request that was to compute an answer but never reached onSend (its client left, say)
    // must not leave the URL's waiters waiting. No other request can have marked the URL since.
    const giveUp = async (request: FastifyRequest) => {
      if (!computing.delete(request)) return;
      finish(request.url, null);
    };
    app.addHook('onResponse', giveUp);
    app.addHook('onRequestAbort', giveUp);
  },
  { name: 'catalogue-cache' },
);
