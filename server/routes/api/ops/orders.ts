/**
 * The console's orders board (issue 18, decision 035): a store's orders, their live stream (SSE
 * from the order events bus), the picking list, and the staff's advance and cancel.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestAsyncHookHandler, RawReplyDefaultExpression } from 'fastify';

import {
  ACTIVE_STATUSES,
  findBoardOrder,
  listBoardOrders,
  pickingList,
  staffChangeOrder,
  type BoardOrder,
} from '../../../db/ops-orders';
import { findActiveStaff } from '../../../db/staff-queries';
import { parseEventId, type OrderEvent } from '../../../events/order-events';
import { paiseToRupees } from '../../../domain/money';
import type { OrderStatus } from '../../../domain/order-status';
import { PAYMENT_METHOD_LABELS, type PaymentMethodId } from '../../../domain/payments';
import { STAFF_MESSAGES, type Permission, type SignedInStaff } from '../../../domain/staff';
import { apiError, badRequest, errorBody, notFound } from '../../../errors';
import { signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import {
  AdvanceBody,
  BoardList,
  BoardOrder as BoardOrderSchema,
  BoardOrderAnswer,
  BoardOrderParams,
  BoardQuery,
  PickingList,
  StaffCancelBody,
} from '../../../schemas/ops-orders';
import { startRefunds } from '../../../payments/service';

const tags = ['ops'];

/** A comment line this often keeps proxies from closing an idle stream and checks the staff member. */
export const HEARTBEAT_MS = 15_000;
/** How long a browser waits before reconnecting a dropped stream (the SSE `retry` field). */
export const RETRY_MS = 2_000;

export const SHELF_ORDER = 'By aisle: category, then sub-category (as the catalogue orders them), then name';

export const BOARD_MESSAGES = {
  search: 'q: give an order number or the shopper’s 10-digit mobile',
  advanced: (number: number, status: OrderStatus) => `Order ${number} is now ${status}.`,
  cancelled: (number: number) => `Order ${number} is cancelled. Its stock is back on the shelf.`,
};

