import { existsSync } from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { cacheControlFor } from '../domain/cache-policy';
import { findProduct } from '../db/product-queries';
import { firstLoadHints, productIdOf } from '../domain/first-load-hints';

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
  );
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send({ success: false, message: `No API route for ${request.method} ${request.url.split('?')[0]}` });
}

/**
 * Serves the built PWA from one origin with the API: hashed assets cached for a year, the
 * shell and the service worker revalidated on every load, and client routes falling back to
 * the shell. An unknown /api path is always a JSON 404, never the shell.
 */
export default fp<{ distDir: string }>(
  async (app: FastifyInstance, { distDir }) => {
    const hasClient = existsSync(path.join(distDir, 'index.html'));
    /** A product page's photo, its largest paint; no hint rather than no page if the lookup fails. */
    const leadImage = async (pathname: string): Promise<string | null> => {
      const id = productIdOf(pathname);
      if (id === null) return null;
      try {
        return (await findProduct(app.database.db, id))?.image ?? null;
      } catch {
        return null;
      }
    };
    /** The shell, with hints that start what this address will ask for next (decision 014). */
    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      return reply
        .header('Cache-Control', cacheControlFor('index.html'))
        .header('Link', firstLoadHints(pathname, await leadImage(pathname)).join(', '))
        .sendFile('index.html');
    };
    if (!hasClient) {
      app.log.warn({ distDir }, 'no built client found; serving the API only (run "npm run build")');
    } else {
      await app.register(fastifyStatic, {
        root: distDir,
        preCompressed: true,
        cacheControl: false,
        index: false,
        setHeaders(reply, filePath) {
          reply.header('Cache-Control', cacheControlFor(path.relative(distDir, filePath)));
        },
      });
      // The root is a directory to the static handler; it is the shell to a browser.
      app.get('/', { schema: { hide: true } }, sendShell);
    }

    app.setNotFoundHandler((request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      if (pathname === '/api' || pathname.startsWith('/api/')) return sendApiNotFound(request, reply);
      if (hasClient && wantsHtml(request) && !path.extname(pathname)) {
        return sendShell(request, reply);
      }
      return reply.code(404).send({ success: false, message: 'Not found' });
    });
  },
  { name: 'static' },
);
