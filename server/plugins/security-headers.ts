import type { IncomingMessage, ServerResponse } from 'node:http';

import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
 * Helmet's security headers on every answer (decision 045). @fastify/helmet built helmet's
 * middleware again for each request, parsing the whole policy every time (about a tenth of the
 * server thread's work on a cached catalogue answer); here helmet runs once, at start, and each
 * request gets its headers. Set on the raw response as helmet sets them, so that an answer that
 * takes the response over (the order streams) has them too.
 */
export default fp<HelmetOptions>(
  async (app, options) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
