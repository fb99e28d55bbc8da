import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

import { errorBody } from '../errors';
import { pathForLog } from '../logging';
import { cacheControlFor } from '../web/cache-policy';
import { isApiPath } from '../web/api-path';
import { resolveCategoryScope } from '../db/category-queries';
import { findProduct } from '../db/product-queries';
import { GROCERY_KITCHEN } from '../domain/catalog';
import { firstLoadHints, productIdOf } from '../web/first-load-hints';
import { encodedOnce, preferredEncoding, type Encodable } from '../web/encoding';
import { withStyleHashes } from '../web/page-csp';
import {
  assemblePage,
  indexStylesheets,
  inlineStylesheets,
  inlineStylesheetsOf,
  linkedStylesheets,
  routeScripts,
  stylesheetsFor,
  type BuildManifest,
  type InlineStylesheet,
  type RenderedPage,
  type StylesheetIndex,
} from '../web/page-html';
import { PageRenderer, serverBuildEntry, type PageRendererStats } from '../ssr/page-renderer';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server renderer's load (null before its first render or without a server build). */
    pageRenderer: { stats(): PageRendererStats | null };
  }
}

/** The app's one-segment pages that are not a category listing (src/routes). */
// The store console (/ops) is an app page too, not a category.
const APP_PAGES = new Set(['collection', 'search', 'checkout', 'account', 'ops']);

function wantsHtml(request: FastifyRequest): boolean {
  return (
    (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html')
  );
}

function sendApiNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody('ROUTE_NOT_FOUND', `No API route for ${request.method} ${request.url.split('?')[0]}`));
}

/**
 * A rendered page's HTML, compressed once per encoding a visitor asks for while it is cached. The
 * HTML is kept as UTF-8 bytes: as a string it took twice the room (one `₹` makes V8 store the
 * whole page two bytes a character), for each of the pages the renderer keeps (decision 050).
 */
interface PageBody extends Encodable {
  html: Buffer;
}

/**
 * A rendered page as sent: carrying its stylesheets, with their CSP hashes (decision 049), and,
 * made when first needed, linking them instead, for a policy that could not allow the hashes.
 */
interface RenderedBody extends PageBody {
  styleHashes: string[];
  linking: () => PageBody;
}

/** The server's own address for the page renderer's API calls, once it listens. */
function ownOrigin(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  const host =
    address.address === '0.0.0.0'
      ? '127.0.0.1'
      : address.address === '::'
        ? '[::1]'
        : address.family === 'IPv6'
          ? `[${address.address.replace('%', '%25')}]`
          : address.address;
  return `http://${host}:${address.port}`;
}

/** When the client build's manifest was written (0 when there is none). */
function manifestTime(distDir: string): number {
  try {
    return statSync(path.join(distDir, '.vite', 'manifest.json')).mtimeMs;
  } catch {
    return 0;
  }
}

/** The client build's manifest; none (no scripts preloaded with pages) when the build has none. */
function readManifest(distDir: string): BuildManifest {
  try {
    return JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as BuildManifest;
  } catch {
    return {};
  }
}

/**
 * Serves the built PWA from one origin with the API: hashed assets cached for a year, the
 * shell and the service worker revalidated on every load, and client routes falling back to
 * the shell. A first visit to a page the app can render on the server gets that page's HTML in
 * the shell (decision 015). An unknown /api path is always a JSON 404, never the shell.
 */