/** An order number and/or a mobile from what staff typed (spaces, dashes and +91 allowed). */
export function parseSearch(value: string): { number?: number; mobile?: string } | null {
  let digits = value.replace(/[\s-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  if (!/^\d{1,10}$/.test(digits)) return null;
  if (digits.length === 10 && /^[6-9]/.test(digits)) return { mobile: digits };
  const number = Number(digits);
  return number >= 1 && number <= 2_147_483_647 ? { number } : null;
}

const paymentLabel = (id: string) => PAYMENT_METHOD_LABELS[id as PaymentMethodId] ?? id;

const FINISHED: OrderStatus[] = ['delivered', 'cancelled'];

export function toBoardOrder(row: BoardOrder, now: Date) {
  const until = FINISHED.includes(row.status) ? row.updatedAt : now;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    storeId: row.storeId,
    storeName: row.storeName,
    mobile: row.mobile,
    placedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    waitedSeconds: Math.max(0, Math.floor((until.getTime() - row.createdAt.getTime()) / 1000)),
    itemCount: row.itemCount,
    total: paiseToRupees(row.totalPaise),
    paymentMethod: paymentLabel(row.paymentMethod),
    cancelReason: row.cancelReason,
  };
}

/** The staff member the route's staff check found (it runs first on every route here). */
const staffOf = (request: FastifyRequest): SignedInStaff => {
  if (!request.staff) throw apiError('NOT_STAFF', STAFF_MESSAGES.notStaff);
  return request.staff;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const opsOrderRoutes: FastifyPluginAsyncTypebox<{
  staffMay: (permission: Permission) => onRequestAsyncHookHandler;
}> = async (app, { staffMay }) => {
  const { db } = app.database;
  app.addSchema(BoardOrderSchema);
  const readers = staffMay('orders:read');
  const advancers = staffMay('orders:advance');
  const cancellers = staffMay('orders:cancel');
  const forbidden = { 401: ErrorResponse, 403: ErrorResponse };
  /** What a change to a board order answers (advance and cancel). */
  const changeResponses = {
    200: BoardOrderAnswer,
    400: ErrorResponse,
    ...forbidden,
    404: ErrorResponse,
    409: ErrorResponse,
    415: ErrorResponse,
  };

  /** The store whose orders a request sees: a picker's or manager's own; an admin's choice or all. */
  const storeScope = (me: SignedInStaff, asked: number | undefined): number | null => me.storeId ?? asked ?? null;

  app.get(
    '/api/ops/orders',
    {
      onRequest: [app.authenticate, readers],
      schema: {
        operationId: 'listOpsOrders',
        tags,
        security: signedInSecurity,
        summary: 'The orders board: the store’s orders, oldest first, with the time each has waited',
        description:
          'A picker or manager sees their store’s orders; an admin every store’s, or one with `store`. By ' +
          'default the active ones (processing, packed, dispatched); `status` picks one status; `q` (an order ' +
          'number or a mobile) searches every status, newest first. At most 200.',
        querystring: BoardQuery,
        response: { 200: BoardList, 400: ErrorResponse, ...forbidden },
      },
    },
    async (request) => {
      const me = staffOf(request);
      const { q, status = 'active', store } = request.query;
      let search;
      if (q !== undefined && q.trim() !== '') {
        search = parseSearch(q);
        if (!search) throw badRequest(BOARD_MESSAGES.search);
      }
      const now = app.clock.now();
      const rows = await listBoardOrders(db, {
        storeId: storeScope(me, store),
        q: search,
        statuses: status === 'active' ? ACTIVE_STATUSES : [status],
        limit: 200,
      });
      return { success: true as const, data: rows.map((row) => toBoardOrder(row, now)), serverTime: now.toISOString() };
    },
  );

  app.get(
    '/api/ops/orders/stream',
    {
      onRequest: [app.authenticate, readers],
      schema: {
        operationId: 'streamOpsOrders',
        tags,
        security: signedInSecurity,
        summary: 'The store’s order events, live (Server-Sent Events)',
        description:
          'Each event is `event: order`, `id: <event id>`, `data: <the event as JSON>` (decision 035): an order ' +
          'placed, its status changed, its payment or refund changed. A reconnect with `Last-Event-ID` (or ' +
          '`lastEventId`) first replays what was missed. A comment line every 15 s keeps the stream open; it ' +
          'ends when the staff member is removed, and with the request.',
        querystring: BoardQuery,
        // The stream, or a JSON error before it starts.
        produces: ['text/event-stream', 'application/json'],
        response: {
          200: { description: 'A text/event-stream of order events', type: 'string' },
          400: ErrorResponse,
          ...forbidden,
          503: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = staffOf(request);
      const storeId = storeScope(me, request.query.store);
      const header = request.headers['last-event-id'];
      const lastEventId = typeof header === 'string' ? header : undefined;
      const afterId = lastEventId !== undefined && parseEventId(lastEventId) !== null ? lastEventId : undefined;
      reply.hijack();
      const raw = reply.raw;
      // The answer starts once the subscription listens (and its replay is read), so that a client
      // that sees the stream open misses nothing after that; events read meanwhile wait for it.
      let started = false;
      const waiting: OrderEvent[] = [];
      const write = (event: OrderEvent) =>
        raw.write(`id: ${event.id}\nevent: order\ndata: ${JSON.stringify(event)}\n\n`);
      const send = (event: OrderEvent) => {
        if (started) write(event);
        else waiting.push(event);
      };
      let stop: (() => Promise<void>) | null = null;
      let heartbeat: NodeJS.Timeout | null = null;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        openStreams.delete(raw);
        if (heartbeat) clearInterval(heartbeat);
        void stop?.();
        if (!raw.writableEnded) raw.end();
      };
      request.raw.on('close', end);
      raw.on('close', end);
      try {
        stop = await app.orderEvents.subscribe({ storeId }, send, { afterId });
      } catch (error) {
        request.log.warn({ err: error }, 'the orders stream could not subscribe');
        if (!raw.headersSent && !ended) {
          raw.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '2' });
          raw.end(
            JSON.stringify(errorBody('SERVICE_UNAVAILABLE', 'The live orders are not available now. Try again.')),
          );
        }
        end();
        return;
      }
      if (ended) {
        await stop();
        return;
      }
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
      });
      raw.write(`retry: ${RETRY_MS}\n: connected\n\n`);
      openStreams.add(raw);
      started = true;
      for (const event of waiting.splice(0)) write(event);
      heartbeat = setInterval(() => {
        void stillStaff(request, me).then((ok) => {
          if (!ok) end();
          else if (!ended) raw.write(': heartbeat\n\n');
        });
      }, HEARTBEAT_MS);
    },
  );

  /** Whether the streaming staff member is still on the staff (and in the same store). */
  async function stillStaff(request: FastifyRequest, me: SignedInStaff): Promise<boolean> {
    try {
      const now = await findActiveStaff(db, me.mobile);
      return !!now && now.storeId === me.storeId;
    } catch (error) {
      // The database being away for a moment is no reason to drop the board.
      request.log.warn({ err: error }, 'could not re-check a streaming staff member');
      return true;
    }
  }

  // Streams still open when the app closes are ended, so that close does not wait on them.
  const openStreams = new Set<RawReplyDefaultExpression>();
  app.addHook('onClose', async () => {
    for (const raw of openStreams) raw.end();
    openStreams.clear();
  });

  const orderOf = async (me: SignedInStaff, id: string) => {
    if (!UUID.test(id)) return null;
    return findBoardOrder(db, me.storeId, id);
  };

  app.get(
    '/api/ops/orders/:id',
    {
      onRequest: [app.authenticate, readers],
      schema: {
        operationId: 'getOpsOrderPickingList',
        tags,
        security: signedInSecurity,
        summary: 'One order with its picking list, in shelf order',
        description: `${SHELF_ORDER}. Another store’s order is 404.`,
        params: BoardOrderParams,
        response: { 200: PickingList, 400: ErrorResponse, ...forbidden, 404: ErrorResponse },
      },
    },
    async (request) => {
      const order = await orderOf(staffOf(request), request.params.id);
      if (!order) throw notFound('Order not found');
      return {
        success: true as const,
        data: {
          order: toBoardOrder(order, app.clock.now()),
          shelfOrder: SHELF_ORDER,
          lines: await pickingList(db, order.id),
        },
      };
    },
  );

  app.post(
    '/api/ops/orders/:id/advance',
    {
      onRequest: [app.authenticate, advancers],
      schema: {
        operationId: 'advanceOpsOrder',
        tags,
        security: signedInSecurity,
        summary: 'Move an order one step on: processing -> packed -> dispatched -> delivered',
        description:
          'Recorded in the audit log in the same transaction. An order awaiting payment, delivered or cancelled ' +
          'is 409 `CONFLICT`; another store’s order is 404.',
        params: BoardOrderParams,
        body: AdvanceBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const me = staffOf(request);
      if (!UUID.test(request.params.id)) throw notFound('Order not found');
      const result = await staffChangeOrder(db, me, request.params.id, { action: 'advance' }, app.clock.now());
      if (result.outcome === 'not-found') throw notFound('Order not found');
      if (result.outcome === 'refused') throw apiError('CONFLICT', result.message);
      const order = (await findBoardOrder(db, me.storeId, request.params.id))!;
      return {
        success: true as const,
        message: BOARD_MESSAGES.advanced(order.number, order.status),
        data: toBoardOrder(order, app.clock.now()),
      };
    },
  );

  app.post(
    '/api/ops/orders/:id/cancel',
    {
      onRequest: [app.authenticate, cancellers],
      schema: {
        operationId: 'cancelOpsOrder',
        tags,
        security: signedInSecurity,
        summary: 'Cancel an order for the store, with a reason (managers and admins)',
        description:
          'As the shopper’s cancel: the stock goes back, any e-gift card payment back to the balance, a paid ' +
          'online payment is refunded through the gateway. Allowed while awaiting payment, processing or packed ' +
          '(else 409 `ORDER_NOT_CANCELLABLE`); the reason is required and the shopper sees it. Recorded in the ' +
          'audit log in the same transaction; another store’s order is 404.',
        params: BoardOrderParams,
        body: StaffCancelBody,
        response: changeResponses,
      },
    },
    async (request) => {
      const me = staffOf(request);
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest('reason: say why the order is cancelled (the shopper sees it)');
      if (!UUID.test(request.params.id)) throw notFound('Order not found');
      const result = await staffChangeOrder(db, me, request.params.id, { action: 'cancel', reason }, app.clock.now());
      if (result.outcome === 'not-found') throw notFound('Order not found');
      if (result.outcome === 'refused') throw apiError('ORDER_NOT_CANCELLABLE', result.message);
      if (result.refundIds.length && app.payments.deps) await startRefunds(app.payments.deps, result.refundIds);
      const order = (await findBoardOrder(db, me.storeId, request.params.id))!;
      return {
        success: true as const,
        message: BOARD_MESSAGES.cancelled(order.number),
        data: toBoardOrder(order, app.clock.now()),
      };
    },
  );
};

export default opsOrderRoutes;
