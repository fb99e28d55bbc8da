/**
 * Online payment end to end with PAYMENT_PROVIDER=razorpay: the real routes, database and the
 * official SDK, with Razorpay's API answered by the msw module (tests/mocks/razorpay.ts). An
 * online order creates a Razorpay order; the browser's proof (signed as Razorpay Checkout signs
 * it) is verified and the payment fetched; webhooks signed with the webhook secret confirm it,
 * repeated or not; cancelling a paid order refunds it through Razorpay, and the refund's webhook
 * settles it.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import type { PaymentsConfig } from '../../server/config';
import { createRazorpayMock, hmacHex, razorpayOutage, type RazorpayWebhook } from '../mocks/razorpay';
import { createTestApp } from '../setup/test-app';
import { bearer, pricedProduct, shopperWithAddress, stockOf as stockOfProduct, type Shopper } from './shopper-helpers';
import { json, numberFactory } from './auth-helpers';

const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisissecretkeyXYZ12345',
  webhookSecret: 'webhook-secret-from-the-dashboard',
};
const payments: PaymentsConfig = { provider: 'razorpay', holdMinutes: 15, ...keys };

const rz = createRazorpayMock(keys);
const mockServer = setupServer(...rz.handlers);
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('66');
let ipCounter = 1;

beforeAll(async () => {
  mockServer.listen({ onUnhandledFrame: 'error' });
  ctx = await createTestApp({ payments });
});
afterEach(() => mockServer.resetHandlers());
afterAll(async () => {
  await ctx.close();
  mockServer.close();
});

const shopper = (): Promise<Shopper> => shopperWithAddress(ctx, nextNumber(), `198.51.100.${ipCounter++}`);

let nextProduct = 20;
const product = (pricePaise: number, stock: number) => pricedProduct(ctx.database.db, nextProduct++, pricePaise, stock);

const stockOf = (id: number) => stockOfProduct(ctx.database.db, id);

let keyCounter = 0;

async function placeOnline(s: Shopper, productId: number, price: number, paymentMethod: 'upi' | 'card' = 'upi') {
  const res = await ctx.app.inject(
    json(
      'POST',
      '/api/order',
      { addressId: s.addressId, items: [{ productId, quantity: 1, price }], paymentMethod, useGiftCardBalance: false },
      { headers: { ...bearer(s), 'idempotency-key': `rzp-key-${keyCounter++}` } },
    ),
  );
  return res;
}

const getOrder = async (s: Shopper, id: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: bearer(s) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const verify = (s: Shopper, orderId: string, body: Record<string, string>) =>
  ctx.app.inject(json('POST', `/api/order/${orderId}/payment/verify`, body, { headers: bearer(s) }));

/** Razorpay delivers a webhook to POST /api/payment/webhook. */
const deliver = (webhook: RazorpayWebhook) =>
  ctx.app.inject({ method: 'POST', url: '/api/payment/webhook', payload: webhook.body, headers: webhook.headers });

