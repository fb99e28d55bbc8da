import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';

import { loadOrder } from '../../../db/orders/read';
import { ORDER_MESSAGES } from '../../../domain/orders';
import { PAYMENT_MESSAGES } from '../../../domain/payments';
import { apiError, errorBody, HttpError } from '../../../errors';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { checkoutFor, GatewayUnavailableError, handleWebhook, verifyPayment } from '../../../payments/service';
import { ErrorResponse } from '../../../schemas/common';
import {
  NotPayable,
  OrderIdParams,
  OrderResponse,
  PaymentSessionResponse,
  VerifyPaymentBody,
  WebhookResponse,
} from '../../../schemas/order';
import { keepOutOfCaches } from '../../no-store';
import { toOrder } from '../order/serialize';

const tags = ['order'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Paying an online order, and the gateway's webhooks (issue 17, decision 030). */
const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  keepOutOfCaches(app);

  const deps = () => {
    if (!app.payments.deps) throw apiError('PAYMENT_UNAVAILABLE', PAYMENT_MESSAGES.unavailable);
    return app.payments.deps;
  };
  const ownOrder = async (customerId: string, id: string) => {
    const order = UUID.test(id) ? await loadOrder(db, customerId, id) : undefined;
    if (!order) throw new HttpError(404, ORDER_MESSAGES.notFound);
    return order;
  };

  app.post(
    '/api/order/:id/payment',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'payOrder',
        tags,
        security: signedInSecurity,
        summary: 'Pay (again) for one of my orders that awaits payment',
        description:
          "A checkout session for the order's gateway order (the same one each time: never a second charge). 409 " +
          '`ORDER_NOT_PAYABLE` when the order is paid, released or cancelled.',
        params: OrderIdParams,
        response: {
          200: PaymentSessionResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: NotPayable,
          502: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const order = await ownOrder(me.id, request.params.id);
      const payments = deps();
      let session;
      try {
        session = await checkoutFor(payments, order.id);
      } catch (error) {
        if (error instanceof GatewayUnavailableError) {
          throw apiError('PAYMENT_GATEWAY_FAILED', PAYMENT_MESSAGES.gatewayUnavailable);
        }
        throw error;
      }
      if (session.outcome === 'not-payable') {
        const current = (await loadOrder(db, me.id, order.id))!;
        const message =
          current.payment.state === 'paid' ? PAYMENT_MESSAGES.alreadyPaid : PAYMENT_MESSAGES.notPayable(current.status);
        return reply.code(409).send({ ...errorBody('ORDER_NOT_PAYABLE', message), data: toOrder(current) });
      }
      return { success: true as const, data: toOrder(order), checkout: session.checkout };
    },
  );

  app.post(
    '/api/order/:id/payment/verify',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'verifyOrderPayment',
        tags,
        security: signedInSecurity,
        summary: "Verify the payment the gateway's checkout handed the browser",
        description:
          'The signature (HMAC of `gatewayOrderId|paymentId`) must match: else 400 and nothing changes. The server ' +
          'then asks the gateway for the payment: captured, the order is paid; not yet, its payment is `pending` ' +
          'and the webhook finishes it.',
        params: OrderIdParams,
        body: VerifyPaymentBody,
        response: {
          200: OrderResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          415: ErrorResponse,
        },
      },
    },
    async (request) => {
      const me = signedIn(request);
      const order = await ownOrder(me.id, request.params.id);
      const result = await verifyPayment(deps(), order.id, request.body);
      switch (result) {
        case 'not-found':
          // An order paid on delivery has no online payment to verify.
          throw apiError('PAYMENT_NOT_FOR_ORDER', PAYMENT_MESSAGES.paymentNotForOrder);
        case 'bad-signature':
          throw apiError('PAYMENT_SIGNATURE_INVALID', PAYMENT_MESSAGES.signatureInvalid);
        case 'not-this-order':
          throw apiError('PAYMENT_NOT_FOR_ORDER', PAYMENT_MESSAGES.paymentNotForOrder);
        case 'verified': {
          const current = (await loadOrder(db, me.id, order.id))!;
          const message = current.payment.state === 'paid' ? 'Payment received' : 'Payment being confirmed';
          return { success: true as const, message, data: toOrder(current) };
        }
      }
    },
  );

  // The webhook needs its raw body for the signature: a JSON parser of its own in this scope.
  await app.register(async (scope) => {
    const rawBodies = new WeakMap<object, string>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const raw = body as string;
      rawBodies.set(request, raw);
      // The body is checked and parsed by the handler once its signature holds.
      done(null, {});
    });

    scope.post(
      '/api/payment/webhook',
      {
        schema: {
          operationId: 'paymentWebhook',
          tags: ['payment'],
          security: [],
          summary: "The payment gateway's webhooks (Razorpay's events and signature)",
          description:
            '`X-Razorpay-Signature` must be the hex HMAC-SHA256 of the raw body with the webhook secret, else 400 ' +
            'and nothing is written. Events are processed once by `x-razorpay-event-id` (a repeat answers 200); ' +
            'repeated or out-of-order events are harmless; unknown events are acknowledged and ignored.',
          body: Type.Object({}, { additionalProperties: true, description: "Razorpay's event" }),
          response: { 200: WebhookResponse, 400: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request) => {
        const header = (name: string) => {
          const value = request.headers[name];
          return Array.isArray(value) ? value[0] : value;
        };
        const result = await handleWebhook(
          deps(),
          rawBodies.get(request) ?? '',
          header('x-razorpay-signature'),
          header('x-razorpay-event-id'),
        );
        switch (result.outcome) {
          case 'bad-signature':
            throw apiError('WEBHOOK_SIGNATURE_INVALID', 'The webhook signature does not match.');
          case 'invalid':
            throw new HttpError(400, result.message);
          case 'duplicate':
            return { success: true as const, message: 'Already processed' };
          case 'ignored':
            return { success: true as const, message: 'Ignored' };
          case 'processed':
            return { success: true as const, message: 'Processed' };
        }
      },
    );
  });
};

export default paymentRoutes;
