/**
 * Online payment (issue 17, decision 030) with the local gateway, through the real routes and
 * database: an online order holds its stock while awaiting payment, is paid through the gateway's
 * page, verified and confirmed by webhook; webhooks are signed, idempotent and harmless when
 * repeated or out of order; the hold job releases unpaid orders (also after a restart), refunds
 * late and double payments, and cancelling a paid order refunds it.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { buildApp } from '../../server/app';
import {
  addresses,
  gatewayPayments,
  localGatewayOrders,
  orderPayments,
  paymentWebhookEvents,
  products,
  refunds,
} from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import { LocalGateway } from '../../server/payments/local';
import { createTestApp, type TestApp } from '../setup/test-app';
import { setStock } from '../support/stock';
import { bearer, pricedProduct, shopperWithAddress, stockOf as stockOfProduct, type Shopper } from './shopper-helpers';
import { json, numberFactory, signIn, useAppClock } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('64');
let ipCounter = 1;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const clock = useAppClock(() => ctx.app);
const HOLD_MS = 15 * 60_000;

const shopper = (on: { app: TestApp } = ctx): Promise<Shopper> =>
  shopperWithAddress({ ...ctx, app: on.app }, nextNumber(), `198.51.100.${ipCounter++}`);

/** A product of the seeded catalogue set to a known price and stock (each test takes its own). */
let nextProduct = 40;
const product = (pricePaise: number, stock: number) => pricedProduct(ctx.database.db, nextProduct++, pricePaise, stock);

const stockOf = (id: number) => stockOfProduct(ctx.database.db, id);

let keyCounter = 0;
const newKey = () => `pay-key-${Date.now()}-${keyCounter++}`;

function placeOrder(
  s: Shopper,
  items: { productId: number; quantity: number; price: number }[],
  { key = newKey(), paymentMethod = 'upi', useGiftCardBalance = false, app = ctx.app } = {},
) {
  return app.inject(
    json(
      'POST',
      '/api/order',
      { addressId: s.addressId, items, paymentMethod, useGiftCardBalance },
      { headers: { ...bearer(s), 'idempotency-key': key } },
    ),
  );
}

