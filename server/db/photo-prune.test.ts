import { describe, expect, it } from 'vitest';

import { EXPIRATION } from '../../sw/caching';
import { QUERY_CACHE_MAX_AGE } from '../../src/features/pwa/persisted-queries';
import { CATALOGUE_CACHE } from '../web/cache-policy';
import { PHOTO_PRUNE_INTERVAL_MS, PHOTO_RETENTION_MS } from './photo-prune';

/** Seconds of a Cache-Control directive, e.g. max-age. */
const seconds = (header: string, directive: string) =>
  Number(new RegExp(`${directive}=(\\d+)`).exec(header)?.[1] ?? Number.NaN);

describe('the photo clean-up bound (decision 038)', () => {
  it('outlasts every cache that can name a photo variant', () => {
    // The service worker's catalogue answers (shown stale-while-revalidate): the longest.
    expect(PHOTO_RETENTION_MS).toBeGreaterThan(EXPIRATION.catalogue.maxAgeSeconds * 1000);
    // The saved query cache a reopened app shows before it asks again.
    expect(PHOTO_RETENTION_MS).toBeGreaterThan(QUERY_CACHE_MAX_AGE);
    // A browser's own HTTP cache of a catalogue answer, stale answers included.
    const browser = seconds(CATALOGUE_CACHE, 'max-age') + seconds(CATALOGUE_CACHE, 'stale-while-revalidate');
    expect(browser).toBeGreaterThan(0);
    expect(PHOTO_RETENTION_MS).toBeGreaterThan(browser * 1000);
  });

  it('runs often enough that a photo outlives its bound by at most an hour', () => {
    expect(PHOTO_PRUNE_INTERVAL_MS).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});
