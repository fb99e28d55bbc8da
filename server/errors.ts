/**
 * The catalogue of error codes (decision 025). Every error answer is
 * `{ success: false, code, message }`: `code` is one of these keys and never changes meaning,
 * so a client may branch on it; `message` is for people and may be reworded. The status is the
 * one the code is usually sent with.
 */
export const ERROR_CODES = {
  VALIDATION_FAILED: {
    status: 400,
    description: 'A body, query or path field is missing or invalid; the message names it',
  },
  INVALID_JSON: { status: 400, description: 'The body is not valid JSON (or is empty while claiming to be JSON)' },
  INVALID_PATH: { status: 400, description: 'The request path cannot be decoded' },
  GIFT_CARD_INVALID: { status: 400, description: 'No e-gift card has this code' },
  PAYMENT_UNAVAILABLE: { status: 400, description: 'Online payment is off: choose cash on delivery' },
  PAYMENT_SIGNATURE_INVALID: { status: 400, description: "The payment's signature does not match: not verified" },
  PAYMENT_NOT_FOR_ORDER: { status: 400, description: 'The gateway order or payment belongs to another order' },
  WEBHOOK_SIGNATURE_INVALID: { status: 400, description: "The webhook's signature does not match: nothing done" },
  IMAGE_UNREADABLE: {
    status: 400,
    description: 'The upload is not a JPEG, PNG or WebP image, or its pixel dimensions are too large',
  },
  BAD_REQUEST: { status: 400, description: 'Any other client error the server has no more precise code for' },
  UNAUTHENTICATED: { status: 401, description: 'No valid session: sign in (or send `Authorization: Bearer`)' },
  OTP_INVALID: { status: 401, description: 'The one-time code is wrong; the same code may be tried again' },
  SESSION_ENDED: { status: 401, description: 'The refresh token cannot renew the session: sign in again' },
  FORBIDDEN: { status: 403, description: "The resource belongs to another customer (another customer's id)" },
  NOT_STAFF: { status: 403, description: 'The session is not a store staff member’s (or their access was removed)' },
  ROLE_NOT_ALLOWED: { status: 403, description: 'The staff member’s role may not do this' },
  OTHER_STORE: {
    status: 403,
    description: 'Another dark store’s stock or orders: a picker or manager works only in their own',
  },
  NOT_FOUND: { status: 404, description: 'The resource does not exist, or is not yours' },
  ROUTE_NOT_FOUND: { status: 404, description: 'No API route has this method and path' },
  CONFLICT: { status: 409, description: 'The request conflicts with the current state' },
  ADDRESS_LIMIT_REACHED: { status: 409, description: 'The customer already has the most saved addresses allowed' },
  ADDRESS_ID_TAKEN: { status: 409, description: 'The client-chosen address `_id` is already in use' },
  STALE_VERSION: {
    status: 409,
    description: 'The address or product changed since `version`; `data` is the current one',
  },
  PRICE_CHANGED: { status: 409, description: 'A price changed since the shopper saw it; `items` has the current ones' },
  OUT_OF_STOCK: { status: 409, description: 'A line is out of stock, short or no longer sold; `items` says which' },
  NOT_SERVICEABLE: { status: 409, description: 'The delivery address is outside the delivery area' },
  ORDER_NOT_CANCELLABLE: {
    status: 409,
    description: 'The order is dispatched, delivered or cancelled; `data` is the order',
  },
  ORDER_NOT_PAYABLE: { status: 409, description: 'The order is paid, released or cancelled; `data` is the order' },
  EARLIER_ORDER_PAID: {
    status: 409,
    description: 'The unpaid order to replace was paid meanwhile: nothing was placed; `data` is that order',
  },
  GIFT_CARD_USED: { status: 409, description: 'The e-gift card was already redeemed' },
  GIFT_CARD_EXPIRED: { status: 409, description: 'The e-gift card has expired' },
  OTP_EXPIRED: { status: 410, description: 'The one-time code expired or was used: request a new one' },
  BODY_TOO_LARGE: { status: 413, description: 'The body is larger than 64 KiB (10 MiB for a product photo)' },
  PATH_TOO_LONG: { status: 414, description: 'A path parameter is longer than 200 characters' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, description: 'A state-changing request is not `application/json`' },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    description:
      'The `Idempotency-Key` already placed an order that differs from this request: check My Orders, then send a new key',
  },
  RATE_LIMITED: { status: 429, description: 'Too many requests: wait for `Retry-After` seconds' },
  OTP_LOCKED: { status: 429, description: 'Too many wrong codes: this code is ended, request a new one' },
  INTERNAL: { status: 500, description: 'Something failed on the server; the details are in its log' },
  PAYMENT_GATEWAY_FAILED: {
    status: 502,
    description: 'The payment gateway refused or failed a call: try again shortly (an order placed stays placed)',
  },
  SMS_FAILED: { status: 502, description: 'The SMS provider refused or failed to send the code' },
  SERVICE_UNAVAILABLE: { status: 503, description: 'The database is not reachable: retry after `Retry-After`' },
  SERVER_BUSY: { status: 503, description: 'The server is overloaded and sheds API calls: retry after `Retry-After`' },
  SMS_UNAVAILABLE: { status: 503, description: 'The SMS provider is not reachable: try again shortly' },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as ErrorCode[];

const DEFAULT_CODES: Partial<Record<number, ErrorCode>> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'BODY_TOO_LARGE',
  414: 'PATH_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'SERVICE_UNAVAILABLE',
};

/** The code an error of this status carries when nothing more precise was given. */
export function defaultErrorCode(status: number): ErrorCode {
  return DEFAULT_CODES[status] ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');
}

/** The error body every error answer has (extra fields, such as a 409's `items`, go beside it). */
export function errorBody<Code extends ErrorCode>(code: Code, message: string) {
  return { success: false as const, code, message };
}

/** An error whose message is safe to show to the client, with the HTTP status and code it maps to. */
export class HttpError extends Error {
  readonly code: ErrorCode;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
    this.code = code ?? defaultErrorCode(statusCode);
  }
}

/** The error of a catalogue code, with the code's status. */
export const apiError = (code: ErrorCode, message: string, headers: Record<string, string> = {}) =>
  new HttpError(ERROR_CODES[code].status, message, headers, code);

export const notFound = (message = 'Not found') => new HttpError(404, message);
export const badRequest = (message: string) => new HttpError(400, message);
