import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyReply } from 'fastify';

import type { AppConfig } from './config';
import { limitConnectionsPerAddress } from './connection-limits';
import { loggerOptions, OneLinePerRequest } from './logging';
import { registerPageCsp } from './web/page-csp';
import type { Database } from './db/client';
import { errorBody } from './errors';
import { ANY_TABLE, createCatalogueChanges } from './events/catalogue-changes';
import { openApiOptions } from './openapi';
import authPlugin from './plugins/auth';
import catalogueCache, { COMPRESS_FROM_BYTES } from './plugins/catalogue-cache';
import clockPlugin, { systemClock, type Clock } from './plugins/clock';
import dbPlugin from './plugins/db';
import deliveryPlugin from './plugins/delivery';
import errorsPlugin from './plugins/errors';
import geoPlugin from './plugins/geo';
import metricsPlugin from './plugins/metrics';
import orderEventsPlugin from './plugins/order-events';
import paymentsPlugin from './plugins/payments';
import photoPrunePlugin from './plugins/photo-prune';
import pressurePlugin from './plugins/pressure';
import pushPlugin from './plugins/push';
import securityHeaders, { isApiAnswer } from './plugins/security-headers';
import smsPlugin from './plugins/sms';
import staticPlugin from './plugins/static';
import healthRoutes from './routes/health';
import imageRoutes from './routes/images';
import addressRoutes from './routes/api/address/index';
import categoryRoutes from './routes/api/category/index';
import customerRoutes from './routes/api/customer/index';
import geoRoutes from './routes/api/geo/index';
import deliveryRoutes from './routes/api/delivery/index';
import giftCardRoutes from './routes/api/giftcard/index';
import opsRoutes from './routes/api/ops/index';
import opsStockRoutes from './routes/api/ops/stock';
import orderRoutes from './routes/api/order/index';
import orderStreamRoutes from './routes/api/order/stream';
import paymentRoutes from './routes/api/payment/index';
import localGatewayRoutes from './routes/pay/local';
import productRoutes from './routes/api/product/index';
import pushRoutes from './routes/api/push/index';
import { Category } from './schemas/category';
import { ErrorResponseSchema } from './schemas/common';
import { Product } from './schemas/product';
import { REQUEST_ID_HEADER, requestIdGenerator } from './request-id';

export interface BuildAppOptions {
  config: AppConfig;
  database: Database;
  /** Close the database when the app closes (true for the process; tests may share one). */
  closeDatabase?: boolean;
  /** Where the log goes instead of stdout (tests read it); the usual serializers still apply. */
  logStream?: { write(line: string): void };
  /** Where expiries and limits read the time; tests and benchmarks may supply their own. */
  clock?: Clock;
}

/**
 * The origin a Leaflet tile URL template loads from, as a CSP source: `{s}` subdomains become a
 * wildcard; a same-origin path needs nothing beyond 'self'.
 */
export function tileOrigins(template: string): string[] {
  if (template.startsWith('/')) return [];
  const match = /^(https?:\/\/[^/]+)\//.exec(template);
  if (!match) return [];
  return [match[1]!.replace(/\{[a-z]+\}/g, '*')];
}

/**
 * The API docs' pages (Swagger UI): their own files only (what `staticCSP: true` sends, without its
 * `https:` sources), and style elements of their own. Swagger UI's script adds a `<style>` element
 * as it draws the page; the plain policy refused it, and the page logged an error each time it
 * opened.
 */
const API_DOCS_CSP = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'font-src': ["'self'", 'data:'],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
  'img-src': ["'self'", 'data:'],
  'object-src': ["'none'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'style-src-elem': ["'self'", "'unsafe-inline'"],
};

