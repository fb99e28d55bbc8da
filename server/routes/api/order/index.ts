import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import { placeOrder } from '../../../db/orders/place';
import { quoteOrder } from '../../../db/orders/quote';
import { listOrders, loadOrder } from '../../../db/orders/read';
import { cancelOrder } from '../../../db/orders/status';
import { DELIVERY_MESSAGES } from '../../../domain/delivery';
import { rupeesToPaise } from '../../../domain/money';
import { IDEMPOTENCY_KEY_PATTERN, ORDER_MESSAGES } from '../../../domain/orders';
import { PAYMENT_MESSAGES } from '../../../domain/payments';
import { checkoutFor, GatewayUnavailableError, LEASE_MS, startRefunds } from '../../../payments/service';
import { HttpError, apiError, badRequest, errorBody } from '../../../errors';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import {
  CancelBody,
  OrderConflict,
  type CurrentLine,
  OrderIdParams,
  OrderListQuery,
  OrderListResponse,
  OrderResponse,
  PlacedOrderResponse,
  PlaceOrderBody,
  QuoteBody,
  QuoteResponse,
} from '../../../schemas/order';
import { keepOutOfCaches } from '../../no-store';
import { toBill, toCurrentLine, toOrder, toServiceability, toSummary } from './serialize';

const tags = ['order'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The code of a 409 'changed' answer: OUT_OF_STOCK when any line cannot be had in the quantity
 * asked for (out of stock, short, no longer sold), else PRICE_CHANGED.
 */
export function changedCode(items: { problem: CurrentLine['problem'] }[]): 'OUT_OF_STOCK' | 'PRICE_CHANGED' {
  return items.some((item) => item.problem !== null && item.problem !== 'price-changed')
    ? 'OUT_OF_STOCK'
    : 'PRICE_CHANGED';
}

const toLines = (items: { productId: number; quantity: number; price: number }[]) =>
  items.map((item) => ({ productId: item.productId, quantity: item.quantity, pricePaise: rupeesToPaise(item.price) }));

/** Checkout, the customer's orders and cancelling one (issue 6). */
const orderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;

  keepOutOfCaches(app);

  app.post(
    '/api/order/quote',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'quoteOrder',
        tags,
        security: signedInSecurity,
        summary: 'Price a cart for checkout, without ordering',
        description:
          'Current prices and stock of each line (flagging what placing the order would refuse), the bill of what ' +
          'can be bought, the e-gift card balance and, with `addressId`, whether that address is served and how soon.',
        body: QuoteBody,
        response: {
          200: QuoteResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          415: ErrorResponse,
        },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const quote = await quoteOrder(db, {
        customerId: me.id,
        addressId: request.body.addressId,
        lines: toLines(request.body.items),
        useWallet: request.body.useGiftCardBalance ?? false,
        stores: await app.delivery.stores(),
        replacesOrderId: request.body.replacesOrderId,
      });
      if (request.body.addressId && !quote.addressFound) throw new HttpError(404, ORDER_MESSAGES.addressNotFound);
      return {
        success: true as const,
        data: {
          items: quote.lines.map(toCurrentLine),
          bill: toBill(quote.charges),
          giftCardBalance: quote.balancePaise / 100,
          delivery: quote.delivery ? toServiceability(quote.delivery) : null,
        },
      };
    },
  );

  app.post(
    '/api/order',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'placeOrder',
        tags,
        security: signedInSecurity,
        summary: 'Place an order',
        description:
          'Send an `Idempotency-Key` header (or `idempotencyKey`): a retry with the same key answers 200 with the ' +
          'order the first request placed, never a second order; the same key with a different request answers 422. Prices are the ones the shopper saw; any ' +
          'difference, missing stock or an address outside the delivery area answers 409 and writes nothing. ' +
          'Paid by UPI or card (with something left to pay after the gift card), the order awaits payment with ' +
          'its stock held, and `checkout` opens the payment gateway for it (a replay answers the same gateway ' +
          'order); unpaid when the hold ends, it is cancelled and its stock released. With `replacesOrderId` an unpaid ' +
          'order of an earlier cart is cancelled in the same step (409 EARLIER_ORDER_PAID if a payment reached it).',
        body: PlaceOrderBody,
        response: {
          200: PlacedOrderResponse,
          201: PlacedOrderResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: OrderConflict,
          415: ErrorResponse,
          422: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const header = request.headers['idempotency-key'];
      const key = (Array.isArray(header) ? header[0] : header) ?? request.body.idempotencyKey;
      if (!key) throw badRequest(ORDER_MESSAGES.idempotencyKeyMissing);
      if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw badRequest(ORDER_MESSAGES.idempotencyKeyInvalid);
      const result = await placeOrder(db, {
        customerId: me.id,
        idempotencyKey: key,
        addressId: request.body.addressId,
        lines: toLines(request.body.items),
        useWallet: request.body.useGiftCardBalance ?? false,
        paymentMethod: request.body.paymentMethod ?? 'cod',
        stores: await app.delivery.stores(),
        now: app.clock.now(),
        replacesOrderId: request.body.replacesOrderId,
        online:
          app.payments.config.provider === 'off'
            ? null
            : {
                gateway: app.payments.config.provider,
                holdMinutes: app.payments.config.holdMinutes,
                leaseMs: LEASE_MS,
              },
      });
      switch (result.outcome) {
        case 'online-unavailable':
          throw apiError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.unavailable);
        case 'address-not-found':
          throw new HttpError(404, ORDER_MESSAGES.addressNotFound);
        case 'key-reused':
          throw apiError('IDEMPOTENCY_KEY_REUSED', ORDER_MESSAGES.keyReused);
        case 'unserviceable':
          return reply
            .code(409)
            .send({ ...errorBody('NOT_SERVICEABLE', DELIVERY_MESSAGES.notServed), reason: 'unserviceable' as const });
        case 'earlier-paid':
          return reply.code(409).send({
            ...errorBody('EARLIER_ORDER_PAID', ORDER_MESSAGES.earlierPaid),
            reason: 'earlier-paid' as const,
            data: toOrder(result.order),
          });
        case 'changed': {
          const items = result.lines.map(toCurrentLine);
          return reply.code(409).send({
            ...errorBody(changedCode(items), ORDER_MESSAGES.changed),
            reason: 'changed' as const,
            items,
          });
        }
        case 'placed': {
          if (!result.replayed) app.metrics.ordersPlaced.inc({ payment_method: request.body.paymentMethod ?? 'cod' });
          let checkout = null;
          if (result.order.status === 'awaiting-payment' && app.payments.deps) {
            // The gateway order, outside the order's transaction: the request that placed the
            // order holds the lease to create it; a replay gets the same one (decision 030).
            try {
              const session = await checkoutFor(app.payments.deps, result.order.id, !result.replayed);
              if (session.outcome === 'session') checkout = session.checkout;
            } catch (error) {
              if (error instanceof GatewayUnavailableError) {
                throw apiError('PAYMENT_GATEWAY_FAILED', PAYMENT_MESSAGES.gatewayUnavailable);
              }
              throw error;
            }
          }
          return reply.code(result.replayed ? 200 : 201).send({
            success: true as const,
            message: result.replayed ? ORDER_MESSAGES.replayed : ORDER_MESSAGES.placed,
            data: toOrder(result.order),
            checkout,
          });
        }
      }
    },
  );

  app.get(
    '/api/order',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getOrders',
        tags,
        security: signedInSecurity,
        summary: "The signed-in customer's orders, newest first",
        querystring: OrderListQuery,
        response: { 200: OrderListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const page = request.query.page ?? 1;
      const pageSize = request.query.pageSize ?? 20;
      const { orders, total } = await listOrders(db, me.id, page, pageSize);
      return { success: true as const, data: orders.map(toSummary), page, pageSize, total };
    },
  );

  app.get(
    '/api/order/:id',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getOrder',
        tags,
        security: signedInSecurity,
        summary: 'One of my orders',
        description: "Someone else's order answers 404 'Order not found.', exactly like one that does not exist.",
        params: OrderIdParams,
        response: { 200: OrderResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const order = UUID.test(request.params.id) ? await loadOrder(db, me.id, request.params.id) : undefined;
      if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
      return { success: true as const, message: 'Order', data: toOrder(order) };
    },
  );

  app.post(
    '/api/order/:id/cancel',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'cancelOrder',
        tags,
        security: signedInSecurity,
        summary: 'Cancel one of my orders while it awaits payment, is processing or is packed',
        description:
          'The items go back in stock and any e-gift card payment back to the balance; a paid online payment is ' +
          'refunded through the gateway (`payment.refund`). 409 once dispatched, and with `unpaidOnly` once paid.',
        params: OrderIdParams,
        body: CancelBody,
        response: {
          200: OrderResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: OrderConflict,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest('reason: must not be empty');
      if (!UUID.test(request.params.id)) throw new HttpError(404, ORDER_MESSAGES.notFound);
      const result = await cancelOrder(db, {
        customerId: me.id,
        orderId: request.params.id,
        reason,
        now: app.clock.now(),
        unpaidOnly: request.body.unpaidOnly === true,
      });
      if (result.outcome === 'not-found') throw new HttpError(404, ORDER_MESSAGES.notFound);
      if (result.outcome === 'refused') {
        return reply.code(409).send({
          ...errorBody('ORDER_NOT_CANCELLABLE', result.message),
          reason: 'not-cancellable' as const,
          data: toOrder(result.order),
        });
      }
      let order = result.order;
      if (result.refundIds?.length && app.payments.deps) {
        await startRefunds(app.payments.deps, result.refundIds);
        order = (await loadOrder(db, me.id, order.id)) ?? order;
      }
      return { success: true as const, message: ORDER_MESSAGES.cancelled, data: toOrder(order) };
    },
  );
};

export default orderRoutes;
