import { createHash, createHmac, randomInt } from 'node:crypto';

import { delay, http, HttpResponse, type HttpHandler } from 'msw';

/**
 * Razorpay's API (https://razorpay.com/docs/api/) as msw handlers, with a small in-memory state:
 * orders, the payments made against them, refunds. It answers as Razorpay documents: Basic auth
 * with the key id and secret (401 with Razorpay's error body otherwise), entities in Razorpay's
 * shapes, errors as `{ error: { code, description, field, source, step, reason, metadata } }`
 * with status 400, refunds idempotent by `X-Refund-Idempotency`.
 *
 * A test plays the shopper's side with `pay` (what Razorpay Checkout does: a payment against an
 * order, captured or failed, and the handler's signature) and Razorpay's side with `webhook`
 * (an event body signed with the webhook secret) and `processRefund`.
 */
export const RAZORPAY_API = 'https://api.razorpay.com/v1';

export interface RazorpayKeys {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

export interface RazorpayOrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string> | [];
  created_at: number;
}

export interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: 'INR';
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string | null;
  card_id: null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: [];
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
}

export interface RazorpayRefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: 'INR';
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: string | null };
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal' | 'optimum';
}

/** One call the mock answered, for a test to inspect. */
export interface RazorpayCall {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
  idempotencyKey: string | null;
  status: number;
}

export type RazorpayEvent =
  | 'payment.authorized'
  | 'payment.captured'
  | 'payment.failed'
  | 'order.paid'
  | 'refund.created'
  | 'refund.processed'
  | 'refund.failed';

