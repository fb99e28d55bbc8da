import type { IncomingMessage, ServerResponse } from 'node:http';

import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

import { isApiDocsPath, isApiPath } from '../web/api-path';

/**
 * The headers helmet sets for these options, read once from a stand-in response. They depend on
 * the options only (no nonces, no directive computed per request), so every answer can take the
 * same list.
 */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return [...headers];
}

/**
 * What an API answer carries instead (decision 069): JSON is never a page, so the headers that
 * govern a document (its scripts' and frames' sources, the referrer its links send, its browsing
 * context group, its DNS prefetching, the powerful features its frames may use) have nothing to
 * act on. What does act on a response that is not a page: nothing in it may run or be framed if it
 * is opened as one, no sniffing it into another type, and no other site may load it.
 */
export const API_HEADERS: readonly (readonly [string, string])[] = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

/**
 * An API answer, by its path: `/api` and below, but for the API's documentation, which is a page.
 */
export function isApiAnswer(url: string): boolean {
  return isApiPath(url) && !isApiDocsPath(url);
}

/**
 * Helmet's security headers on every page, file and other answer, and the API's own on API
 * answers (decision 069). Helmet runs once (decision 045): @fastify/helmet built helmet's
 * middleware again for each request, parsing the whole policy every time (about a tenth of the
 * server thread's work on a cached catalogue answer); here helmet runs once, at start, and each
 * request gets its headers. Set on the raw response as helmet sets them, so that an answer that
 * takes the response over (the order streams) has them too.
 */
export default fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of isApiAnswer(request.url) ? API_HEADERS : headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
