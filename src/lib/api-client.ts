import ky, { type Options } from 'ky';

/** Spec point 9: every API call gives up after 3600 ms. */
export const API_TIMEOUT_MS = 3600;

/**
 * The one HTTP client for our API (same origin, under /api). The session travels in the
 * HttpOnly `_auth` cookie, so requests carry it without the page ever seeing the token.
 */
export let api = ky.create({
  prefix: '/api',
  timeout: API_TIMEOUT_MS,
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  headers: { Accept: 'application/json' },
});

/**
 * Adds options to every later request, for code that is not needed at first paint (the
 * location feature's dark store, decision 034): it stays in its own lazily loaded chunk, and
 * every module's `api` is the extended client from then on.
 */
export const extendApi = (options: Options) => {
  api = api.extend(options);
};
