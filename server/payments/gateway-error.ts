/**
 * A call to a payment gateway that did not do what was asked (issue 17).
 *
 * - `rejected`: the gateway answered with an error about the request (Razorpay's 4xx: a bad
 *   amount, an unknown payment, a refund larger than what is left). Retrying the same call
 *   will not help.
 * - `auth`: the gateway refused our credentials (Razorpay's 401): the keys are wrong or
 *   revoked, an operator must fix the configuration.
 * - `unavailable`: the gateway could not be reached, failed (5xx), asked us to retry (409 while
 *   an idempotent refund is under way, 429), or did not answer in time (`timedOut`). The same call
 *   may be retried later.
 *
 * The message names the operation and the gateway's code and description (what Razorpay says),
 * never a key, secret or signature, so it can be logged as it is.
 */
export type GatewayErrorKind = 'rejected' | 'auth' | 'unavailable';

export interface GatewayErrorDetails {
  gateway: 'razorpay' | 'local';
  /** What was asked: 'create order', 'fetch payment', 'fetch order payments', 'refund'. */
  operation: string;
  /** The HTTP status the gateway answered with; null when it did not answer. */
  status: number | null;
  /** The gateway's error code (Razorpay: `error.code`, e.g. BAD_REQUEST_ERROR). */
  code: string | null;
  /** The gateway's explanation (Razorpay: `error.description`). */
  description: string | null;
  /** Razorpay's `error.field`, `error.reason` when given. */
  field?: string | null;
  reason?: string | null;
  timedOut: boolean;
}

export class GatewayError extends Error {
  override name = 'GatewayError';
  readonly kind: GatewayErrorKind;
  readonly details: GatewayErrorDetails;

  constructor(kind: GatewayErrorKind, message: string, details: GatewayErrorDetails, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.details = details;
  }

  /** Whether the same call may succeed later (the gateway was unreachable, slow or busy). */
  get retryable(): boolean {
    return this.kind === 'unavailable';
  }
}