/** A webhook as Razorpay delivers it: the raw body and its headers. */
export interface RazorpayWebhook {
  body: string;
  eventId: string;
  signature: string;
  headers: { 'content-type': 'application/json'; 'x-razorpay-signature': string; 'x-razorpay-event-id': string };
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Razorpay's ids: a prefix and 14 letters and digits (`order_IluGWxBm9U8zJ8`). */
export function razorpayId(prefix: string): string {
  let id = `${prefix}_`;
  for (let i = 0; i < 14; i++) id += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return id;
}

const now = () => Math.floor(Date.now() / 1000);

/** Razorpay's error body. */
export function razorpayErrorBody(
  code: string,
  description: string,
  extra: { field?: string; source?: string; step?: string; reason?: string; metadata?: Record<string, string> } = {},
) {
  return {
    error: {
      code,
      description,
      ...(extra.field !== undefined && { field: extra.field }),
      source: extra.source ?? 'NA',
      step: extra.step ?? 'NA',
      reason: extra.reason ?? 'NA',
      metadata: extra.metadata ?? {},
    },
  };
}

const badRequest = (description: string, field?: string) =>
  HttpResponse.json(razorpayErrorBody('BAD_REQUEST_ERROR', description, { field }), { status: 400 });

const NOT_FOUND = 'The id provided does not exist';

/** Razorpay's own signatures, computed here independently of the server's code. */
export function hmacHex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

export function createRazorpayMock(keys: RazorpayKeys) {
  const orders = new Map<string, RazorpayOrderEntity>();
  const payments = new Map<string, RazorpayPaymentEntity>();
  const refunds = new Map<string, RazorpayRefundEntity>();
  const idempotency = new Map<string, { digest: string; refundId: string }>();
  const calls: RazorpayCall[] = [];
  const expectedAuth = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;

  async function bodyOf(request: Request): Promise<Record<string, unknown> | null> {
    const text = await request.text();
    if (!text) return null;
    try {
      return JSON.parse(text) as Record<string, unknown>;
    } catch {
      return Object.fromEntries(new URLSearchParams(text));
    }
  }

  /** Every handler: the call recorded, the key checked as Razorpay does. */
  function route(
    method: 'get' | 'post',
    path: string,
    answer: (input: {
      params: Record<string, string>;
      body: Record<string, unknown> | null;
      request: Request;
    }) => Response | Promise<Response>,
  ): HttpHandler {
    return http[method](`${RAZORPAY_API}${path}`, async ({ request, params }) => {
      const body = method === 'post' ? await bodyOf(request) : null;
      const call: RazorpayCall = {
        method: method.toUpperCase(),
        path: new URL(request.url).pathname,
        body,
        idempotencyKey: request.headers.get('x-refund-idempotency'),
        status: 0,
      };
      calls.push(call);
      let response: Response;
      if (request.headers.get('authorization') !== expectedAuth) {
        response = HttpResponse.json(razorpayErrorBody('BAD_REQUEST_ERROR', 'Authentication failed'), { status: 401 });
      } else {
        response = await answer({ params: params as Record<string, string>, body, request });
      }
      call.status = response.status;
      return response;
    });
  }

  const handlers: HttpHandler[] = [
    // https://razorpay.com/docs/api/orders/create/
    route('post', '/orders', ({ body }) => {
      const amount = body?.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return badRequest('The amount must be an integer.', 'amount');
      }
      if (amount < 100) return badRequest('Order amount less than minimum amount allowed', 'amount');
      if (body?.currency !== 'INR') return badRequest('The selected currency is invalid.', 'currency');
      const receipt = typeof body.receipt === 'string' ? body.receipt : null;
      if (receipt && receipt.length > 40) {
        return badRequest('The receipt may not be greater than 40 characters.', 'receipt');
      }
      const notes: Record<string, string> | [] = (body.notes as Record<string, string> | undefined) ?? [];
      if (!Array.isArray(notes) && Object.keys(notes).length > 15) {
        return badRequest('Number of notes should be less than or equal to 15', 'notes');
      }
      const order: RazorpayOrderEntity = {
        id: razorpayId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes,
        created_at: now(),
      };
      orders.set(order.id, order);
      return HttpResponse.json(order);
    }),
    // https://razorpay.com/docs/api/orders/fetch-with-id/
    route('get', '/orders/:id', ({ params }) => {
      const order = orders.get(params.id!);
      return order ? HttpResponse.json(order) : badRequest(NOT_FOUND);
    }),
    // https://razorpay.com/docs/api/orders/fetch-payments/
    route('get', '/orders/:id/payments', ({ params }) => {
      if (!orders.has(params.id!)) return badRequest(NOT_FOUND);
      const items = [...payments.values()].filter((payment) => payment.order_id === params.id).reverse();
      return HttpResponse.json({ entity: 'collection', count: items.length, items });
    }),
    // https://razorpay.com/docs/api/payments/fetch-with-id/
    route('get', '/payments/:id', ({ params }) => {
      const payment = payments.get(params.id!);
      return payment ? HttpResponse.json(payment) : badRequest(NOT_FOUND);
    }),
    // https://razorpay.com/docs/api/refunds/create-normal/ and .../normal-refunds-idempotent/
    route('post', '/payments/:id/refund', ({ params, body, request }) => {
      const payment = payments.get(params.id!);
      if (!payment) return badRequest(NOT_FOUND);
      const key = request.headers.get('x-refund-idempotency');
      const digest = createHash('sha256')
        .update(JSON.stringify(body ?? {}))
        .digest('hex');
      if (key) {
        const earlier = idempotency.get(key);
        if (earlier && earlier.digest !== digest) {
          return badRequest('Different request with the same idempotency key has already been processed.');
        }
        if (earlier) return HttpResponse.json(refunds.get(earlier.refundId));
      }
      if (payment.status !== 'captured' && payment.status !== 'refunded') {
        return badRequest('Only captured payments can be refunded');
      }
      const amount = body?.amount === undefined ? payment.amount - payment.amount_refunded : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return badRequest('The amount must be atleast INR 1.00', 'amount');
      }
      if (amount > payment.amount - payment.amount_refunded) {
        return badRequest('The refund amount provided is greater than amount captured', 'amount');
      }
      const speed = body?.speed === 'optimum' ? 'optimum' : 'normal';
      const refund: RazorpayRefundEntity = {
        id: razorpayId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: (body?.notes as Record<string, string> | undefined) ?? [],
        receipt: typeof body?.receipt === 'string' ? body.receipt : null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: 'pending',
        speed_processed: 'normal',
        speed_requested: speed,
      };
      refunds.set(refund.id, refund);
      if (key) idempotency.set(key, { digest, refundId: refund.id });
      payment.amount_refunded += amount;
      payment.refund_status = payment.amount_refunded === payment.amount ? 'full' : 'partial';
      if (payment.amount_refunded === payment.amount) payment.status = 'refunded';
      return HttpResponse.json(refund);
    }),
  ];

  function order(id: string): RazorpayOrderEntity {
    const found = orders.get(id);
    if (!found) throw new Error(`the Razorpay mock has no order ${id}`);
    return found;
  }

  function payment(id: string): RazorpayPaymentEntity {
    const found = payments.get(id);
    if (!found) throw new Error(`the Razorpay mock has no payment ${id}`);
    return found;
  }

  function refund(id: string): RazorpayRefundEntity {
    const found = refunds.get(id);
    if (!found) throw new Error(`the Razorpay mock has no refund ${id}`);
    return found;
  }

  function capture(paymentId: string): RazorpayPaymentEntity {
    const entity = payment(paymentId);
    entity.status = 'captured';
    entity.captured = true;
    entity.fee = Math.round(entity.amount * 0.02);
    entity.tax = Math.round((entity.fee * 18) / 118);
    const paidOrder = order(entity.order_id);
    paidOrder.amount_paid = paidOrder.amount;
    paidOrder.amount_due = 0;
    paidOrder.status = 'paid';
    return entity;
  }

  return {
    keys,
    handlers,
    calls,
    orders,
    payments,
    refunds,
    order,
    payment,
    refund,

    /**
     * What Razorpay Checkout does when the shopper pays an order: a payment against it that ends
     * `captured` (the default: orders are created with auto-capture), stays `authorized` (captured
     * later with `capture`), or `failed` with the bank's reason. Returns the payment and what the
     * checkout's handler gives the browser (with the signature Razorpay computes).
     */
    pay(
      orderId: string,
      outcome: {
        status?: 'captured' | 'authorized' | 'failed';
        method?: string;
        errorDescription?: string;
        errorReason?: string;
      } = {},
    ) {
      const paid = order(orderId);
      const status = outcome.status ?? 'captured';
      const method = outcome.method ?? 'upi';
      const failed = status === 'failed';
      const entity: RazorpayPaymentEntity = {
        id: razorpayId('pay'),
        entity: 'payment',
        amount: paid.amount,
        currency: 'INR',
        status: failed ? 'failed' : 'authorized',
        order_id: paid.id,
        invoice_id: null,
        international: false,
        method,
        amount_refunded: 0,
        refund_status: null,
        captured: false,
        description: null,
        card_id: null,
        bank: method === 'netbanking' ? 'HDFC' : null,
        wallet: method === 'wallet' ? 'paytm' : null,
        vpa: method === 'upi' ? 'success@razorpay' : null,
        email: 'void@razorpay.com',
        contact: '+919000090000',
        notes: [],
        fee: null,
        tax: null,
        error_code: failed ? 'BAD_REQUEST_ERROR' : null,
        error_description: failed ? (outcome.errorDescription ?? 'Payment was declined by the bank.') : null,
        error_source: failed ? 'bank' : null,
        error_step: failed ? 'payment_authorization' : null,
        error_reason: failed ? (outcome.errorReason ?? 'payment_declined') : null,
        acquirer_data: method === 'upi' ? { rrn: String(randomInt(1e11, 1e12)), upi_transaction_id: null } : {},
        created_at: now(),
      };
      payments.set(entity.id, entity);
      paid.attempts += 1;
      if (paid.status === 'created') paid.status = 'attempted';
      if (status === 'captured') capture(entity.id);
      return {
        payment: entity,
        /** The checkout's handler response (`razorpay_order_id`, `razorpay_payment_id`, `razorpay_signature`). */
        handler: {
          razorpay_order_id: paid.id,
          razorpay_payment_id: entity.id,
          razorpay_signature: hmacHex(keys.keySecret, `${paid.id}|${entity.id}`),
        },
      };
    },

    capture,

    /** Razorpay settles a pending refund (`processed`) or gives up on it (`failed`). */
    settleRefund(refundId: string, status: 'processed' | 'failed' = 'processed'): RazorpayRefundEntity {
      const entity = refund(refundId);
      entity.status = status;
      if (status === 'processed') entity.acquirer_data.arn = String(randomInt(1e11, 1e12));
      return entity;
    },

    /**
     * A webhook as Razorpay sends it: the event's body (entities as they are now, or `override`
     * of them) signed with the webhook secret (or `secret`, to test a wrong one), and a fresh
     * event id unless one is given (a redelivery keeps its id).
     */
    webhook(
      event: RazorpayEvent,
      ids: { paymentId?: string; orderId?: string; refundId?: string },
      options: { eventId?: string; secret?: string; createdAt?: number } = {},
    ): RazorpayWebhook {
      const refundEntity = ids.refundId ? refund(ids.refundId) : undefined;
      const paymentEntity = payment(ids.paymentId ?? refundEntity?.payment_id ?? '');
      const orderEntity = event === 'order.paid' ? order(ids.orderId ?? paymentEntity.order_id) : undefined;
      const contains = ['payment', ...(orderEntity ? ['order'] : []), ...(refundEntity ? ['refund'] : [])];
      const payload = {
        entity: 'event',
        account_id: 'acc_BFQ7uQEaa7j2z7',
        event,
        contains: refundEntity ? ['refund', 'payment'] : contains,
        payload: {
          ...(refundEntity && { refund: { entity: structuredClone(refundEntity) } }),
          payment: { entity: structuredClone(paymentEntity) },
          ...(orderEntity && { order: { entity: structuredClone(orderEntity) } }),
        },
        created_at: options.createdAt ?? now(),
      };
      const body = JSON.stringify(payload);
      const eventId = options.eventId ?? razorpayId('evt');
      const signature = hmacHex(options.secret ?? keys.webhookSecret, body);
      return {
        body,
        eventId,
        signature,
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signature,
          'x-razorpay-event-id': eventId,
        },
      };
    },
  };
}

export type RazorpayMock = ReturnType<typeof createRazorpayMock>;

/** Razorpay when it is not itself: put in front of the mock's handlers with `server.use(...)`. */
export const razorpayOutage = {
  /** Every call fails to connect. */
  isDown() {
    return http.all(`${RAZORPAY_API}/*`, () => HttpResponse.error());
  },
  /** Every call waits `ms` before answering (longer than the gateway's timeout, to test it). */
  isSlow(ms: number) {
    return http.all(`${RAZORPAY_API}/*`, async () => {
      await delay(ms);
      return HttpResponse.json(razorpayErrorBody('SERVER_ERROR', 'answered too late'), { status: 500 });
    });
  },
  /** Razorpay's answer to a failure on its side. */
  fails() {
    return http.all(`${RAZORPAY_API}/*`, () =>
      HttpResponse.json(
        razorpayErrorBody('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins.'),
        { status: 500 },
      ),
    );
  },
};
