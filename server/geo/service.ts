import { isGazetteerId, loadGazetteer, type Near } from './gazetteer';
import { createGoogleGeocoder } from './google';
import { LruCache } from './lru-cache';
import type { Geocoder, GeoSource, PlaceSuggestion, SelectedPlace } from './types';

export interface Logger {
  warn(object: object, message: string): void;
}

export interface GeoAnswer<T> {
  value: T;
  source: GeoSource;
}

/** Each lookup logs on `log` when given (the asking request's, so that the line carries its id). */
export interface GeoService {
  reverse(lat: number, lng: number, log?: Logger): Promise<GeoAnswer<SelectedPlace | null>>;
  /** `near`: the map's centre, whose city's places come first. */
  autocomplete(query: string, log?: Logger, near?: Near): Promise<GeoAnswer<PlaceSuggestion[]>>;
  place(id: string, log?: Logger): Promise<GeoAnswer<SelectedPlace | null>>;
}

export interface GeoServiceOptions {
  googleApiKey: string | undefined;
  log: Logger;
  cache?: { maxEntries: number; ttlMs: number };
}

/** 5 decimals is about a metre: pins a hand's width apart share an answer. */
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/**
 * Geocoding with Google when a key is configured, the bundled gazetteer otherwise and whenever
 * Google fails. Google's answers are cached in memory (they cost money and time); the
 * gazetteer's are not (a lookup takes microseconds).
 */
export function createGeoService({
  googleApiKey,
  log,
  cache: { maxEntries, ttlMs } = { maxEntries: 5000, ttlMs: 24 * 3600_000 },
}: GeoServiceOptions): GeoService {
  const google = googleApiKey ? createGoogleGeocoder(googleApiKey) : undefined;
  const cache = new LruCache<unknown>(maxEntries, ttlMs);

  async function answer<T>(
    key: string,
    ask: (geocoder: Geocoder) => Promise<T>,
    requestLog: Logger = log,
    useGoogle = google !== undefined,
  ): Promise<GeoAnswer<T>> {
    if (google && useGoogle) {
      const cached = cache.get(key) as T | undefined;
      if (cached !== undefined) return { value: cached, source: 'google' };
      try {
        const value = await ask(google);
        cache.set(key, value);
        return { value, source: 'google' };
      } catch (error) {
        requestLog.warn({ err: error }, 'Google geocoding failed; answering from the gazetteer');
      }
    }
    return { value: await ask(await loadGazetteer()), source: 'gazetteer' };
  }

  return {
    reverse: (lat, lng, requestLog) => {
      const [rLat, rLng] = [round(lat), round(lng)];
      return answer(`reverse:${rLat},${rLng}`, (g) => g.reverse(rLat, rLng), requestLog);
    },
    autocomplete: (query, requestLog, near) => {
      const normalised = query.trim().replace(/\s+/g, ' ').toLowerCase();
      // About a kilometre: a map moved a little asks the same question.
      const at = near && { lat: Math.round(near.lat * 100) / 100, lng: Math.round(near.lng * 100) / 100 };
      const key = `autocomplete:${normalised}${at ? `@${at.lat},${at.lng}` : ''}`;
      return answer(key, (g) => g.autocomplete(normalised, at), requestLog);
    },
    // A gazetteer suggestion (offered while Google was down) stays the gazetteer's.
    place: (id, requestLog) => answer(`place:${id}`, (g) => g.place(id), requestLog, !isGazetteerId(id)),
  };
}
