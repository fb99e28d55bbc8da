/**
 * The server's `{ success: false, message }` text for a failed call, if it sent one. ky reads a
 * failed answer's body into `HTTPError.data` (the response body itself is then used up). Apart
 * from api-client.ts: only screens that load later show these messages (decision 021).
 */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('data' in error)) return undefined;
  const body = error.data;
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}