const getOrder = async (s: Shopper, id: string, app = ctx.app) => {
  const res = await app.inject({ method: 'GET', url: `/api/order/${id}`, headers: bearer(s) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

const gatewayOf = (app = ctx.app) => {
  const gateway = app.payments.gateway;
  if (!(gateway instanceof LocalGateway)) throw new Error('the tests run with the local gateway');
  return gateway;
};

/** The tester presses a button on the local gateway's page (as its script posts it). */
const press = (gatewayOrderId: string, action: 'approve' | 'decline', app = ctx.app) =>
  app.inject(json('POST', `/pay/local/${gatewayOrderId}/${action}`, {}));

/** Lets the local gateway's queued webhooks reach POST /api/payment/webhook. */
async function deliverWebhooks(app = ctx.app) {
  await app.payments.idle();
  await app.payments.deliverWebhooks();
  await app.payments.idle();
}

const verify = (s: Shopper, orderId: string, body: Record<string, string>, app = ctx.app) =>
  app.inject(json('POST', `/api/order/${orderId}/payment/verify`, body, { headers: bearer(s) }));

/** A webhook as the gateway sends it, signed with the local gateway's webhook secret. */
function sendWebhook(
  body: unknown,
  {
    eventId = `evt_${Math.random().toString(36).slice(2, 16)}`,
    signature,
  }: { eventId?: string; signature?: string } = {},
) {
  const raw = JSON.stringify(body);
  return ctx.app.inject({
    method: 'POST',
    url: '/api/payment/webhook',
    payload: raw,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': signature ?? gatewayOf().signWebhook(raw),
      'x-razorpay-event-id': eventId,
    },
  });
}

const paymentEvent = (
  event: string,
  payment: { id: string; order_id: string; amount: number; status: string; error_description?: string | null },
) => ({
  entity: 'event',
  account_id: 'acc_local',
  event,
  contains: ['payment'],
  payload: { payment: { entity: { entity: 'payment', currency: 'INR', method: 'upi', ...payment } } },
  created_at: Math.floor(Date.now() / 1000),
});

describe('an order paid online', () => {
  it('is placed awaiting payment with its stock held, paid in the local gateway, verified and confirmed', async () => {
    const s = await shopper();
    const id = await product(12000, 5);
    const placed = await placeOrder(s, [{ productId: id, quantity: 2, price: 120 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const { data: order, checkout } = placed.json();
    expect(order).toMatchObject({
      status: 'awaiting-payment',
      paymentMethod: 'UPI',
      canCancel: true,
      payment: { method: 'upi', label: 'UPI', state: 'awaiting', amount: 245, paidAt: null, refund: null },
    });
    expect(new Date(order.payment.payBy).getTime()).toBe(ctx.app.clock.now().getTime() + HOLD_MS);
    expect(checkout).toEqual({
      gateway: 'local',
      keyId: 'local',
      gatewayOrderId: expect.stringMatching(/^order_[A-Za-z0-9]{14}$/),
      amountPaise: 24500,
      currency: 'INR',
      pageUrl: `/pay/local/${checkout.gatewayOrderId}`,
    });
    expect(await stockOf(id)).toBe(3);

    // The gateway's page: the store, the amount and the three buttons, framed by our origin only.
    const page = await ctx.app.inject({ method: 'GET', url: checkout.pageUrl, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('₹245.00');
    for (const label of ['Pay with UPI', 'Decline', 'Cancel']) expect(page.body).toContain(`>${label}</button>`);

    const approved = await press(checkout.gatewayOrderId, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    const outcome = approved.json();
    expect(outcome).toMatchObject({ event: 'paid', gatewayOrderId: checkout.gatewayOrderId });

    const verified = await verify(s, order.id, {
      gatewayOrderId: outcome.gatewayOrderId,
      paymentId: outcome.paymentId,
      signature: outcome.signature,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toMatchObject({ status: 'processing', payment: { state: 'paid', amount: 245 } });

    await deliverWebhooks();
    const read = await getOrder(s, order.id);
    expect(read).toMatchObject({
      status: 'processing',
      payment: { method: 'upi', state: 'paid', amount: 245, failureReason: null, payBy: null, refund: null },
    });
    expect(read.payment.paidAt).not.toBeNull();
    expect(await stockOf(id)).toBe(3);

    const list = await ctx.app.inject({ method: 'GET', url: '/api/order', headers: bearer(s) });
    expect(list.json().data[0]).toMatchObject({ id: order.id, status: 'processing', payment: { state: 'paid' } });
    // The page now says so, with no buttons.
    const again = await ctx.app.inject({ method: 'GET', url: checkout.pageUrl });
    expect(again.body).toContain('already paid');
    expect(again.body).not.toContain('Pay with UPI');
  });

  it('is confirmed by the webhook alone when the browser never verifies', async () => {
    const s = await shopper();
    const id = await product(5000, 5);
    const placed = await placeOrder(s, [{ productId: id, quantity: 1, price: 50 }], { paymentMethod: 'card' });
    const { data: order, checkout } = placed.json();
    expect(order.payment).toMatchObject({ method: 'card', state: 'awaiting' });
    // No verify call from the browser: the webhook (sent by the gateway on its own, right after
    // the approval) is all that confirms it.
    expect((await press(checkout.gatewayOrderId, 'approve')).statusCode).toBe(200);
    await deliverWebhooks();
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
  });
});

/** Places an online order and answers it with its checkout session. */
async function placeOnline(s: Shopper, productId: number, pricePaise: number, quantity = 1) {
  const placed = await placeOrder(s, [{ productId, quantity, price: pricePaise / 100 }]);
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as {
    data: { id: string; number: number };
    checkout: { gatewayOrderId: string; amountPaise: number };
  };
}

const refundRows = (orderId: string) =>
  ctx.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);

describe('webhooks', () => {
  it('refuses a bad signature with 400 and writes nothing', async () => {
    const s = await shopper();
    const id = await product(7000, 5);
    const { data: order, checkout } = await placeOnline(s, id, 7000);
    const body = paymentEvent('payment.captured', {
      id: 'pay_forged0000001',
      order_id: checkout.gatewayOrderId,
      amount: 7500,
      status: 'captured',
    });
    const eventId = 'evt_forged0000001';
    for (const signature of ['0'.repeat(64), 'not-hex', gatewayOf().signWebhook('{}')]) {
      const res = await sendWebhook(body, { eventId, signature });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    const missing = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment/webhook',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json' },
    });
    expect(missing.statusCode).toBe(400);
    expect(
      await ctx.database.db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, eventId)),
    ).toEqual([]);
    expect(await ctx.database.db.select().from(gatewayPayments).where(eq(gatewayPayments.orderId, order.id))).toEqual(
      [],
    );
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'awaiting-payment', payment: { state: 'awaiting' } });
  });

  it('processes an event once: a replay answers 200 and changes nothing', async () => {
    const s = await shopper();
    const id = await product(8000, 5);
    const { data: order, checkout } = await placeOnline(s, id, 8000);
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    const body = paymentEvent('payment.captured', {
      id: approved.paymentId,
      order_id: checkout.gatewayOrderId,
      amount: checkout.amountPaise,
      status: 'captured',
    });
    const first = await sendWebhook(body, { eventId: 'evt_replay00000001' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ success: true, message: 'Processed' });
    const paid = await getOrder(s, order.id);
    expect(paid).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
    const replay = await sendWebhook(body, { eventId: 'evt_replay00000001' });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ success: true, message: 'Already processed' });
    // The gateway's own deliveries of the same payment (other event ids) change nothing either.
    await deliverWebhooks();
    expect(await getOrder(s, order.id)).toEqual(paid);
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('takes events in any order: order.paid before payment.captured, payment.failed after it', async () => {
    const s = await shopper();
    const id = await product(9000, 5);
    const { data: order, checkout } = await placeOnline(s, id, 9000);
    const payment = { id: 'pay_outoforder0001', order_id: checkout.gatewayOrderId, amount: checkout.amountPaise };
    // The local gateway must know the payment for nothing else to refer to it: approve there first,
    // but send our own events in the wrong order before its webhooks are delivered.
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    payment.id = approved.paymentId;
    const orderPaid = {
      ...paymentEvent('order.paid', { ...payment, status: 'captured' }),
      contains: ['payment', 'order'],
    };
    (orderPaid.payload as Record<string, unknown>).order = {
      entity: { id: checkout.gatewayOrderId, entity: 'order', amount: checkout.amountPaise, status: 'paid' },
    };
    expect((await sendWebhook(orderPaid)).statusCode).toBe(200);
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
    expect((await sendWebhook(paymentEvent('payment.captured', { ...payment, status: 'captured' }))).statusCode).toBe(
      200,
    );
    const failed = paymentEvent('payment.failed', {
      ...payment,
      status: 'failed',
      error_description: 'Payment declined by the bank.',
    });
    expect((await sendWebhook(failed)).statusCode).toBe(200);
    expect(
      (await sendWebhook(paymentEvent('payment.authorized', { ...payment, status: 'authorized' }))).statusCode,
    ).toBe(200);
    await deliverWebhooks();
    expect(await getOrder(s, order.id)).toMatchObject({
      status: 'processing',
      payment: { state: 'paid', failureReason: null },
    });
    const [recorded] = await ctx.database.db.select().from(gatewayPayments).where(eq(gatewayPayments.id, payment.id));
    expect(recorded!.status).toBe('captured');
    expect(await refundRows(order.id)).toEqual([]);
  });

  it('never marks an order paid by a payment of another amount, and refunds that payment', async () => {
    const s = await shopper();
    const id = await product(6500, 5);
    const { data: order, checkout } = await placeOnline(s, id, 6500);
    const short = paymentEvent('payment.captured', {
      id: 'pay_shortamount001',
      order_id: checkout.gatewayOrderId,
      amount: checkout.amountPaise - 100,
      status: 'captured',
    });
    expect((await sendWebhook(short)).statusCode).toBe(200);
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'awaiting-payment', payment: { state: 'awaiting' } });
    const [refund] = await refundRows(order.id);
    expect(refund).toMatchObject({ paymentId: 'pay_shortamount001', reason: 'amount-mismatch' });
  });

  it('acknowledges and ignores events it does not know', async () => {
    const res = await sendWebhook({ entity: 'event', event: 'settlement.processed', payload: {}, created_at: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Ignored');
  });
});

describe('verifying a payment', () => {
  it("refuses a bad signature or another order's payment with 400, changing nothing", async () => {
    const s = await shopper();
    const id = await product(6000, 5);
    const { data: order, checkout } = await placeOnline(s, id, 6000);
    const other = await placeOnline(s, id, 6000);
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    const bad = await verify(s, order.id, { ...pick(approved), signature: 'f'.repeat(64) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('PAYMENT_SIGNATURE_INVALID');
    const wrongOrder = await verify(s, other.data.id, pick(approved));
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json().code).toBe('PAYMENT_NOT_FOR_ORDER');
    expect(await getOrder(s, other.data.id)).toMatchObject({
      status: 'awaiting-payment',
      payment: { state: 'awaiting' },
    });
    expect((await verify(s, order.id, pick(approved))).json().data.payment.state).toBe('paid');
  });
});

const pick = (outcome: { gatewayOrderId: string; paymentId: string; signature: string }) => ({
  gatewayOrderId: outcome.gatewayOrderId,
  paymentId: outcome.paymentId,
  signature: outcome.signature,
});

describe('a failed or abandoned payment', () => {
  it('keeps a declined order payable (the same gateway order) until the hold ends, then releases its stock', async () => {
    const s = await shopper();
    const id = await product(4000, 3);
    const { data: order, checkout } = await placeOnline(s, id, 4000, 2);
    expect(await stockOf(id)).toBe(1);
    const declined = await press(checkout.gatewayOrderId, 'decline');
    expect(declined.json()).toMatchObject({ event: 'failed', description: 'Payment declined by the bank.' });
    await deliverWebhooks();
    const failed = await getOrder(s, order.id);
    expect(failed).toMatchObject({
      status: 'awaiting-payment',
      payment: { state: 'failed', failureReason: 'Payment declined by the bank.' },
    });
    expect(failed.payment.payBy).not.toBeNull();

    const again = await ctx.app.inject(json('POST', `/api/order/${order.id}/payment`, {}, { headers: bearer(s) }));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().checkout).toEqual(checkout);

    clock.advance(HOLD_MS - 1000);
    await ctx.app.payments.sweep();
    expect((await getOrder(s, order.id)).status).toBe('awaiting-payment');
    clock.advance(2000);
    await ctx.app.payments.sweep();
    const released = await getOrder(s, order.id);
    expect(released).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Payment not completed in time.',
      canCancel: false,
      payment: { state: 'expired', payBy: null, refund: null },
    });
    expect(await stockOf(id)).toBe(3);
    const late = await ctx.app.inject(json('POST', `/api/order/${order.id}/payment`, {}, { headers: bearer(s) }));
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'ORDER_NOT_PAYABLE', data: { status: 'cancelled' } });
    // A second sweep finds nothing more to give back.
    await ctx.app.payments.sweep();
    expect(await stockOf(id)).toBe(3);
  });

  it('gives the gift card share back when the hold runs out', async () => {
    const s = await shopper();
    const id = await product(30000, 2);
    await ctx.database.db.execute(
      sql`insert into wallet_ledger (customer_id, amount_paise, kind) values (${s.customerId}, 10000, 'giftcard')`,
    );
    const placed = await placeOrder(s, [{ productId: id, quantity: 1, price: 300 }], { useGiftCardBalance: true });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.payment).toMatchObject({ label: 'E-Gift Card + UPI', amount: 205, state: 'awaiting' });
    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    const wallet = await ctx.app.inject({ method: 'GET', url: '/api/giftcard', headers: bearer(s) });
    expect(wallet.json().data.balance).toBe(100);
    expect(await stockOf(id)).toBe(2);
  });

  it('marks an order paid instead of releasing it when the gateway captured a payment whose webhook never came', async () => {
    const s = await shopper();
    const id = await product(3000, 4);
    const { data: order, checkout } = await placeOnline(s, id, 3000);
    expect((await press(checkout.gatewayOrderId, 'approve')).statusCode).toBe(200);
    // The webhooks are lost: mark them delivered without sending them.
    await ctx.app.payments.idle();
    await ctx.database.db.execute(
      sql`update local_gateway_webhooks set delivered_at = now() where delivered_at is null`,
    );
    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'processing', payment: { state: 'paid' } });
    expect(await stockOf(id)).toBe(3);
  });
});

