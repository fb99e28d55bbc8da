/**
 * What a payment gateway does for online orders (issue 17). Two implement it: Razorpay in
 * production (`server/payments/razorpay.ts`) and the local gateway for development and tests
 * (`server/payments/local.ts`), chosen by PAYMENT_PROVIDER. Both speak Razorpay's shapes: an
 * order per attempt to pay, payments against it, refunds of payments, and signed webhooks
 * (`X-Razorpay-Signature`: hex HMAC-SHA256 of the raw body with the webhook secret) to
 * POST /api/payment/webhook.
 */

export type GatewayId = 'razorpay' | 'local';

/** Razorpay's payment states (https://razorpay.com/docs/payments/payments/#payment-life-cycle). */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';

/** Razorpay's refund states. */
export type GatewayRefundStatus = 'pending' | 'processed' | 'failed';

export interface GatewayOrder {
  /** Razorpay's `order_...` id. */
  id: string;
  amountPaise: number;
  currency: 'INR';
  /** Our order's id, sent as Razorpay's `receipt`. */
  receipt: string;
}

export interface GatewayPayment {
  /** Razorpay's `pay_...` id. */
  id: string;
  orderId: string;
  amountPaise: number;
  status: GatewayPaymentStatus;
  /** 'upi', 'card', 'netbanking', 'wallet'... */
  method: string;
  /** The gateway's reason for a failure, as it says it to the shopper. */
  errorDescription: string | null;
}

export interface GatewayRefund {
  /** Razorpay's `rfnd_...` id. */
  id: string;
  paymentId: string;
  amountPaise: number;
  status: GatewayRefundStatus;
}

/** What the browser needs to open the gateway's checkout for one gateway order. */
export interface CheckoutSession {
  gateway: GatewayId;
  /** Razorpay's public key id (`rzp_...`); the local gateway's is 'local'. */
  keyId: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: 'INR';
  /** The local gateway's page (a same-origin path); null for Razorpay, whose checkout.js opens it. */
  pageUrl: string | null;
}

export interface PaymentGateway {
  id: GatewayId;
  /** Creates the gateway order a payment is made against (Razorpay: POST /v1/orders). */
  createOrder(input: { amountPaise: number; receipt: string; notes: Record<string, string> }): Promise<GatewayOrder>;
  checkoutSession(order: GatewayOrder): CheckoutSession;
  /** Razorpay: GET /v1/payments/{id}. */
  fetchPayment(paymentId: string): Promise<GatewayPayment>;
  /** Razorpay: GET /v1/orders/{id}/payments. */
  fetchOrderPayments(gatewayOrderId: string): Promise<GatewayPayment[]>;
  /**
   * Razorpay: POST /v1/payments/{id}/refund. `receipt` makes a retried refund the same refund
   * (our refund row's id).
   */
  refund(input: { paymentId: string; amountPaise: number; receipt: string }): Promise<GatewayRefund>;
  /** The checkout's handler signature: hex HMAC-SHA256 of `${gatewayOrderId}|${paymentId}` with the key secret. */
  verifyPaymentSignature(input: { gatewayOrderId: string; paymentId: string; signature: string }): boolean;
  /** A webhook's `X-Razorpay-Signature`: hex HMAC-SHA256 of the raw body with the webhook secret. */
  verifyWebhookSignature(rawBody: string, signature: string): boolean;
}