export default fp<{ distDir: string; renderPages?: boolean; renderTimeoutMs?: number }>(
  async (app: FastifyInstance, { distDir, renderPages = true, renderTimeoutMs }) => {
    const templateFile = path.join(distDir, 'index.html');
    const hasClient = existsSync(templateFile);
    const ssrEntry = hasClient && renderPages ? serverBuildEntry(distDir) : null;
    /** What a render is put into, read again when a new build replaces the client. */
    let built: {
      version: number;
      template: string;
      linked: Set<string>;
      stylesheets: StylesheetIndex;
      inline: Map<string, InlineStylesheet>;
      /** The scripts a page's routes need, to preload with it (decision 060). */
      scriptsFor: (routeIds: readonly string[], sources?: readonly string[]) => string[];
      renderer: PageRenderer | null;
    } | null = null;
    const bodies = new WeakMap<RenderedPage, RenderedBody>();
    const currentBuild = () => {
      // The manifest too: a build writes it apart from the template, and a page read between the
      // two would otherwise keep a build's pages without their routes' scripts (decision 060).
      const version = statSync(templateFile).mtimeMs + manifestTime(distDir);
      if (built?.version === version) return built;
      void built?.renderer?.close();
      const template = readFileSync(templateFile, 'utf8');
      const assets = path.join(distDir, 'assets');
      const css = readdirSync(assets)
        .filter((name) => name.endsWith('.css'))
        .map((name) => ({ href: `/assets/${name}`, css: readFileSync(path.join(assets, name), 'utf8') }));
      built = {
        version,
        template,
        linked: linkedStylesheets(template),
        stylesheets: indexStylesheets(css),
        inline: inlineStylesheetsOf(css),
        scriptsFor: routeScripts(readManifest(distDir)),
        renderer: null,
      };
      return built;
    };
    if (ssrEntry) app.addHook('onClose', async () => built?.renderer?.close());
    app.decorate('pageRenderer', { stats: () => built?.renderer?.stats() ?? null });
    /** The page's HTML, or null for the shell. */
    const renderedPage = async (request: FastifyRequest): Promise<RenderedBody | null> => {
      const { url } = request;
      if (!ssrEntry) return null;
      const origin = ownOrigin(app);
      if (!origin) return null;
      try {
        const build = currentBuild();
        build.renderer ??= new PageRenderer({ entry: ssrEntry, origin, timeoutMs: renderTimeoutMs }, app.log);
        const page = await build.renderer.render(url, request.log);
        if (!page) return null;
        let body = bodies.get(page);
        if (!body) {
          const { template, inline } = build;
          const stylesheets = stylesheetsFor(page.html, build.stylesheets, build.linked);
          const scripts = build.scriptsFor(page.routes ?? [], page.scripts ?? []);
          const { html, hashes } = inlineStylesheets(assemblePage(template, page, stylesheets, scripts), inline);
          // The page linking its stylesheets is put together again if a policy ever asks for it,
          // rather than kept beside every page in case one does.
          let linked: PageBody | undefined;
          const linking = () =>
            (linked ??= { html: Buffer.from(assemblePage(template, page, stylesheets, scripts)), encoded: {} });
          body = { html: Buffer.from(html), styleHashes: hashes, encoded: {}, linking };
          bodies.set(page, body);
        }
        return body;
      } catch (error) {
        // A build being replaced, a template that is not this app's: the shell still works.
        request.log.warn(
          { err: error, url: pathForLog(url) },
          'could not put a rendered page together; sent the shell',
        );
        return null;
      }
    };
    /**
     * What the catalogue says about the address: whether it names a product or a category that
     * does not exist (the app shows its not-found page there, and the answer is a 404: issue 15),
     * and a product page's photo, its largest paint. A lookup that fails gives the page as usual.
     */
    const lookUp = async (pathname: string): Promise<{ missing: boolean; image: string | null }> => {
      const segments = pathname
        .replace(/(.)\/$/, '$1')
        .split('/')
        .slice(1);
      try {
        if (segments.length === 2 && segments[0] === 'products') {
          const id = productIdOf(`/products/${segments[1]}`);
          const product = id === null ? undefined : await findProduct(app.database.db, id);
          // A photo is drawn through <picture> (AVIF or WebP by width): a preload could only guess.
          return { missing: !product, image: product && !product.photo ? product.image : null };
        }
        const [slug] = segments;
        if (segments.length === 1 && slug && !APP_PAGES.has(slug) && slug !== GROCERY_KITCHEN.slug) {
          return { missing: !(await resolveCategoryScope(app.database.db, { category: slug })), image: null };
        }
      } catch {
        // The page then finds out for itself.
      }
      return { missing: false, image: null };
    };
    /** The shell, with hints that start what this address will ask for next (decision 014). */
    const sendShell = async (request: FastifyRequest, reply: FastifyReply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const [{ missing, image }, rendered] = await Promise.all([lookUp(pathname), renderedPage(request)]);
      // The same page either way; a missing product or category is a 404 (the service worker
      // answers navigations from its precached shell and never stores these).
      reply.code(missing ? 404 : 200);
      // The store console is for staff: no search engine should list it.
      if (pathname === '/ops' || pathname.startsWith('/ops/')) reply.header('X-Robots-Tag', 'noindex, nofollow');
      reply
        .header('Cache-Control', cacheControlFor('index.html'))
        .header('Link', firstLoadHints(pathname, image, rendered !== null).join(', '));
      if (!rendered) return reply.sendFile('index.html');
      // The page's <style>s allowed by their hashes; a policy that cannot allow them (none of its
      // directives governs styles) gets the page with its stylesheets linked. (The checkout's
      // policies, put in place at onSend, never meet a rendered page: it is for signed-in
      // customers, and the server renders signed out.)
      const policy = reply.getHeader('content-security-policy');
      const allowing = typeof policy === 'string' ? withStyleHashes(policy, rendered.styleHashes) : undefined;
      if (allowing) reply.header('content-security-policy', allowing);
      const page = allowing === null ? rendered.linking() : rendered;
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      reply.header('Vary', 'Accept-Encoding').type('text/html; charset=utf-8');
      if (!encoding) return reply.send(page.html);
      return reply.header('Content-Encoding', encoding).send(encodedOnce(page, page.html, encoding));
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
      if (isApiPath(pathname)) return sendApiNotFound(request, reply);
      if (hasClient && wantsHtml(request) && !path.extname(pathname)) {
        return sendShell(request, reply);
      }
      return reply.code(404).send(errorBody('NOT_FOUND', 'Not found'));
    });
  },
  { name: 'static' },
);
