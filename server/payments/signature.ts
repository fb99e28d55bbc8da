import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Razorpay's signatures (https://razorpay.com/docs/payments/server-integration/nodejs/integration-steps/#verify-payment-signature,
 * https://razorpay.com/docs/webhooks/validate-test/): hex HMAC-SHA256.
 * - The checkout's handler: of `${razorpay_order_id}|${razorpay_payment_id}` with the key secret.
 * - A webhook's `X-Razorpay-Signature`: of the raw request body, byte for byte, with the webhook
 *   secret.
 * Both gateways (Razorpay, the local one) sign and check with these.
 */
export function hmacSha256Hex(secret: string, data: string | Buffer): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

export function paymentSignature(keySecret: string, gatewayOrderId: string, paymentId: string): string {
  return hmacSha256Hex(keySecret, `${gatewayOrderId}|${paymentId}`);
}

/**
 * Whether `given` is the hex HMAC-SHA256 of `data` with `secret`, compared in constant time (the
 * time taken says nothing about how much of a guess was right). Anything that is not 64 hex
 * digits is refused without comparing.
 */
export function signatureMatches(secret: string, data: string | Buffer, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-fA-F]{64}$/.test(given)) return false;
  const expected = createHmac('sha256', secret).update(data).digest();
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
