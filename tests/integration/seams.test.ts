/**
 * Where issue 16 (PIN codes), issue 17 (online payment) and issue 18 (staff and the console) meet:
 * the local gateway's page and its one policy, the console marking a product not sold while an
 * order awaiting payment holds its stock, the data export of a shopper with PIN codes, payments,
 * refunds who is also staff, and deleting an account with an order awaiting payment.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { orders, refunds } from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import { LocalGateway } from '../../server/payments/local';
import { createTestApp } from '../setup/test-app';
import { bearer, pricedProduct, shopperWithAddress, stockOf as stockOfProduct, type Shopper } from './shopper-helpers';
import { json, numberFactory, signIn, useAppClock, type SignedIn } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('87');
let ip = 1;
let nextProduct = 60;
let keyCounter = 0;

beforeAll(async () => {
  ctx = await createTestApp();
}, 120_000);
afterAll(() => ctx.close());

const clock = useAppClock(() => ctx.app);
const HOLD_MS = 15 * 60_000;
const ops = (argv: string[]) => runOps(argv, ctx.database, ctx.config.jwtSecret);

const shopper = (mobile = nextNumber()): Promise<Shopper> => shopperWithAddress(ctx, mobile, `198.51.100.${ip++}`);

const product = (pricePaise: number, stock: number) => pricedProduct(ctx.database.db, nextProduct++, pricePaise, stock);

const stockOf = (id: number) => stockOfProduct(ctx.database.db, id);

async function placeOnline(s: Shopper, productId: number, pricePaise: number, quantity = 1) {
  const placed = await ctx.app.inject(
    json(
      'POST',
      '/api/order',
      {
        addressId: s.addressId,
        items: [{ productId, quantity, price: pricePaise / 100 }],
        paymentMethod: 'upi',
        useGiftCardBalance: false,
      },
      { headers: { ...bearer(s), 'idempotency-key': `seam-${Date.now()}-${keyCounter++}` } },
    ),
  );
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json() as { data: { id: string }; checkout: { gatewayOrderId: string; amountPaise: number } };
}

const getOrder = async (s: SignedIn, id: string) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: bearer(s) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

async function deliverWebhooks() {
  await ctx.app.payments.idle();
  await ctx.app.payments.deliverWebhooks();
  await ctx.app.payments.idle();
}

const press = (gatewayOrderId: string, action: 'approve' | 'decline') =>
  ctx.app.inject(json('POST', `/pay/local/${gatewayOrderId}/${action}`, {}));

describe('the local gateway’s page', () => {
  it('answers an order’s page with one policy: framed by our own origin only', async () => {
    expect(ctx.app.payments.gateway).toBeInstanceOf(LocalGateway);
    const s = await shopper();
    const id = await product(2500, 3);
    const { checkout } = await placeOnline(s, id, 2500);
    for (const url of [`/pay/local/${checkout.gatewayOrderId}`, '/pay/local/page.js', '/pay/local/page.css']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      const header = res.headers['content-security-policy'];
      expect(typeof header, url).toBe('string');
      const directives = String(header)
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean);
      const names = directives.map((part) => part.split(/\s+/)[0]);
      expect(new Set(names).size, url).toBe(names.length);
      expect(directives, url).toContain("frame-ancestors 'self'");
      expect(directives, url).toContain("script-src 'self'");
      expect(res.headers['x-frame-options'], url).toBeUndefined();
    }
    const checkoutPage = await ctx.app.inject({ method: 'GET', url: '/checkout', headers: { accept: 'text/html' } });
    expect(String(checkoutPage.headers['content-security-policy'])).toMatch(/(^|;)\s*frame-src 'self'(;|$)/);
  });
});

describe('the console against orders awaiting payment', () => {
  it('keeps a product marked not sold at stock 0 when an unpaid order’s hold runs out', async () => {
    const s = await shopper();
    const id = await product(3000, 5);
    const { data: order } = await placeOnline(s, id, 3000, 2);
    expect(await stockOf(id)).toBe(3);
    const manager = await signIn(ctx, nextNumber(), `198.51.100.${ip++}`);
    await ops(['staff:add', manager.mobile, '--role', 'admin']);
    const current = await ctx.app.inject({ method: 'GET', url: `/api/ops/products/${id}`, headers: bearer(manager) });
    expect(current.statusCode, current.body).toBe(200);
    const edited = await ctx.app.inject(
      json(
        'PATCH',
        `/api/ops/products/${id}`,
        { version: current.json().data.version, sold: false },
        { headers: bearer(manager) },
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stockOf(id)).toBe(0);

    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    expect(await getOrder(s, order.id)).toMatchObject({ status: 'cancelled', payment: { state: 'expired' } });
    expect(await stockOf(id)).toBe(0);
  });
});

describe('the data export and deletion', () => {
  it('exports a shopper who is also staff: PIN codes, payments, refunds', async () => {
    const s = await shopper();
    await ops(['staff:add', s.mobile, '--role', 'admin']);
    const id = await product(4200, 4);
    const { data: order, checkout } = await placeOnline(s, id, 4200);
    expect((await press(checkout.gatewayOrderId, 'approve')).statusCode).toBe(200);
    await deliverWebhooks();
    expect((await getOrder(s, order.id)).payment.state).toBe('paid');
    const cancelled = await ctx.app.inject(
      json('POST', `/api/order/${order.id}/cancel`, { reason: 'Ordered by mistake' }, { headers: bearer(s) }),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/me/export', headers: bearer(s) });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json();
    expect(data.addresses[0].pincode).toBe('400050');
    expect(data.orders[0].address.pincode).toBe('400050');
    expect(data.payments).toHaveLength(1);
    expect(data.refunds).toHaveLength(1);
    expect(data.refunds[0]).toMatchObject({ orderId: order.id });
  });

  it('deletes an account with an order awaiting payment: its snapshot loses the PIN code, its stock comes back', async () => {
    const s = await shopper();
    const id = await product(2000, 4);
    const { data: order } = await placeOnline(s, id, 2000);
    const deleted = await ctx.app.inject(json('DELETE', '/api/customer/me', { confirm: true }, { headers: bearer(s) }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    const [row] = await ctx.database.db.select({ address: orders.address }).from(orders).where(eq(orders.id, order.id));
    expect(row!.address).not.toHaveProperty('pincode');
    expect(JSON.stringify(row!.address)).not.toContain('400050');

    clock.advance(HOLD_MS + 1000);
    await ctx.app.payments.sweep();
    const [after] = await ctx.database.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('cancelled');
    expect(await stockOf(id)).toBe(4);
  });

  it('cancels an order awaiting payment when its account is deleted: a payment that still arrives is refunded, never shipped to an erased address', async () => {
    const s = await shopper();
    const id = await product(2600, 4);
    const { data: order, checkout } = await placeOnline(s, id, 2600);
    expect(await stockOf(id)).toBe(3);
    const deleted = await ctx.app.inject(json('DELETE', '/api/customer/me', { confirm: true }, { headers: bearer(s) }));
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The stock comes back at once, not when the hold would have run out.
    expect(await stockOf(id)).toBe(4);

    // The gateway's page was still open: the payment goes through.
    expect((await press(checkout.gatewayOrderId, 'approve')).statusCode).toBe(200);
    await deliverWebhooks();
    const [row] = await ctx.database.db
      .select({ status: orders.status, cancelledBy: orders.cancelledBy })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row).toEqual({ status: 'cancelled', cancelledBy: 'customer' });
    const refundRows = await ctx.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refundRows).toHaveLength(1);
    expect(refundRows[0]).toMatchObject({ amountPaise: checkout.amountPaise, reason: 'late-payment' });
    expect(await stockOf(id)).toBe(4);
  });
});