describe('refunds', () => {
  it('refunds in full a payment that arrives after the order was released', async () => {
    const s = await shopper();
    const id = await product(5500, 4);
    const { data: order, checkout } = await placeOnline(s, id, 5500);
    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    expect((await getOrder(s, order.id)).status).toBe('cancelled');
    expect(await stockOf(id)).toBe(4);

    // The bank's success comes late.
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    await deliverWebhooks();
    await deliverWebhooks();
    const after = await getOrder(s, order.id);
    expect(after).toMatchObject({
      status: 'cancelled',
      payment: { state: 'expired', refund: { amount: 85, state: 'processed' } },
    });
    const [refund] = await refundRows(order.id);
    expect(refund).toMatchObject({
      paymentId: approved.paymentId,
      amountPaise: 8500,
      reason: 'late-payment',
      state: 'processed',
    });
    expect(await stockOf(id)).toBe(4);
  });

  it('refunds a second captured payment of a paid order', async () => {
    const s = await shopper();
    const id = await product(2500, 4);
    const { data: order, checkout } = await placeOnline(s, id, 2500);
    const first = (await press(checkout.gatewayOrderId, 'approve')).json();
    await deliverWebhooks();
    const second = await gatewayOf().approve(checkout.gatewayOrderId, { again: true });
    expect(second).toMatchObject({ event: 'paid' });
    await deliverWebhooks();
    await deliverWebhooks();
    const after = await getOrder(s, order.id);
    expect(after).toMatchObject({
      status: 'processing',
      payment: { state: 'paid', refund: { amount: 55, state: 'processed' } },
    });
    const rows = await refundRows(order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ reason: 'double-payment', paymentId: (second as { paymentId: string }).paymentId });
    expect(rows[0]!.paymentId).not.toBe(first.paymentId);
  });

  it('refunds a paid order the shopper cancels, and the refund webhook marks it processed', async () => {
    const s = await shopper();
    const id = await product(10000, 4);
    const { data: order, checkout } = await placeOnline(s, id, 10000, 2);
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    expect((await verify(s, order.id, pick(approved))).statusCode).toBe(200);
    expect(await stockOf(id)).toBe(2);
    const cancelled = await ctx.app.inject(
      json('POST', `/api/order/${order.id}/cancel`, { reason: 'Ordered by mistake' }, { headers: bearer(s) }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({
      status: 'cancelled',
      payment: { state: 'paid', refund: { amount: 205, state: 'processed' } },
    });
    expect(await stockOf(id)).toBe(4);
    const [refund] = await refundRows(order.id);
    expect(refund).toMatchObject({ reason: 'cancelled', paymentId: approved.paymentId, amountPaise: 20500 });
    expect(refund!.gatewayRefundId).toMatch(/^rfnd_/);

    // The refund webhook (processed) arrives; a refund.failed for it later changes nothing.
    await deliverWebhooks();
    const failedLater = {
      entity: 'event',
      event: 'refund.failed',
      contains: ['refund'],
      payload: {
        refund: {
          entity: { id: refund!.gatewayRefundId, payment_id: approved.paymentId, status: 'failed', amount: 20000 },
        },
      },
      created_at: 1,
    };
    expect((await sendWebhook(failedLater)).statusCode).toBe(200);
    expect((await getOrder(s, order.id)).payment.refund.state).toBe('processed');

    // The shopper's data export holds the payment and its refund.
    const exported = (await ctx.app.inject({ url: '/api/customer/me/export', headers: bearer(s) })).json();
    expect(exported.payments).toEqual([
      expect.objectContaining({ id: approved.paymentId, orderId: order.id, amount: 205, status: 'refunded' }),
    ]);
    expect(exported.refunds).toEqual([
      expect.objectContaining({
        orderId: order.id,
        paymentId: approved.paymentId,
        amount: 205,
        reason: 'cancelled',
        state: 'processed',
      }),
    ]);
  });

  it('cancels with unpaidOnly only an order still awaiting payment: a paid one stays paid, and nothing changes', async () => {
    const s = await shopper();
    const id = await product(6000, 4);
    const cancel = (orderId: string) =>
      ctx.app.inject(
        json(
          'POST',
          `/api/order/${orderId}/cancel`,
          { reason: 'Replaced by a newer order', unpaidOnly: true },
          { headers: bearer(s) },
        ),
      );

    // Paid meanwhile (another tab, the webhook): refused, still paid, no refund, stock still held.
    const { data: paid, checkout } = await placeOnline(s, id, 6000);
    expect((await verify(s, paid.id, pick((await press(checkout.gatewayOrderId, 'approve')).json()))).statusCode).toBe(
      200,
    );
    const refused = await cancel(paid.id);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'ORDER_NOT_CANCELLABLE',
      message: 'This order is no longer awaiting payment: its payment has reached us.',
      data: { status: 'processing', payment: { state: 'paid', refund: null } },
    });
    expect(await refundRows(paid.id)).toEqual([]);
    expect(await stockOf(id)).toBe(3);

    // Money taken, not yet confirmed: refused too, the payment left to be confirmed.
    const { data: confirming } = await placeOnline(s, id, 6000);
    await ctx.database.db
      .update(orderPayments)
      .set({ state: 'pending' })
      .where(eq(orderPayments.orderId, confirming.id));
    expect((await cancel(confirming.id)).json()).toMatchObject({
      code: 'ORDER_NOT_CANCELLABLE',
      data: { status: 'awaiting-payment', payment: { state: 'pending' } },
    });
    expect(await stockOf(id)).toBe(2);
    await ctx.database.db
      .update(orderPayments)
      .set({ state: 'awaiting' })
      .where(eq(orderPayments.orderId, confirming.id));
    expect((await cancel(confirming.id)).statusCode).toBe(200);

    // Still unpaid: cancelled, its stock back on the shelf.
    const { data: unpaid } = await placeOnline(s, id, 6000);
    expect(await stockOf(id)).toBe(2);
    const cancelled = await cancel(unpaid.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', cancelReason: 'Replaced by a newer order' });
    expect(await stockOf(id)).toBe(3);
    // Asked again: already cancelled, said as such.
    expect((await cancel(unpaid.id)).json()).toMatchObject({ data: { status: 'cancelled' } });
  });
});

