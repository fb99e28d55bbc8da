import ky from 'ky';

/** Spec point 9: every API call gives up after 3600 ms. */
export const API_TIMEOUT_MS = 3600;

/**
 * The one HTTP client for our API (same origin, under /api). The session travels in the
 * HttpOnly `_auth` cookie, so requests carry it without the page ever seeing the token.
 */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: API_TIMEOUT_MS,
  credentials: 'same-origin',
  retry: { limit: 1, methods: ['get'] },
  headers: { Accept: 'application/json' },
});

/** The server's `{ success: false, message }` text for a failed call, if it sent one. */
export async function serverMessage(error: unknown): Promise<string | undefined> {
  if (typeof error === 'object' && error !== null && 'response' in error) {
    const response = (error as { response?: Response }).response;
    if (response) {
      try {
        const body: unknown = await response.clone().json();
        if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
          return body.message;
        }
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
