import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { badRequest } from '../../../errors';
import { parseEventId, type OrderEvent } from '../../../events/order-events';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import { REQUEST_ID_HEADER } from '../../../request-id';

/** A comment line this often keeps proxies and mobile networks from dropping a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** How soon a browser's EventSource tries again after the connection drops. */
const RETRY_MS = 2000;

/** What a shopper's stream carries of an order event: their own order's new state, nothing of the store's. */
export function toStreamEvent(event: OrderEvent) {
  return {
    id: event.id,
    orderId: event.orderId,
    number: event.number,
    status: event.status,
    kind: event.kind,
    detail: event.detail,
    at: event.at,
  };
}

/** One Server-Sent Event: `id` lets the browser's EventSource resume with Last-Event-ID. */
export const sseFrame = (event: OrderEvent) =>
  `id: ${event.id}\nevent: order\ndata: ${JSON.stringify(toStreamEvent(event))}\n\n`;

export interface OrderStreamOptions {
  heartbeatMs?: number;
}

/**
 * GET /api/order/stream (issue 19, decision 036): the signed-in customer's order events as
 * Server-Sent Events, from the order events bus (LISTEN/NOTIFY, so a change made by any process
 * arrives). `Last-Event-ID` (an EventSource reconnecting) or `?after=` (a page opening the stream
 * again) replays what was missed first. The stream ends when the client goes, when the server
 * shuts down, and when the session token expires: the client refreshes its session and opens it
 * again, so a signed-out or revoked session stops hearing about orders within the token's life.
 */
const orderStreamRoutes: FastifyPluginAsyncTypebox<OrderStreamOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
  const open = new Set<() => void>();

  // Open streams would hold app.close() until their clients leave: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/api/order/stream',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'streamMyOrders',
        tags: ['order'],
        security: signedInSecurity,
        summary: "Live events of the signed-in customer's orders (Server-Sent Events)",
        description:
          '`text/event-stream`: one `order` event per change to one of my orders (placed, a new status, a payment ' +
          'or refund state), `data` being `{ id, orderId, number, status, kind, detail, at }` and `id` the event id. ' +
          'Send `Last-Event-ID` (EventSource does on reconnecting) or `after` to receive first what happened since ' +
          'that event. A comment line every 15 s keeps the connection alive; the stream ends when the session ' +
          'token expires (refresh it and reconnect).',
        querystring: Type.Object(
          { after: Type.Optional(Type.String({ maxLength: 20, description: 'Replay the events after this id' })) },
          { additionalProperties: false },
        ),
        response: {
          200: Type.String({ description: 'text/event-stream' }),
          400: ErrorResponse,
          401: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const header = request.headers['last-event-id'];
      const given = (Array.isArray(header) ? header[0] : header) ?? request.query.after;
      if (given !== undefined && given !== '' && parseEventId(given) === null) {
        throw badRequest('Last-Event-ID: must be an event id (digits) from this stream');
      }
      const claims = await app.auth.claimsOf(request);

      reply.hijack();
      const res = reply.raw;
      // The answer starts once the subscription listens (so a client that sees the stream open
      // misses nothing after that); events replayed meanwhile wait for it.
      let held: string[] | null = [];
      const send = (frame: string) => (held ? held.push(frame) : res.write(frame));
      const start = () => {
        if (!held) return;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          // Proxies that buffer answers (nginx) would hold the events back.
          'x-accel-buffering': 'no',
          [REQUEST_ID_HEADER]: request.id,
        });
        res.write(`retry: ${RETRY_MS}\n\n`);
        for (const frame of held) res.write(frame);
        held = null;
      };

      let ended = false;
      let unsubscribe: (() => Promise<void>) | null = null;
      const heartbeat = setInterval(() => send(': ping\n\n'), heartbeatMs);
      const expiresInMs = claims ? claims.exp * 1000 - app.clock.now().getTime() : 0;
      const expiry = setTimeout(() => end(), Math.max(0, Math.min(expiresInMs, 2 ** 31 - 1)));
      function end() {
        if (ended) return;
        ended = true;
        open.delete(end);
        clearInterval(heartbeat);
        clearTimeout(expiry);
        if (unsubscribe) void unsubscribe();
        start();
        if (!res.writableEnded) res.end();
      }
      open.add(end);
      res.on('close', end);

      try {
        const stop = await app.orderEvents.subscribe(
          { customerId: me.id },
          (event) => {
            if (!ended) send(sseFrame(event));
          },
          given ? { afterId: given } : {},
        );
        if (ended) await stop();
        else {
          unsubscribe = stop;
          start();
        }
      } catch (error) {
        // The stream opens and ends: the client tries again after the retry interval.
        request.log.warn({ err: error }, 'order stream could not subscribe');
        end();
      }
    },
  );
};

export default orderStreamRoutes;