describe('an order that replaces an unpaid one (the cart changed after it was placed)', () => {
  const replacing = (
    s: Shopper,
    replacesOrderId: string,
    items: { productId: number; quantity: number; price: number }[],
  ) =>
    ctx.app.inject(
      json(
        'POST',
        '/api/order',
        { addressId: s.addressId, items, paymentMethod: 'cod', replacesOrderId },
        { headers: { ...bearer(s), 'idempotency-key': newKey() } },
      ),
    );
  const quote = (
    s: Shopper,
    items: { productId: number; quantity: number; price: number }[],
    replacesOrderId?: string,
  ) =>
    ctx.app.inject(
      json(
        'POST',
        '/api/order/quote',
        { addressId: s.addressId, items, ...(replacesOrderId && { replacesOrderId }) },
        {
          headers: bearer(s),
        },
      ),
    );

  it('counts the stock the unpaid order holds, and cancels it as the new order takes that stock', async () => {
    const s = await shopper();
    const id = await product(3000, 3);
    const { data: unpaid } = await placeOnline(s, id, 3000, 2);
    expect(await stockOf(id)).toBe(1);
    const more = [{ productId: id, quantity: 3, price: 30 }];
    // Priced alone, three are not there; priced as the replacement, the two it holds count.
    expect((await quote(s, more)).json().data.items[0]).toMatchObject({ available: 1, problem: 'not-enough-stock' });
    expect((await quote(s, more, unpaid.id)).json().data.items[0]).toMatchObject({ available: 3, problem: null });

    const placed = await replacing(s, unpaid.id, more);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({ status: 'processing', items: [{ quantity: 3 }] });
    expect(await getOrder(s, unpaid.id)).toMatchObject({
      status: 'cancelled',
      cancelReason: `Replaced by order #${placed.json().data.number}`,
      payment: { state: 'expired' },
    });
    // My Orders says it too, beside the order that replaced it.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/order', headers: bearer(s) });
    expect(list.json().data).toMatchObject([
      { id: placed.json().data.id, cancelReason: null, cancelledBy: null },
      { id: unpaid.id, cancelReason: `Replaced by order #${placed.json().data.number}`, cancelledBy: 'customer' },
    ]);
    expect(await stockOf(id)).toBe(0);
  });

  it('keeps the unpaid order as it was when the new one cannot be placed', async () => {
    const s = await shopper();
    const id = await product(3000, 3);
    const { data: unpaid } = await placeOnline(s, id, 3000, 2);
    // Four asked for: even with the two it holds, the store has three.
    const refused = await replacing(s, unpaid.id, [{ productId: id, quantity: 4, price: 30 }]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'OUT_OF_STOCK', items: [{ available: 3 }] });
    expect(await getOrder(s, unpaid.id)).toMatchObject({ status: 'awaiting-payment', payment: { state: 'awaiting' } });
    expect(await stockOf(id)).toBe(1);
  });

  it('places nothing when a payment reached the unpaid order meanwhile', async () => {
    const s = await shopper();
    const id = await product(3000, 5);
    const { data: unpaid, checkout } = await placeOnline(s, id, 3000, 2);
    expect(
      (await verify(s, unpaid.id, pick((await press(checkout.gatewayOrderId, 'approve')).json()))).statusCode,
    ).toBe(200);
    const refused = await replacing(s, unpaid.id, [{ productId: id, quantity: 1, price: 30 }]);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'EARLIER_ORDER_PAID',
      reason: 'earlier-paid',
      data: { id: unpaid.id, status: 'processing', payment: { state: 'paid' } },
    });
    const mine = (await ctx.app.inject({ url: '/api/order', headers: bearer(s) })).json();
    expect(mine.data.map((order: { id: string }) => order.id)).toEqual([unpaid.id]);
    expect(await stockOf(id)).toBe(3);
  });

  it('places the order when the one to replace is already cancelled or not known', async () => {
    const s = await shopper();
    const id = await product(3000, 5);
    const { data: released } = await placeOnline(s, id, 3000, 1);
    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    const line = [{ productId: id, quantity: 1, price: 30 }];
    expect((await replacing(s, released.id, line)).statusCode).toBe(201);
    expect((await replacing(s, '00000000-0000-4000-8000-000000000000', line)).statusCode).toBe(201);
    expect(await stockOf(id)).toBe(3);
  });
});

