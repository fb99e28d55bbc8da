import type Razorpay from 'razorpay';

import { GatewayError, type GatewayErrorKind } from './gateway-error';
import type {
  CheckoutSession,
  GatewayOrder,
  GatewayPayment,
  GatewayPaymentStatus,
  GatewayRefund,
  GatewayRefundStatus,
  PaymentGateway,
} from './gateway';
import { signatureMatches } from './signature';

/** Where the SDK sends its calls (`https://api.razorpay.com/v1/...`). */
export const RAZORPAY_API_URL = 'https://api.razorpay.com/v1';

/**
 * How long one call to Razorpay may take. Its API answers in well under a second; a shopper
 * waits for `createOrder` when they press Pay, and a request must never hang on a slow gateway.
 */
export const RAZORPAY_TIMEOUT_MS = 8000;

export interface RazorpayGatewayOptions {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  timeoutMs?: number;
}

/** Razorpay's `notes`: at most 15 pairs of at most 256 characters each. */
const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 256;
/** Razorpay's `receipt`: at most 40 characters. */
const MAX_RECEIPT_LENGTH = 40;
/** X-Refund-Idempotency: at least 10 letters, digits, hyphens and underscores. */
const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{10,}$/;

/** What the SDK throws for an answer that is not 2xx (its `normalizeError`). */
interface SdkError {
  statusCode: number | string;
  error?: { code?: string; description?: string; field?: string | null; reason?: string | null } | null;
}

/** Marks a transport failure (no answer) so it survives the SDK's `normalizeError`. */
const NO_ANSWER = 'NO_ANSWER';

/** The parts of the SDK's axios instance (`razorpay.api.rq`) that are configured here. */
interface AxiosLike {
  defaults: { timeout?: number };
  interceptors: {
    request: { use(onFulfilled: (config: AxiosRequestLike) => AxiosRequestLike): number };
    response: { use(onFulfilled: null, onRejected: (error: AxiosErrorLike) => Promise<never>): number };
  };
}

interface AxiosRequestLike {
  method?: string;
  url?: string;
  data?: unknown;
  headers: { set?(name: string, value: string): unknown; [name: string]: unknown };
  signal?: unknown;
  timeout?: number;
}

interface AxiosErrorLike {
  code?: string;
  message?: string;
  response?: unknown;
}

interface RazorpayPaymentEntity {
  id: string;
  order_id: string | null;
  amount: number;
  status: GatewayPaymentStatus;
  method: string;
  error_description: string | null;
}

interface RazorpayRefundEntity {
  id: string;
  payment_id: string;
  amount: number;
  status: GatewayRefundStatus;
}

function notesFor(notes: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(notes)
      .slice(0, MAX_NOTES)
      .map(([key, value]) => [key, String(value).slice(0, MAX_NOTE_LENGTH)]),
  );
}

export function toGatewayPayment(entity: RazorpayPaymentEntity): GatewayPayment {
  return {
    id: entity.id,
    orderId: entity.order_id ?? '',
    amountPaise: Number(entity.amount),
    status: entity.status,
    method: entity.method,
    errorDescription: entity.error_description ?? null,
  };
}

export function toGatewayRefund(entity: RazorpayRefundEntity): GatewayRefund {
  return { id: entity.id, paymentId: entity.payment_id, amountPaise: Number(entity.amount), status: entity.status };
}

/**
 * A GatewayError for whatever a call to Razorpay threw: Razorpay's own error (`error.code`,
 * `error.description`), no answer in time, no answer at all, or something else.
 */
export function razorpayError(operation: string, thrown: unknown): GatewayError {
  if (thrown instanceof GatewayError) return thrown;
  const sdk = thrown as Partial<SdkError> | null;
  if (sdk && typeof sdk === 'object' && 'statusCode' in sdk) {
    const status = Number(sdk.statusCode);
    const error = sdk.error ?? {};
    if (error.code === NO_ANSWER) {
      const timedOut = error.reason === 'timeout';
      return new GatewayError(
        'unavailable',
        timedOut
          ? `Razorpay did not answer in time (${operation})`
          : `Razorpay could not be reached (${operation}): ${error.description ?? 'no answer'}`,
        {
          gateway: 'razorpay',
          operation,
          status: null,
          code: null,
          description: error.description ?? null,
          timedOut,
        },
      );
    }
    const kind: GatewayErrorKind =
      status === 401 ? 'auth' : status >= 500 || status === 409 || status === 429 ? 'unavailable' : 'rejected';
    const code = error.code ?? null;
    const description = error.description ?? null;
    return new GatewayError(
      kind,
      kind === 'auth'
        ? `Razorpay refused our API keys (${operation}): ${description ?? 'authentication failed'}; check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET`
        : `Razorpay refused to ${operation}: ${description ?? `HTTP ${status}`}${code ? ` (${code})` : ''}`,
      {
        gateway: 'razorpay',
        operation,
        status: Number.isFinite(status) ? status : null,
        code,
        description,
        field: error.field ?? null,
        reason: error.reason ?? null,
        timedOut: false,
      },
    );
  }
  return new GatewayError(
    'unavailable',
    `Razorpay failed (${operation}): ${thrown instanceof Error ? thrown.message : String(thrown)}`,
    { gateway: 'razorpay', operation, status: null, code: null, description: null, timedOut: false },
    { cause: thrown },
  );
}

/**
 * The SDK's axios instance, configured: a time limit on every call (the SDK sets none, and its
 * `normalizeError` cannot handle an error without an answer, so a timeout would surface as a
 * TypeError); failures without an answer passed on in the shape it expects; and
 * `X-Refund-Idempotency` on refunds (the SDK forwards no per-call headers), from the refund's
 * `receipt`.
 */