/** Content-Security-Policy for the storefront. Map tiles are the one third-party origin. */
export function contentSecurityPolicy(tileOrigins: string[] = ['https://tile.openstreetmap.org']) {
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigins],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      manifestSrc: ["'self'"],
      workerSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Powerful features the storefront may use: geolocation (the address picker) and payment (a
 * payment gateway's checkout) on its own origin; the rest for nobody. Only features Chromium knows:
 * an unknown one (bluetooth was) is an error in the console of every page.
 */
export const PERMISSIONS_POLICY = [
  'geolocation=(self)',
  'payment=(self)',
  'camera=()',
  'microphone=()',
  'usb=()',
  'serial=()',
  'midi=()',
  'magnetometer=()',
  'gyroscope=()',
  'accelerometer=()',
  'display-capture=()',
].join(', ');

export async function buildApp({
  config,
  database,
  closeDatabase = true,
  logStream,
  clock = { now: () => systemClock.now() },
}: BuildAppOptions) {
  if (!config.jwtSecret) {
    throw new Error('config.jwtSecret is empty: complete the configuration with withSharedSecrets (db/secrets.ts)');
  }
  const app = Fastify({
    logger: { ...loggerOptions(config.logLevel), ...(logStream && { stream: logStream }) },
    // One line per request, written when it is answered, instead of Fastify's two (decision 053).
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    // A slow client may not hold a connection open for long (issue 15): the headers within
    // HEADERS_TIMEOUT_MS (checked every second, not Node's 30 s), the whole request within 30 s.
    http: {
      headersTimeout: config.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.headersTimeoutMs),
    },
    requestTimeout: Math.max(30_000, config.headersTimeoutMs),
    // Who may set the client address (the per-IP OTP cap counts it) and protocol: TRUST_PROXY.
    trustProxy: config.trustProxy,
    // X-Request-Id from a trusted proxy, a random UUID otherwise (request-id.ts); on every log line.
    genReqId: requestIdGenerator(config.trustProxy),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // Errors the router raises before any route runs still answer in the API's shape.
    frameworkErrors: (error, request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header(REQUEST_ID_HEADER, request.id)
        .send(
          tooLong
            ? errorBody('PATH_TOO_LONG', 'Request path is too long')
            : errorBody('INVALID_PATH', 'Request path is not valid'),
        );
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  limitConnectionsPerAddress(app.server, config.maxConnectionsPerAddress, config.trustProxy);

  // Every answer names its request, errors, static files and shed calls included.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done(null, payload);
  });

  // External plugins first.
  const csp = contentSecurityPolicy(tileOrigins(config.mapTiles.url));
  await app.register(securityHeaders, {
    contentSecurityPolicy: csp,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Browsers ignore HSTS over plain http; it is sent when the request came over https (directly
    // or through a trusted proxy's X-Forwarded-Proto), so an http-only setup never claims it.
    strictTransportSecurity: false,
    // CSP's frame-ancestors 'none' refuses every frame; X-Frame-Options would only repeat it.
    frameguard: false,
  });
  // The checkout page lets the payment gateway's checkout in (decision 031); no other page does.
  registerPageCsp(app, csp.directives, config.payments);
  app.addHook('onSend', (request, reply, payload, done) => {
    // A page's (decision 069): an API answer has no frames to grant features to.
    if (!isApiAnswer(request.url)) reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    done(null, payload);
  });
  // Before compression, so that it keeps answers uncompressed and hits are compressed as usual.
  // With the cache on, its answers are kept until the database announces a change (decision 051).
  const catalogueChanges = config.catalogueCacheMs > 0 ? createCatalogueChanges(database, app.log) : undefined;
  await app.register(catalogueCache, { ttlMs: config.catalogueCacheMs, changes: catalogueChanges });
  await app.register(compress, { global: true, threshold: COMPRESS_FROM_BYTES, encodings: ['br', 'gzip'] });
  await app.register(cookie);
  await app.register(swagger, openApiOptions(config));
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: API_DOCS_CSP });

  // Then application services.
  app.addSchema(ErrorResponseSchema);
  app.addSchema(Product);
  app.addSchema(Category);
  await app.register(errorsPlugin);
  await app.register(dbPlugin, { database, closeWithApp: closeDatabase });
  await app.register(metricsPlugin, { config });
  // Before the routes' own hooks, so that a shed call costs as little as possible.
  await app.register(pressurePlugin, { shedding: config.shedding });
  await app.register(clockPlugin, { clock });
  await app.register(smsPlugin, { config });
  await app.register(authPlugin, { config });
  await app.register(geoPlugin, { config });
  await app.register(deliveryPlugin, { config });
  if (catalogueChanges) {
    // A store opened or closed in any process: read the list again at once, not within a minute.
    catalogueChanges.onChange((table) => {
      if (table === 'stores' || table === ANY_TABLE) app.delivery.invalidate();
    });
    app.addHook('onReady', () => catalogueChanges.start());
    // Before the database closes (onClose hooks run in reverse order of registration).
    app.addHook('onClose', () => catalogueChanges.close());
  }
  await app.register(paymentsPlugin, { config, database });
  await app.register(orderEventsPlugin, { database });
  await app.register(pushPlugin, { config });
  await app.register(photoPrunePlugin, { database });

  // Then routes.
  await app.register(healthRoutes);
  await app.register(productRoutes);
  await app.register(categoryRoutes);
  await app.register(customerRoutes, { config });
  await app.register(addressRoutes);
  await app.register(geoRoutes, { config });
  await app.register(deliveryRoutes);
  await app.register(orderStreamRoutes);
  await app.register(orderRoutes);
  await app.register(pushRoutes);
  await app.register(paymentRoutes);
  await app.register(localGatewayRoutes);
  await app.register(giftCardRoutes);
  await app.register(opsRoutes);
  await app.register(opsStockRoutes);
  await app.register(imageRoutes);
  await app.register(staticPlugin, {
    distDir: config.distDir,
    renderPages: config.renderPages,
    renderTimeoutMs: config.pageRenderTimeoutMs,
  });

  return app;
}
