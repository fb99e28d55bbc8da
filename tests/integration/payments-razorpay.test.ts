import { createHmac } from 'node:crypto';

import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { GatewayError } from '../../server/payments/gateway-error';
import { createRazorpayGateway } from '../../server/payments/razorpay';
import { createRazorpayMock, razorpayOutage } from '../mocks/razorpay';

const keys = {
  keyId: 'rzp_test_1DP5mmOlF5G5ag',
  keySecret: 'thisissecretkeyXYZ12345',
  webhookSecret: 'webhook-secret-from-the-dashboard',
};

const rz = createRazorpayMock(keys);
const mockServer = setupServer(...rz.handlers);
const gateway = await createRazorpayGateway({ ...keys, timeoutMs: 500 });

beforeAll(() => mockServer.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

/** What a call threw. */
async function failure(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GatewayError);
    return error as GatewayError;
  }
  throw new Error('the call succeeded');
}

describe('the Razorpay gateway (official SDK) against Razorpay’s API', () => {
  it('creates an order in paise and INR with our order id as receipt, captured automatically', async () => {
    const receipt = '0b7e6f1c-2a43-4c1e-9a55-7f1d6c2b9e10';
    const order = await gateway.createOrder({
      amountPaise: 24_900,
      receipt,
      notes: { orderId: receipt, store: 'QuickCart' },
    });
    expect(order).toEqual({
      id: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 24_900,
      currency: 'INR',
      receipt,
    });

    const call = rz.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: '/v1/orders', status: 200 });
    expect(call.body).toEqual({
      amount: 24_900,
      currency: 'INR',
      receipt,
      notes: { orderId: receipt, store: 'QuickCart' },
      payment_capture: true,
    });
    expect(rz.order(order.id)).toMatchObject({ amount: 24_900, amount_due: 24_900, status: 'created', receipt });

    expect(gateway.checkoutSession(order)).toEqual({
      gateway: 'razorpay',
      keyId: keys.keyId,
      gatewayOrderId: order.id,
      amountPaise: 24_900,
      currency: 'INR',
      pageUrl: null,
    });
  });

  it('keeps notes within Razorpay’s limits (15 pairs of 256 characters)', async () => {
    const notes = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, 'x'.repeat(300)]));
    await gateway.createOrder({ amountPaise: 10_000, receipt: 'notes-limit', notes });
    const sent = rz.calls.at(-1)!.body!.notes as Record<string, string>;
    expect(Object.keys(sent)).toHaveLength(15);
    expect(Object.values(sent).every((value) => value.length === 256)).toBe(true);
  });

  it('reads payments back by id and by order, captured or failed with the bank’s reason', async () => {
    const order = await gateway.createOrder({ amountPaise: 15_000, receipt: 'order-read-back', notes: {} });
    const failed = rz.pay(order.id, {
      status: 'failed',
      errorDescription: 'Payment failed because the UPI PIN was wrong.',
    });
    const captured = rz.pay(order.id, { method: 'card' });

    expect(await gateway.fetchPayment(failed.payment.id)).toEqual({
      id: failed.payment.id,
      orderId: order.id,
      amountPaise: 15_000,
      status: 'failed',
      method: 'upi',
      errorDescription: 'Payment failed because the UPI PIN was wrong.',
    });
    expect(await gateway.fetchPayment(captured.payment.id)).toMatchObject({
      status: 'captured',
      method: 'card',
      errorDescription: null,
    });

    const listed = await gateway.fetchOrderPayments(order.id);
    expect(listed.map((payment) => [payment.id, payment.status]).sort()).toEqual(
      [
        [failed.payment.id, 'failed'],
        [captured.payment.id, 'captured'],
      ].sort(),
    );
    expect(rz.calls.at(-1)).toMatchObject({ method: 'GET', path: `/v1/orders/${order.id}/payments` });
    expect(
      await gateway.fetchOrderPayments(
        (await gateway.createOrder({ amountPaise: 100, receipt: 'none', notes: {} })).id,
      ),
    ).toEqual([]);
  });

  it('refunds at normal speed, idempotently by receipt: a retry is the same refund', async () => {
    const order = await gateway.createOrder({ amountPaise: 50_000, receipt: 'order-refund', notes: {} });
    const { payment } = rz.pay(order.id);
    const receipt = 'a1b2c3d4-refund-0001';

    const refund = await gateway.refund({ paymentId: payment.id, amountPaise: 20_000, receipt });
    expect(refund).toEqual({
      id: expect.stringMatching(/^rfnd_/),
      paymentId: payment.id,
      amountPaise: 20_000,
      status: 'pending',
    });
    const call = rz.calls.at(-1)!;
    expect(call).toMatchObject({ method: 'POST', path: `/v1/payments/${payment.id}/refund`, idempotencyKey: receipt });
    expect(call.body).toEqual({ amount: 20_000, speed: 'normal', receipt });

    // The answer was lost, say, and the refund is asked for again: Razorpay gives the same one.
    expect(await gateway.refund({ paymentId: payment.id, amountPaise: 20_000, receipt })).toEqual(refund);
    expect(rz.refunds.size).toBeGreaterThanOrEqual(1);
    expect([...rz.refunds.values()].filter((r) => r.payment_id === payment.id)).toHaveLength(1);
    expect(rz.payment(payment.id)).toMatchObject({ amount_refunded: 20_000, refund_status: 'partial' });

    // More than is left: Razorpay's reason, as a rejection (retrying will not help).
    const tooMuch = await failure(
      gateway.refund({ paymentId: payment.id, amountPaise: 40_000, receipt: 'a1b2c3d4-refund-0002' }),
    );
    expect(tooMuch.kind).toBe('rejected');
    expect(tooMuch.retryable).toBe(false);
    expect(tooMuch.message).toBe(
      'Razorpay refused to refund: The refund amount provided is greater than amount captured (BAD_REQUEST_ERROR)',
    );
    expect(tooMuch.details).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR', field: 'amount', timedOut: false });
  });

  it('maps Razorpay’s errors: an unknown id, a bad amount, our keys refused, a failure on its side', async () => {
    const unknown = await failure(gateway.fetchPayment('pay_00000000000000'));
    expect(unknown).toMatchObject({
      kind: 'rejected',
      message: 'Razorpay refused to fetch payment: The id provided does not exist (BAD_REQUEST_ERROR)',
      details: {
        gateway: 'razorpay',
        operation: 'fetch payment',
        status: 400,
        description: 'The id provided does not exist',
      },
    });

    await expect(gateway.createOrder({ amountPaise: 99, receipt: 'too-small', notes: {} })).rejects.toThrow(RangeError);
    await expect(gateway.createOrder({ amountPaise: 100, receipt: 'x'.repeat(41), notes: {} })).rejects.toThrow(
      RangeError,
    );

    const wrongKeys = await createRazorpayGateway({ ...keys, keySecret: 'not-the-secret', timeoutMs: 500 });
    const refused = await failure(wrongKeys.createOrder({ amountPaise: 100, receipt: 'wrong-keys', notes: {} }));
    expect(refused.kind).toBe('auth');
    expect(refused.details).toMatchObject({
      status: 401,
      code: 'BAD_REQUEST_ERROR',
      description: 'Authentication failed',
    });
    expect(refused.message).toBe(
      'Razorpay refused our API keys (create order): Authentication failed; check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET',
    );
    expect(refused.message).not.toContain('not-the-secret');

    mockServer.use(razorpayOutage.fails());
    const down = await failure(gateway.createOrder({ amountPaise: 100, receipt: 'server-error', notes: {} }));
    expect(down).toMatchObject({
      kind: 'unavailable',
      retryable: true,
      details: { status: 500, code: 'SERVER_ERROR' },
    });
  });

  it('gives up on a slow Razorpay after its time limit, and says so', async () => {
    mockServer.use(razorpayOutage.isSlow(5_000));
    const started = performance.now();
    const slow = await failure(gateway.fetchPayment('pay_IluHJnwQ7O6Uzu'));
    const waited = performance.now() - started;
    expect(slow).toMatchObject({
      kind: 'unavailable',
      message: 'Razorpay did not answer in time (fetch payment)',
      details: { status: null, timedOut: true },
    });
    // Well before the answer would have come (timeoutMs is 500 here).
    expect(waited).toBeLessThan(4_000);
  });

  it('says when Razorpay cannot be reached', async () => {
    mockServer.use(razorpayOutage.isDown());
    const down = await failure(gateway.createOrder({ amountPaise: 100, receipt: 'unreachable', notes: {} }));
    expect(down.kind).toBe('unavailable');
    expect(down.details.timedOut).toBe(false);
    expect(down.message).toMatch(/^Razorpay could not be reached \(create order\)/);
  });
});