function configure(client: Razorpay, timeoutMs: number): void {
  const rq = (client.api as unknown as { rq?: AxiosLike }).rq;
  if (!rq?.interceptors) throw new Error('the razorpay SDK no longer exposes its axios instance (api.rq)');
  rq.defaults.timeout = timeoutMs;
  rq.interceptors.request.use((config) => {
    // An AbortSignal as well as axios's own timeout: the signal also ends a call whose answer
    // started but never finished.
    config.signal ??= AbortSignal.timeout(timeoutMs);
    if (config.method?.toLowerCase() === 'post' && /\/payments\/[^/]+\/refund$/.test(config.url ?? '')) {
      const receipt = (config.data as { receipt?: unknown } | undefined)?.receipt;
      if (typeof receipt === 'string' && IDEMPOTENCY_KEY.test(receipt)) {
        if (config.headers.set) config.headers.set('X-Refund-Idempotency', receipt);
        else config.headers['X-Refund-Idempotency'] = receipt;
      }
    }
    return config;
  });
  rq.interceptors.response.use(null, (error) => {
    if (error.response) return Promise.reject(error);
    const timedOut =
      error.code === 'ECONNABORTED' ||
      error.code === 'ETIMEDOUT' ||
      error.code === 'ERR_CANCELED' ||
      /timeout/i.test(error.message ?? '');
    return Promise.reject({
      response: {
        status: 0,
        data: {
          error: { code: NO_ANSWER, reason: timedOut ? 'timeout' : 'network', description: error.message ?? null },
        },
      },
    });
  });
}

/**
 * The SDK's client for these keys, configured (see `configure`). The SDK is imported here, by a
 * server that pays through Razorpay only: with the axios it brings, and Node's fetch that axios
 * loads, it is about 4 MB of heap that a server on the local gateway or with payment off does not
 * need (decision 050). A server whose SDK cannot load or be configured still fails to start.
 */
async function loadClient(keyId: string, keySecret: string, timeoutMs: number): Promise<Razorpay> {
  const { default: Sdk } = await import('razorpay');
  const client = new Sdk({ key_id: keyId, key_secret: keySecret });
  configure(client, timeoutMs);
  return client;
}

/**
 * Razorpay (PAYMENT_PROVIDER=razorpay) through its official Node SDK: an order per attempt to
 * pay (amount in paise, INR, our order id as `receipt`, captured automatically), payments read
 * back by id or order, refunds (normal speed, idempotent by receipt), and the two signatures
 * checked as Razorpay documents them, in constant time.
 */
export async function createRazorpayGateway(options: RazorpayGatewayOptions): Promise<PaymentGateway> {
  const { keyId, keySecret, webhookSecret, timeoutMs = RAZORPAY_TIMEOUT_MS } = options;
  const client = await loadClient(keyId, keySecret, timeoutMs);

  async function call<T>(operation: string, run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      throw razorpayError(operation, error);
    }
  }

  return {
    id: 'razorpay',

    async createOrder({ amountPaise, receipt, notes }): Promise<GatewayOrder> {
      if (!Number.isInteger(amountPaise) || amountPaise < 100) {
        // Razorpay's minimum is ₹1; asking would only earn a BAD_REQUEST_ERROR.
        throw new RangeError(`a Razorpay order needs a whole number of paise, at least 100; got ${amountPaise}`);
      }
      if (receipt.length > MAX_RECEIPT_LENGTH) {
        throw new RangeError(`a Razorpay receipt has at most ${MAX_RECEIPT_LENGTH} characters; got ${receipt.length}`);
      }
      const order = await call('create order', () =>
        client.orders.create({
          amount: amountPaise,
          currency: 'INR',
          receipt,
          notes: notesFor(notes),
          // Captured as soon as it is authorised: a successful payment is money taken.
          payment_capture: true,
        } as Parameters<typeof client.orders.create>[0]),
      );
      return { id: order.id, amountPaise: Number(order.amount), currency: 'INR', receipt: order.receipt ?? receipt };
    },

    checkoutSession(order: GatewayOrder): CheckoutSession {
      return {
        gateway: 'razorpay',
        keyId,
        gatewayOrderId: order.id,
        amountPaise: order.amountPaise,
        currency: order.currency,
        pageUrl: null,
      };
    },

    async fetchPayment(paymentId: string): Promise<GatewayPayment> {
      const payment = await call('fetch payment', () => client.payments.fetch(paymentId));
      return toGatewayPayment(payment as unknown as RazorpayPaymentEntity);
    },

    async fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]> {
      const list = await call('fetch order payments', () => client.orders.fetchPayments(gatewayOrderId));
      const items = (list as unknown as { items?: RazorpayPaymentEntity[] }).items ?? [];
      return items.map(toGatewayPayment);
    },

    async refund({ paymentId, amountPaise, receipt }): Promise<GatewayRefund> {
      if (!Number.isInteger(amountPaise) || amountPaise < 1) {
        throw new RangeError(`a refund needs a whole, positive number of paise; got ${amountPaise}`);
      }
      const refund = await call('refund', () =>
        client.payments.refund(paymentId, { amount: amountPaise, speed: 'normal', receipt }),
      );
      return toGatewayRefund(refund as unknown as RazorpayRefundEntity);
    },

    verifyPaymentSignature({ gatewayOrderId, paymentId, signature }): boolean {
      if (!gatewayOrderId || !paymentId) return false;
      return signatureMatches(keySecret, `${gatewayOrderId}|${paymentId}`, signature);
    },

    verifyWebhookSignature(rawBody: string, signature: string): boolean {
      return signatureMatches(webhookSecret, rawBody, signature);
    },
  };
}
