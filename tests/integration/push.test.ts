import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { pushSubscriptions } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { browserSubscription, pushService, type ReceivedPush } from '../mocks/push';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';
import { advanceTo, placeCodOrder } from './follow-helpers';

/** Web Push (issue 19): subscriptions, and notifications driven by the order events bus. */
const received: ReceivedPush[] = [];
const mockServer = setupServer(pushService.accepts(received));
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('75');
let ip = 1;

beforeAll(async () => {
  mockServer.listen({ onUnhandledFrame: 'error' });
  const keys = webPush.generateVAPIDKeys();
  ctx = await createTestApp({ push: { enabled: true, ...keys, subject: 'mailto:ops@quickcart.example' } });
});
afterEach(() => {
  mockServer.resetHandlers();
  received.length = 0;
});
afterAll(async () => {
  await ctx.close();
  mockServer.close();
});

const shopper = () => signIn(ctx, nextNumber(), `198.51.100.${ip++}`);
const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

async function subscribe(s: SignedIn, subscription = browserSubscription()) {
  const res = await ctx.app.inject(json('POST', '/api/push/subscription', subscription, { headers: bearer(s) }));
  expect(res.statusCode, res.body).toBe(201);
  return subscription;
}

const subscriptionsOf = (customerId: string) =>
  ctx.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.customerId, customerId));

/** Waits until the push service has received `count` messages (sent after the event, not by the request). */
async function pushesArrive(count: number) {
  await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThanOrEqual(count);
  await ctx.app.push.settled();
}

describe('push subscriptions', () => {
  it('answers 404 for the key and refuses subscriptions while push is off', async () => {
    const off = await createTestApp();
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/push/key' })).statusCode).toBe(404);
      const s = await signIn(off, nextNumber(), `198.51.100.${ip++}`);
      const res = await off.app.inject(
        json('POST', '/api/push/subscription', browserSubscription(), { headers: bearer(s) }),
      );
      expect(res.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });

  it('gives out the public VAPID key the server signs with', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/push/key' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicKey).toBe(ctx.config.push.publicKey);
    expect(ctx.config.push.publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
  });

  it('refuses a subscription without a session, with bad keys or to a plain-http endpoint, and keeps nothing', async () => {
    const s = await shopper();
    const good = browserSubscription();
    const anonymous = await ctx.app.inject(json('POST', '/api/push/subscription', good));
    expect(anonymous.statusCode).toBe(401);
    for (const bad of [
      { ...good, endpoint: 'http://push.example.net/wpush/v2/x' },
      { ...good, keys: { ...good.keys, p256dh: 'short' } },
      { endpoint: good.endpoint },
    ]) {
      const res = await ctx.app.inject(json('POST', '/api/push/subscription', bad, { headers: bearer(s) }));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(await subscriptionsOf(s.customerId)).toEqual([]);
  });

  it('keeps a browser once, for whoever subscribed it last', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    const sub = await subscribe(asha);
    await subscribe(asha, sub);
    expect(await subscriptionsOf(asha.customerId)).toHaveLength(1);
    await subscribe(ravi, sub);
    expect(await subscriptionsOf(asha.customerId)).toHaveLength(0);
    expect(await subscriptionsOf(ravi.customerId)).toHaveLength(1);
  });

  it('removes the subscription on request, on logout and on account deletion', async () => {
    const s = await shopper();
    const sub = await subscribe(s);
    const off = await ctx.app.inject(
      json('DELETE', '/api/push/subscription', { endpoint: sub.endpoint }, { headers: bearer(s) }),
    );
    expect(off.statusCode).toBe(200);
    expect(await subscriptionsOf(s.customerId)).toEqual([]);

    await subscribe(s);
    const logout = await ctx.app.inject(json('POST', '/api/customer/logout', {}, { headers: bearer(s) }));
    expect(logout.statusCode).toBe(200);
    expect(await subscriptionsOf(s.customerId)).toEqual([]);

    const again = await shopper();
    await subscribe(again);
    const deleted = await ctx.app.inject(
      json('DELETE', '/api/customer/me', { confirm: true }, { headers: bearer(again) }),
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await subscriptionsOf(again.customerId)).toEqual([]);
  });
});

describe('order notifications', () => {
  it('pushes when the order is dispatched and when it is delivered, signed and encrypted, to the owner only', async () => {
    const asha = await shopper();
    const ravi = await shopper();
    const ashaSub = await subscribe(asha);
    const raviSub = await subscribe(ravi);
    const order = await placeCodOrder(ctx, asha);

    await advanceTo(ctx, order, 'dispatched');
    await pushesArrive(1);
    expect(received).toHaveLength(1);
    const [push] = received;
    expect(push!.endpoint).toBe(ashaSub.endpoint);
    expect(push!.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${ctx.config.push.publicKey}$`),
    );
    expect(push!.contentEncoding).toBe('aes128gcm');
    expect(push!.urgency).toBe('high');
    expect(push!.bodyBytes).toBeGreaterThan(100);

    await advanceTo(ctx, order, 'delivered');
    await pushesArrive(2);
    expect(received.map((p) => p.endpoint)).toEqual([ashaSub.endpoint, ashaSub.endpoint]);
    expect(received.some((p) => p.endpoint === raviSub.endpoint)).toBe(false);
  });

  it('pushes a cancellation, and only once per status however many processes hear it', async () => {
    const s = await shopper();
    await subscribe(s);
    const order = await placeCodOrder(ctx, s);
    const res = await ctx.app.inject(
      json('POST', `/api/order/${order.id}/cancel`, { reason: 'Ordered by mistake' }, { headers: bearer(s) }),
    );
    expect(res.statusCode).toBe(200);
    await pushesArrive(1);
    // A second process hearing the same event finds the status already notified.
    const again = await ctx.app.push.notify({
      id: '1',
      orderId: order.id,
      number: order.number,
      customerId: s.customerId,
      storeId: 1,
      status: 'cancelled',
      kind: 'status',
      detail: 'processing',
      at: new Date().toISOString(),
    });
    expect(again).toBeNull();
    expect(received).toHaveLength(1);
  });

  it('removes a subscription the push service says is gone (410) and keeps one it merely failed (503)', async () => {
    const s = await shopper();
    const gone = await subscribe(s, browserSubscription('gone-one'));
    const flaky = await subscribe(s, browserSubscription('flaky-one'));
    const goneHits: ReceivedPush[] = [];
    mockServer.use(pushService.gone('gone-one', goneHits), pushService.unavailable('flaky-one'));
    const order = await placeCodOrder(ctx, s);
    await advanceTo(ctx, order, 'dispatched');
    await expect.poll(() => goneHits.length, { timeout: 5000 }).toBe(1);
    await ctx.app.push.settled();
    const left = (await subscriptionsOf(s.customerId)).map((row) => row.endpoint);
    expect(left).toEqual([flaky.endpoint]);
    expect(left).not.toContain(gone.endpoint);
  });
});