describe('Razorpay’s signatures', () => {
  // Computed outside this code base, as Razorpay documents them:
  //   printf '%s' 'order_IluGWxBm9U8zJ8|pay_IluHJnwQ7O6Uzu' | openssl dgst -sha256 -hmac "$KEY_SECRET"
  //   printf '%s' "$WEBHOOK_BODY" | openssl dgst -sha256 -hmac "$WEBHOOK_SECRET"
  const handlerSignature = 'c0d4a764072da5f637dc980f54276af6942ab7397558220f6d3a4d0fcb2180df';
  const webhookBody =
    '{"entity":"event","account_id":"acc_BFQ7uQEaa7j2z7","event":"payment.captured","contains":["payment"],' +
    '"payload":{"payment":{"entity":{"id":"pay_IluHJnwQ7O6Uzu","entity":"payment","amount":24900,"currency":"INR",' +
    '"status":"captured","order_id":"order_IluGWxBm9U8zJ8","method":"upi"}}},"created_at":1700000000}';
  const webhookSignature = '0cdcfba00f974ec12a1261c40fb43edd01305ef0386421670cd8d99ae9831880';

  it('accepts the checkout handler’s signature of order_id|payment_id with the key secret', async () => {
    const input = { gatewayOrderId: 'order_IluGWxBm9U8zJ8', paymentId: 'pay_IluHJnwQ7O6Uzu' };
    expect(gateway.verifyPaymentSignature({ ...input, signature: handlerSignature })).toBe(true);
    // What the mock's checkout hands the browser verifies too.
    const order = await gateway.createOrder({ amountPaise: 24_900, receipt: 'handler', notes: {} });
    const { handler } = rz.pay(order.id);
    expect(
      gateway.verifyPaymentSignature({
        gatewayOrderId: handler.razorpay_order_id,
        paymentId: handler.razorpay_payment_id,
        signature: handler.razorpay_signature,
      }),
    ).toBe(true);
  });

  it('refuses a signature for another payment, another order, another key, or not hex at all', () => {
    const input = { gatewayOrderId: 'order_IluGWxBm9U8zJ8', paymentId: 'pay_IluHJnwQ7O6Uzu' };
    const otherKey = createHmac('sha256', 'another-key-secret')
      .update('order_IluGWxBm9U8zJ8|pay_IluHJnwQ7O6Uzu')
      .digest('hex');
    for (const [label, attempt] of [
      ['another payment', { ...input, paymentId: 'pay_IluHJnwQ7O6Uzv', signature: handlerSignature }],
      ['another order', { ...input, gatewayOrderId: 'order_IluGWxBm9U8zJ9', signature: handlerSignature }],
      [
        'the order and payment swapped',
        { gatewayOrderId: input.paymentId, paymentId: input.gatewayOrderId, signature: handlerSignature },
      ],
      ['another key', { ...input, signature: otherKey }],
      ['one digit changed', { ...input, signature: handlerSignature.replace(/.$/, 'e') }],
      ['truncated', { ...input, signature: handlerSignature.slice(0, 63) }],
      ['not hex', { ...input, signature: 'z'.repeat(64) }],
      ['empty', { ...input, signature: '' }],
      ['base64 of the right digest', { ...input, signature: Buffer.from(handlerSignature, 'hex').toString('base64') }],
    ] as const) {
      expect(gateway.verifyPaymentSignature(attempt), label).toBe(false);
    }
    expect(
      gateway.verifyPaymentSignature({
        gatewayOrderId: '',
        paymentId: '',
        signature: createHmac('sha256', keys.keySecret).update('|').digest('hex'),
      }),
    ).toBe(false);
  });

  it('accepts a webhook signed over its raw body with the webhook secret, and nothing else', async () => {
    expect(gateway.verifyWebhookSignature(webhookBody, webhookSignature)).toBe(true);
    // The same event re-serialised (spaces) is another body: the signature is of the bytes sent.
    expect(gateway.verifyWebhookSignature(JSON.stringify(JSON.parse(webhookBody), null, 1), webhookSignature)).toBe(
      false,
    );
    expect(gateway.verifyWebhookSignature(webhookBody.replace('24900', '24901'), webhookSignature)).toBe(false);
    const withKeySecret = createHmac('sha256', keys.keySecret).update(webhookBody).digest('hex');
    expect(gateway.verifyWebhookSignature(webhookBody, withKeySecret)).toBe(false);
    expect(gateway.verifyWebhookSignature(webhookBody, webhookSignature.toUpperCase())).toBe(true);
    expect(gateway.verifyWebhookSignature(webhookBody, '')).toBe(false);

    // The mock's webhooks are signed the same way.
    const order = await gateway.createOrder({ amountPaise: 24_900, receipt: 'webhook', notes: {} });
    const { payment } = rz.pay(order.id);
    const event = rz.webhook('payment.captured', { paymentId: payment.id });
    expect(gateway.verifyWebhookSignature(event.body, event.signature)).toBe(true);
    const forged = rz.webhook('payment.captured', { paymentId: payment.id }, { secret: 'guessed' });
    expect(gateway.verifyWebhookSignature(forged.body, forged.signature)).toBe(false);
  });
});