describe('refunds, continued', () => {
  it('keeps a refund pending while the gateway refuses the call, and the job retries it', async () => {
    const s = await shopper();
    const id = await product(4500, 4);
    const { data: order, checkout } = await placeOnline(s, id, 4500);
    const approved = (await press(checkout.gatewayOrderId, 'approve')).json();
    expect((await verify(s, order.id, pick(approved))).statusCode).toBe(200);
    const gateway = gatewayOf();
    const original = gateway.refund.bind(gateway);
    gateway.refund = async () => {
      throw new Error('gateway down');
    };
    try {
      const cancelled = await ctx.app.inject(
        json('POST', `/api/order/${order.id}/cancel`, { reason: 'Changed my mind' }, { headers: bearer(s) }),
      );
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().data.payment.refund).toMatchObject({ amount: 75, state: 'pending' });
    } finally {
      gateway.refund = original;
    }
    await ctx.app.payments.sweep();
    expect((await getOrder(s, order.id)).payment.refund.state).toBe('pending');
    clock.advance(31_000);
    await ctx.app.payments.sweep();
    expect((await getOrder(s, order.id)).payment.refund).toMatchObject({ amount: 75, state: 'processed' });
    const [refund] = await refundRows(order.id);
    expect(refund!.attempts).toBe(2);
  });

  it('lets the store cancel a paid order from the command line, and never dispatch an unpaid one', async () => {
    const s = await shopper();
    const id = await product(3500, 4);
    const unpaid = await placeOnline(s, id, 3500);
    await expect(runOps(['order:advance', String(unpaid.data.number)], ctx.database, 'x'.repeat(40))).rejects.toThrow(
      'awaiting payment and cannot be dispatched',
    );
    const paid = await placeOnline(s, id, 3500);
    const approved = (await press(paid.checkout.gatewayOrderId, 'approve')).json();
    expect((await verify(s, paid.data.id, pick(approved))).statusCode).toBe(200);
    const said = await runOps(
      ['order:cancel', String(paid.data.number), '--reason', 'Out of stock at the store'],
      ctx.database,
      'x'.repeat(40),
      ctx.app.clock.now(),
    );
    expect(said).toMatch(/is now cancelled\. Its online payment is refunded/);
    expect((await getOrder(s, paid.data.id)).payment.refund.state).toBe('pending');
    await ctx.app.payments.sweep();
    expect((await getOrder(s, paid.data.id)).payment.refund.state).toBe('processed');
  });
});