describe('paying with Razorpay', () => {
  it('creates a Razorpay order, verifies the checkout’s signature, and a signed webhook confirms it (twice is once)', async () => {
    const s = await shopper();
    const id = await product(24_900, 4);
    const placed = await placeOnline(s, id, 249);
    expect(placed.statusCode, placed.body).toBe(201);
    const { data: order, checkout } = placed.json();
    expect(order).toMatchObject({ status: 'awaiting-payment', payment: { method: 'upi', state: 'awaiting' } });
    expect(await stockOf(id)).toBe(3);

    // One Razorpay order, in paise, with our order id as its receipt; the browser gets its id and our key id.
    const created = rz.calls.filter((call) => call.path === '/v1/orders');
    expect(created).toHaveLength(1);
    expect(created[0]!.body).toMatchObject({ currency: 'INR', receipt: order.id, payment_capture: true });
    const gatewayOrder = rz.order(checkout.gatewayOrderId);
    expect(gatewayOrder.amount).toBe(Math.round(order.payment.amount * 100));
    expect(checkout).toEqual({
      gateway: 'razorpay',
      keyId: keys.keyId,
      gatewayOrderId: gatewayOrder.id,
      amountPaise: gatewayOrder.amount,
      currency: 'INR',
      pageUrl: null,
    });

    // The shopper pays in Razorpay Checkout; its handler hands the browser three values.
    const { payment, handler } = rz.pay(checkout.gatewayOrderId);
    expect(handler.razorpay_signature).toBe(hmacHex(keys.keySecret, `${checkout.gatewayOrderId}|${payment.id}`));

    // A signature that is not Razorpay's is refused, and nothing changes.
    const forged = await verify(s, order.id, {
      gatewayOrderId: handler.razorpay_order_id,
      paymentId: handler.razorpay_payment_id,
      signature: hmacHex('not-the-key-secret', `${handler.razorpay_order_id}|${handler.razorpay_payment_id}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    expect((await getOrder(s, order.id)).status).toBe('awaiting-payment');

    const verified = await verify(s, order.id, {
      gatewayOrderId: handler.razorpay_order_id,
      paymentId: handler.razorpay_payment_id,
      signature: handler.razorpay_signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
    // The server asked Razorpay for the payment rather than believing the browser.
    expect(rz.calls.some((call) => call.method === 'GET' && call.path === `/v1/payments/${payment.id}`)).toBe(true);

    // Razorpay's webhooks: payment.captured, then order.paid; a redelivery (same event id) is harmless.
    const captured = rz.webhook('payment.captured', { paymentId: payment.id });
    expect((await deliver(captured)).statusCode).toBe(200);
    expect((await deliver(captured)).statusCode).toBe(200);
    expect((await deliver(rz.webhook('order.paid', { paymentId: payment.id }))).statusCode).toBe(200);
    const read = await getOrder(s, order.id);
    expect(read).toMatchObject({ status: 'processing', payment: { state: 'paid', refund: null } });
    expect(read.payment.paidAt).not.toBeNull();
    expect(await stockOf(id)).toBe(3);
  });

  it('is confirmed by the webhook alone, and a webhook not signed with the webhook secret is refused', async () => {
    const s = await shopper();
    const id = await product(9_900, 2);
    const { data: order, checkout } = (await placeOnline(s, id, 99, 'card')).json();
    const { payment } = rz.pay(checkout.gatewayOrderId, { method: 'card' });

    const forged = rz.webhook('payment.captured', { paymentId: payment.id }, { secret: keys.keySecret });
    const refused = await deliver(forged);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect((await getOrder(s, order.id)).status).toBe('awaiting-payment');

    expect((await deliver(rz.webhook('payment.captured', { paymentId: payment.id }))).statusCode).toBe(200);
    expect(await getOrder(s, order.id)).toMatchObject({
      status: 'processing',
      payment: { method: 'card', state: 'paid' },
    });
  });

  it('shows a failed payment with Razorpay’s reason, and a second attempt pays the same order', async () => {
    const s = await shopper();
    const id = await product(15_000, 3);
    const { data: order, checkout } = (await placeOnline(s, id, 150)).json();
    const failed = rz.pay(checkout.gatewayOrderId, {
      status: 'failed',
      errorDescription: 'Payment failed because the UPI PIN was wrong.',
    });
    expect((await deliver(rz.webhook('payment.failed', { paymentId: failed.payment.id }))).statusCode).toBe(200);
    expect(await getOrder(s, order.id)).toMatchObject({
      status: 'awaiting-payment',
      payment: { state: 'failed', failureReason: 'Payment failed because the UPI PIN was wrong.' },
    });
    expect(await stockOf(id)).toBe(2);

    // Pay again: the same Razorpay order.
    const again = await ctx.app.inject(json('POST', `/api/order/${order.id}/payment`, {}, { headers: bearer(s) }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().checkout.gatewayOrderId).toBe(checkout.gatewayOrderId);
    const { handler } = rz.pay(checkout.gatewayOrderId);
    const verified = await verify(s, order.id, {
      gatewayOrderId: handler.razorpay_order_id,
      paymentId: handler.razorpay_payment_id,
      signature: handler.razorpay_signature,
    });
    expect(verified.json().data).toMatchObject({
      status: 'processing',
      payment: { state: 'paid', failureReason: null },
    });
  });

  it('refunds a cancelled paid order through Razorpay, once, and the refund webhook settles it', async () => {
    const s = await shopper();
    const id = await product(32_000, 2);
    const { data: order, checkout } = (await placeOnline(s, id, 320)).json();
    const { payment, handler } = rz.pay(checkout.gatewayOrderId);
    await verify(s, order.id, {
      gatewayOrderId: handler.razorpay_order_id,
      paymentId: handler.razorpay_payment_id,
      signature: handler.razorpay_signature,
    });

    const cancelled = await ctx.app.inject(
      json('POST', `/api/order/${order.id}/cancel`, { reason: 'Ordered by mistake' }, { headers: bearer(s) }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const paid = rz.payment(payment.id).amount;
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      payment: { refund: { amount: paid / 100, state: 'pending' } },
    });
    expect(await stockOf(id)).toBe(2);

    // One refund of the whole payment, at normal speed, idempotent by its receipt.
    const refundCalls = rz.calls.filter((call) => call.path === `/v1/payments/${payment.id}/refund`);
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.body).toMatchObject({ amount: paid, speed: 'normal' });
    expect(refundCalls[0]!.idempotencyKey).toBe(refundCalls[0]!.body!.receipt);
    const refunds = [...rz.refunds.values()].filter((refund) => refund.payment_id === payment.id);
    expect(refunds).toHaveLength(1);

    // Razorpay settles it and says so; the order shows it.
    rz.settleRefund(refunds[0]!.id, 'processed');
    const processed = rz.webhook('refund.processed', { refundId: refunds[0]!.id });
    expect((await deliver(processed)).statusCode).toBe(200);
    expect((await deliver(processed)).statusCode).toBe(200);
    expect((await getOrder(s, order.id)).payment.refund).toMatchObject({ amount: paid / 100, state: 'processed' });
    expect([...rz.refunds.values()].filter((refund) => refund.payment_id === payment.id)).toHaveLength(1);
  });

  it('keeps the order when Razorpay is down at checkout, and pays it once Razorpay is back', async () => {
    const s = await shopper();
    const id = await product(5_000, 3);
    mockServer.use(razorpayOutage.isDown());
    const placed = await placeOnline(s, id, 50);
    expect(placed.statusCode).toBe(502);
    expect(placed.json().code).toBe('PAYMENT_GATEWAY_FAILED');

    mockServer.resetHandlers();
    const list = await ctx.app.inject({ method: 'GET', url: '/api/order', headers: bearer(s) });
    const [order] = list.json().data;
    expect(order).toMatchObject({ status: 'awaiting-payment', payment: { state: 'awaiting' } });
    const session = await ctx.app.inject(json('POST', `/api/order/${order.id}/payment`, {}, { headers: bearer(s) }));
    expect(session.statusCode, session.body).toBe(200);
    const { checkout } = session.json();
    expect(checkout).toMatchObject({ gateway: 'razorpay', gatewayOrderId: expect.stringMatching(/^order_/) });
    const { handler } = rz.pay(checkout.gatewayOrderId);
    const verified = await verify(s, order.id, {
      gatewayOrderId: handler.razorpay_order_id,
      paymentId: handler.razorpay_payment_id,
      signature: handler.razorpay_signature,
    });
    expect(verified.json().data).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
  });
});
