import ky from 'ky';

/** Spec point 9: every API call gives up after 3600 ms. */
export const API_TIMEOUT_MS = 3600;

/**
 * The one HTTP client for our API (same origin, under /api). The session travels in the
 * HttpOnly `_auth` cookie, so requests carry it without the page ever seeing the token.
 */
export const api = ky.create({
  prefix: '/api',
  timeout: API_TIMEOUT_MS,
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  headers: { Accept: 'application/json' },
});

/**
 * The server's `{ success: false, message }` text for a failed call, if it sent one. ky reads a
 * failed answer's body into `HTTPError.data` (the response body itself is then used up).
 */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const body = error.data;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}
