import { createHash, timingSafeEqual } from 'node:crypto';

import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { Type } from 'typebox';

import type { AppConfig } from '../config';
import { ErrorResponse } from '../schemas/common';

export interface Metrics {
  registry: Registry;
  /** Orders placed (a replayed idempotent request is not a new order). */
  ordersPlaced: Counter<'payment_method'>;
  /** One-time codes the SMS provider accepted. */
  otpSent: Counter<'provider'>;
  /** One-time codes the SMS provider did not take (`rejected` or `unavailable`). */
  otpFailed: Counter<'provider' | 'reason'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const METRICS_PATH = '/metrics';

/** The route's pattern (never the raw URL: the label must stay a short list of values). */
const routeLabel = (request: FastifyRequest) => request.routeOptions.url ?? '(no route)';

const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics (decision 023) in a registry of this app's own, and `GET /metrics`:
 * open outside production, behind METRICS_TOKEN when one is set, absent in production without one.
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const registry = new Registry();
    const registers = [registry];
    // Process CPU, memory, garbage collection, handles and the event-loop delay (from perf_hooks).
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 10 });

    const requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status class',
      labelNames: ['method', 'route', 'status_class'] as const,
      registers,
    });
    const duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const errors = new Counter({
      name: 'http_server_errors_total',
      help: 'Answers with a 5xx status, by route pattern and status',
      labelNames: ['route', 'status'] as const,
      registers,
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database connections open (total) and not in use (idle); PGlite is one connection',
      labelNames: ['state'] as const,
      registers,
      collect() {
        const { total, idle } = app.database.stats();
        this.set({ state: 'total' }, total);
        this.set({ state: 'idle' }, idle);
      },
    });
    new Gauge({
      name: 'db_pool_waiting',
      help: 'Queries (PGlite) or checkouts (PostgreSQL pool) waiting for a connection',
      registers,
      collect() {
        this.set(app.database.stats().waiting);
      },
    });
    const rendererStats = () => (app.hasDecorator('pageRenderer') ? app.pageRenderer.stats() : null);
    new Gauge({
      name: 'page_renders_in_flight',
      help: 'Server renders of a first visit the render worker has not answered yet',
      registers,
      collect() {
        this.set(rendererStats()?.inFlight ?? 0);
      },
    });
    new Gauge({
      name: 'page_render_visitors_waiting',
      help: 'Visitors waiting for a server render (the rest get the shell)',
      registers,
      collect() {
        this.set(rendererStats()?.waiting ?? 0);
      },
    });
    new Gauge({
      name: 'page_render_capacity',
      help: 'Renders the worker may have under way; beyond them a visitor gets the shell',
      registers,
      collect() {
        this.set(rendererStats()?.capacity ?? 0);
      },
    });
    let refusedCounted = 0;
    new Counter({
      name: 'page_renders_refused_busy_total',
      help: 'First visits sent the shell because the render worker was at capacity',
      registers,
      collect() {
        const refused = rendererStats()?.refusedBusy ?? refusedCounted;
        // A new build starts a new renderer, whose count starts again from zero.
        if (refused >= refusedCounted) this.inc(refused - refusedCounted);
        refusedCounted = refused;
      },
    });
    new Gauge({
      name: 'load_shedding_active',
      help: '1 while API calls are answered 503 because the process is under pressure',
      registers,
      collect() {
        this.set(app.hasDecorator('pressure') && app.pressure.underPressure() ? 1 : 0);
      },
    });
    let shedCounted = 0;
    new Counter({
      name: 'load_shed_requests_total',
      help: 'API calls answered 503 with Retry-After under pressure',
      registers,
      collect() {
        const shed = app.hasDecorator('pressure') ? app.pressure.shed : 0;
        this.inc(shed - shedCounted);
        shedCounted = shed;
      },
    });

    app.decorate('metrics', {
      registry,
      ordersPlaced: new Counter({
        name: 'orders_placed_total',
        help: 'Orders placed, by payment method',
        labelNames: ['payment_method'] as const,
        registers,
      }),
      otpSent: new Counter({
        name: 'otp_sms_sent_total',
        help: 'One-time codes the SMS provider accepted',
        labelNames: ['provider'] as const,
        registers,
      }),
      otpFailed: new Counter({
        name: 'otp_sms_failed_total',
        help: 'One-time codes the SMS provider did not take, by reason (rejected, unavailable)',
        labelNames: ['provider', 'reason'] as const,
        registers,
      }),
    } satisfies Metrics);

    app.addHook('onResponse', async (request, reply) => {
      const route = routeLabel(request);
      if (route === METRICS_PATH) return;
      const status = reply.statusCode;
      requests.inc({ method: request.method, route, status_class: statusClass(status) });
      duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
      if (status >= 500) errors.inc({ route, status: String(status) });
    });
    app.addHook('onClose', async () => registry.clear());

    const { enabled, token } = config.metrics;
    if (!enabled) return;
    // Not public in production unless a token says who may read it: a 404 then, and not the
    // app's shell that a browser asking for an unknown address gets.
    const closed = config.env === 'production' && !token;
    const expected = token === undefined ? undefined : digest(`Bearer ${token}`);
    app.get(
      METRICS_PATH,
      {
        schema: {
          hide: true,
          operationId: 'getMetrics',
          tags: ['health'],
          summary: 'Prometheus metrics (Bearer METRICS_TOKEN when set)',
          security: token === undefined ? [] : [{ bearerAuth: [] }],
          response: {
            200: Type.String({ description: 'Prometheus text exposition format 0.0.4' }),
            401: ErrorResponse,
            404: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        if (closed) return reply.code(404).send({ success: false, message: 'Not found' });
        if (expected && !timingSafeEqual(digest(request.headers.authorization ?? ''), expected)) {
          return reply
            .code(401)
            .header('WWW-Authenticate', 'Bearer realm="metrics"')
            .send({ success: false, message: 'Metrics need the token set in METRICS_TOKEN' });
        }
        reply.type(registry.contentType);
        return registry.metrics();
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
