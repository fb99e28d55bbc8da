import { randomUUID } from 'node:crypto';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { createSearchLookups, type SearchLookups } from '../db/search-lookups';
import { KEEP_UNCHANGED_MS, type CatalogueChanges } from '../events/catalogue-changes';
import { encodedOnce, preferredEncoding, type Encodable } from '../web/encoding';

/** An answer under way for a key, and what requests waiting for it will be sent. */
interface Computation {
  key: string;
  /** The catalogue changes' epoch when it began (decision 051). */
  epoch: number;
  answer: Promise<Entry | null>;
  resolve: (entry: Entry | null) => void;
}

interface Entry extends Encodable {
  body: string;
  /** The body's length in UTF-8: below COMPRESS_FROM_BYTES it is sent as it is. */
  bytes: number;
  cacheControl: string;
  /** When it was computed (Date.now() ms). */
  storedAt: number;
  /** The catalogue changes' epoch when its computation began: unchanged since, it is current. */
  epoch: number;
}

export interface CatalogueCache {
  /** Forget every answer (after a write that changes prices or stock in this process). */
  clear(): void;
  readonly size: number;
  /** Resolves once no refresh is under way (tests wait for the one a stale answer started). */
  settled(): Promise<void>;
  /** The database's announcements of catalogue changes it keeps answers by, if any (decision 051). */
  readonly changes: CatalogueChanges | undefined;
  /** What searches look up before ranking, kept while those tables are unchanged (with `changes`). */
  readonly lookups: SearchLookups | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

const MAX_ENTRIES = 2000;

/** The size from which an answer is compressed: app.ts gives @fastify/compress the same. */
export const COMPRESS_FROM_BYTES = 1024;

/**
 * How old an answer may be and still be sent once while a refresh runs: the minute that shoppers'
 * browsers and the service worker are told they may keep it anyway (CATALOGUE_CACHE's max-age).
 */
export const SERVE_STALE_FOR_MS = 60_000;

/** How long an answer stays fresh while no change to the catalogue is announced (decision 051). */
export { KEEP_UNCHANGED_MS };

/** The header an internal refresh carries: a random id only this process knows. */
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
 *   Each answer from memory carries `Age`, so a browser counts its minute from when the answer
 *   was computed. No refresh is started while the server sheds load.
 * - **One query for a burst of misses.** Requests for a URL whose answer is being computed wait for
 *   that answer instead of each querying the database; if it fails or is not a 200, each runs
 *   the route itself.
 * - **clear() wins over answers under way.** An answer whose request began before the last clear()
 *   is sent but not kept.
 *
 * - **Kept until the catalogue changes** (decision 051). With `changes`, the feed of the database's
 *   announcements of catalogue changes, an answer read since the last change stays fresh for
 *   KEEP_UNCHANGED_MS instead of ttlMs: a popular URL costs the database nothing while nothing
 *   changes. After a change, or while the feed is not listening, ttlMs applies as before, so a
 *   change reaches shoppers as fast as it did and an answer is refreshed at most once per ttlMs
 *   however often stock moves.
 *
 * Routes opt in with `config: { catalogueCache: true }`.
 */
export default fp<{ ttlMs: number; changes?: CatalogueChanges | undefined }>(
  async (app: FastifyInstance, { ttlMs, changes }) => {
    const entries = new Map<string, Entry>();
    /** Answers being computed, by cache key (the URL the shopper asked for). */
    const pending = new Map<string, Computation>();
    /** Refreshes started for stale answers, for settled(). */
    const refreshes = new Set<Promise<unknown>>();
    let generation = 0;

    const lookups = changes && createSearchLookups(changes);
    app.decorate('catalogueCache', {
      clear: () => {
        generation++;
        entries.clear();
        lookups?.clear();
      },
      get size() {
        return entries.size;
      },
      async settled() {
        while (refreshes.size > 0) await Promise.allSettled([...refreshes]);
      },
      changes,
      lookups,
    });
    if (ttlMs <= 0) return;

    /** Each refresh's computation, by the random id its request carries (no one else knows it). */
    const refreshing = new Map<string, Computation>();
    /** The computation a request is doing, and the clear() generation it began in. */
    const computing = new WeakMap<FastifyRequest, { computation: Computation; generation: number }>();
    const answeredFromMemory = new WeakSet<FastifyRequest>();

    /** Marks the key's answer as under way: requests for it wait until finish(). */
    const startComputing = (key: string): Computation => {
      let resolve!: (entry: Entry | null) => void;
      const answer = new Promise<Entry | null>((settle) => (resolve = settle));
      const computation: Computation = { key, epoch: changes?.epoch() ?? 0, answer, resolve };
      pending.set(key, computation);
      return computation;
    };

    /** Hands the waiters their answer (null: run the route yourselves); only the first call counts. */
    const finish = (computation: Computation, entry: Entry | null) => {
      if (pending.get(computation.key) === computation) pending.delete(computation.key);
      computation.resolve(entry);
    };

    // The refresh names its computation rather than relying on its own URL: inject normalises a
    // URL (a trailing '?', a fragment, quotes), which then would no longer be the key.
    const refresh = (computation: Computation) => {
      const id = randomUUID();
      refreshing.set(id, computation);
      const done = app
        .inject({ method: 'GET', url: computation.key, headers: { [REFRESH_HEADER]: id } })
        .catch((error: unknown) => app.log.warn({ err: error }, 'refreshing a catalogue answer failed'))
        .finally(() => {
          refreshing.delete(id);
          // Never left waiting, whatever happened to the request (it may not have started at all).
          finish(computation, null);
          refreshes.delete(done);
        });
      refreshes.add(done);
    };

    // An answer from memory goes out compressed as the browser asks, compressed once while it is
    // kept (decision 054): @fastify/compress, which leaves a reply with a Content-Encoding alone,
    // compressed it again for every request, at several times the cost of the rest of its trip.
    const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
      answeredFromMemory.add(request);
      reply
        .header('Cache-Control', entry.cacheControl)
        .header('Age', String(Math.max(0, Math.floor((Date.now() - entry.storedAt) / 1000))))
        .type('application/json; charset=utf-8');
      if (entry.bytes < COMPRESS_FROM_BYTES) return reply.send(entry.body);
      reply.header('Vary', 'Accept-Encoding');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (!encoding) return reply.send(entry.body);
      return reply.header('Content-Encoding', encoding).send(encodedOnce(entry, entry.body, encoding));
    };

    /** Until when an answer is fresh: longer while no change has been announced since its read. */
    const freshUntil = (entry: Entry) =>
      entry.storedAt +
      (changes?.watching() && entry.epoch === changes.epoch() ? Math.max(KEEP_UNCHANGED_MS, ttlMs) : ttlMs);

    /** The computation an internal refresh request was sent for, if it is one. */
    const refreshOf = (request: FastifyRequest): Computation | undefined => {
      const id = request.headers[REFRESH_HEADER];
      return typeof id === 'string' ? refreshing.get(id) : undefined;
    };

    app.addHook('onRequest', async (request, reply) => {
      if (!optedIn(request)) return;
      const refreshed = refreshOf(request);
      if (refreshed) {
        computing.set(request, { computation: refreshed, generation });
        return;
      }
      const key = request.url;
      const entry = entries.get(key);
      const now = Date.now();
      if (entry && now < entry.storedAt + SERVE_STALE_FOR_MS) {
        // Most recently used goes to the end of the map's order.
        entries.delete(key);
        entries.set(key, entry);
        // Stale: answer from memory and let one refresh ask the database, unless the server is
        // shedding load (the refresh would only be shed; the answer from memory still goes out).
        if (now >= freshUntil(entry) && !pending.has(key) && !app.pressure?.underPressure()) {
          refresh(startComputing(key));
        }
        return sendEntry(request, reply, entry);
      }
      if (entry) entries.delete(key);
      const waiting = pending.get(key);
      if (waiting) {
        const answer = await waiting.answer;
        if (answer) return sendEntry(request, reply, answer);
        return;
      }
      computing.set(request, { computation: startComputing(key), generation });
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const doing = computing.get(request);
      if (!doing || answeredFromMemory.has(request)) return payload;
      computing.delete(request);
      const { computation } = doing;
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        finish(computation, null);
        return payload;
      }
      const now = Date.now();
      const entry: Entry = {
        body: payload,
        bytes: Buffer.byteLength(payload),
        encoded: {},
        cacheControl: String(reply.getHeader('Cache-Control') ?? ''),
        storedAt: now,
        epoch: computation.epoch,
      };
      if (doing.generation === generation) {
        entries.delete(computation.key);
        entries.set(computation.key, entry);
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        finish(computation, entry);
      } else {
        // A clear() came while this answer was computed: it may predate the write.
        finish(computation, null);
      }
      return payload;
    });

    // A request that was to compute an answer but never reached onSend (its client left, say)
    // must not leave the key's waiters waiting.
    const giveUp = async (request: FastifyRequest) => {
      const doing = computing.get(request);
      if (!doing) return;
      computing.delete(request);
      finish(doing.computation, null);
    };
    app.addHook('onResponse', giveUp);
    app.addHook('onRequestAbort', giveUp);
  },
  { name: 'catalogue-cache' },
);