describe('placing online orders', () => {
  it('gives one order and one gateway order for a double tap or a replayed request', async () => {
    const s = await shopper();
    const id = await product(2000, 10);
    const key = newKey();
    const items = [{ productId: id, quantity: 1, price: 20 }];
    const taps = await Promise.all(Array.from({ length: 6 }, () => placeOrder(s, items, { key })));
    expect(taps.map((t) => t.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    const orderIds = new Set(taps.map((t) => t.json().data.id));
    const gatewayOrders = new Set(taps.map((t) => t.json().checkout.gatewayOrderId));
    expect(orderIds.size).toBe(1);
    expect(gatewayOrders.size).toBe(1);
    const [orderId] = [...orderIds];
    const replay = await placeOrder(s, items, { key });
    expect(replay.json().checkout.gatewayOrderId).toBe([...gatewayOrders][0]);
    const atGateway = await ctx.database.db
      .select()
      .from(localGatewayOrders)
      .where(eq(localGatewayOrders.receipt, orderId!));
    expect(atGateway).toHaveLength(1);
    expect(await stockOf(id)).toBe(9);
  });

  it('finishes creating the gateway order after a crash between the order and the gateway order', async () => {
    const s = await shopper();
    const id = await product(2000, 10);
    const key = newKey();
    const items = [{ productId: id, quantity: 1, price: 20 }];
    const gateway = gatewayOf();
    const original = gateway.createOrder.bind(gateway);
    gateway.createOrder = async () => {
      throw new Error('connection reset');
    };
    try {
      const failed = await placeOrder(s, items, { key });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().code).toBe('PAYMENT_GATEWAY_FAILED');
    } finally {
      gateway.createOrder = original;
    }
    // The order is held and listed; the retry (same key) creates its gateway order, once.
    const list = await ctx.app.inject({ method: 'GET', url: '/api/order', headers: bearer(s) });
    const [held] = list.json().data;
    expect(held).toMatchObject({ status: 'awaiting-payment', payment: { state: 'awaiting' } });
    const retried = await placeOrder(s, items, { key });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data.id).toBe(held.id);
    expect(retried.json().checkout.gatewayOrderId).toMatch(/^order_/);
    const atGateway = await ctx.database.db
      .select()
      .from(localGatewayOrders)
      .where(eq(localGatewayOrders.receipt, held.id));
    expect(atGateway).toHaveLength(1);
  });

  it('never oversells: 20 shoppers paying at once for a product with stock 5', async () => {
    const id = await product(1500, 5);
    const shoppers = [];
    for (let i = 0; i < 20; i++) shoppers.push(await shopper());
    const answers = await Promise.all(shoppers.map((s) => placeOrder(s, [{ productId: id, quantity: 1, price: 15 }])));
    const placed = answers.filter((a) => a.statusCode === 201);
    expect(placed).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 409).every((a) => a.json().code === 'OUT_OF_STOCK')).toBe(true);
    expect(await stockOf(id)).toBe(0);
    // They all pay at once; every one becomes paid, and stock never goes below zero.
    const paid = await Promise.all(placed.map((a) => press(a.json().checkout.gatewayOrderId, 'approve')));
    expect(paid.every((p) => p.statusCode === 200)).toBe(true);
    await deliverWebhooks();
    const states = await ctx.database.db
      .select({ state: orderPayments.state })
      .from(orderPayments)
      .where(
        sql`${orderPayments.orderId} in (${sql.join(
          placed.map((a) => sql`${a.json().data.id}::uuid`),
          sql`, `,
        )})`,
      );
    expect(states.map((r) => r.state)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid']);
    expect(await stockOf(id)).toBe(0);
  });

  it('refuses UPI when online payment is off, but not a gift card paying everything', async () => {
    const off = await createTestApp({ payments: { provider: 'off' } });
    try {
      const s = await signIn(off, nextNumber(), '198.51.100.250');
      const [row] = await off.database.db
        .insert(addresses)
        .values({
          customerId: s.customerId,
          tag: 'Home',
          locality: 'Bandra',
          buildingName: 'A',
          name: 'A',
          city: 'Mumbai',
          latitude: 19.06,
          longitude: 72.83,
        })
        .returning({ id: addresses.id });
      const [p] = await off.database.db
        .select({ id: products.id, price: products.pricePaise, stock: products.stock })
        .from(products)
        .limit(1);
      await setStock(off.database.db, p!.id, 5);
      const res = await off.app.inject(
        json(
          'POST',
          '/api/order',
          {
            addressId: row!.id,
            items: [{ productId: p!.id, quantity: 1, price: p!.price / 100 }],
            paymentMethod: 'upi',
          },
          { headers: { authorization: `Bearer ${s.token}`, 'idempotency-key': newKey() } },
        ),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        success: false,
        code: 'PAYMENT_UNAVAILABLE',
        message: 'Online payment is not available. Choose cash on delivery.',
      });
      const [after] = await off.database.db
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, p!.id));
      expect(after!.stock).toBe(5);
    } finally {
      await off.close();
    }
  });
});

describe('the hold job across a restart', () => {
  it('releases an abandoned order from a new app on the same database', async () => {
    // Its own clock, far ahead of the shared app's, so only the apps of this test release it.
    let now = Date.now() + 30 * 86_400_000;
    const appClock = { now: () => new Date(now) };
    const first = await buildApp({ config: ctx.config, database: ctx.database, closeDatabase: false, clock: appClock });
    await first.ready();
    const s = await shopper({ app: first });
    const id = await product(2200, 3);
    const placed = await placeOrder(s, [{ productId: id, quantity: 2, price: 22 }], { app: first });
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json().data.id;
    expect(await stockOf(id)).toBe(1);
    await first.close();

    now += HOLD_MS + 1000;
    const second = await buildApp({
      config: ctx.config,
      database: ctx.database,
      closeDatabase: false,
      clock: appClock,
    });
    try {
      await second.ready();
      await second.payments.idle();
      await second.payments.sweep();
      const order = await getOrder(s, orderId, second);
      expect(order).toMatchObject({ status: 'cancelled', payment: { state: 'expired' } });
      expect(await stockOf(id)).toBe(3);
    } finally {
      await second.close();
    }
  });
});
