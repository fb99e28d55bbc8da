import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addresses, customers, otpChallenges, sessions } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { cookieMap, json, numberFactory, signIn, useAppClock } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('61');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const clock = useAppClock(() => ctx.app);

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const deleteAccount = (headers: Record<string, string>, body: unknown = { confirm: true }) =>
  ctx.app.inject(json('DELETE', '/api/customer/me', body, { headers }));

describe('GET /api/customer/me/export', () => {
  it('downloads what is stored about the customer, without secrets', async () => {
    const mobile = nextNumber();
    const first = await signIn(ctx, mobile, '198.51.100.20');
    clock.advance(60_000);
    const second = await signIn(ctx, mobile, '198.51.100.21');
    await ctx.app.inject(json('POST', '/api/customer/refresh', {}, { headers: { cookie: second.cookies } }));

    const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/me/export', headers: bearer(first.token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBe('attachment; filename="quickcart-my-data.json"');
    expect(res.headers['cache-control']).toBe('no-store');

    const data = res.json();
    expect(data.customer).toEqual({ id: first.customerId, mobile, createdAt: expect.any(String) });
    expect(data.sessions).toHaveLength(3);
    expect(data.sessions[0]).toEqual({
      id: expect.any(String),
      familyId: expect.any(String),
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      revokedAt: null,
      replacedBy: null,
    });
    expect(data.otpRequests).toHaveLength(2);
    expect(data.otpRequests.map((o: { ip: string }) => o.ip)).toEqual(['198.51.100.20', '198.51.100.21']);
    expect(data.otpRequests[0].consumedAt).not.toBeNull();
    expect(res.body).not.toMatch(/hash/i);
    expect(res.body).not.toContain(first.refreshToken);
    expect(data.addresses).toEqual([]);
  });

  it('includes the saved addresses, as the address book shows them', async () => {
    const me = await signIn(ctx, nextNumber(), '198.51.100.22');
    const added = await ctx.app.inject(
      json(
        'POST',
        `/api/address/${me.customerId}`,
        {
          tag: 'Home',
          name: 'Asha Rao',
          buildingName: 'Sea View, Flat 12',
          locality: 'Bandra West',
          city: 'Mumbai',
          gps: { latitude: 19.06, longitude: 72.83 },
          pincode: '400050',
        },
        { headers: bearer(me.token) },
      ),
    );
    expect(added.statusCode, added.body).toBe(201);
    const book = await ctx.app.inject({ url: `/api/address/?customer=${me.customerId}`, headers: bearer(me.token) });
    const data = (await ctx.app.inject({ url: '/api/customer/me/export', headers: bearer(me.token) })).json();
    expect(data.addresses).toEqual(book.json().data);
    expect(data.addresses[0]).toMatchObject({
      name: 'Asha Rao',
      locality: 'Bandra West',
      city: 'Mumbai',
      pincode: '400050',
    });
  });

  it('asks to sign in first', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/customer/me/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('DELETE /api/customer/me', () => {
  it('needs an explicit confirmation', async () => {
    const session = await signIn(ctx, nextNumber());
    const unconfirmed = await deleteAccount(bearer(session.token), { confirm: false });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Please confirm that you want to delete your account.',
    });
    // The confirmation must be a real true, not a string the validator would coerce.
    for (const confirm of ['true', 1, 'yes']) {
      const coerced = await deleteAccount(bearer(session.token), { confirm });
      expect(coerced.statusCode, String(confirm)).toBe(400);
    }
    const missing = await deleteAccount(bearer(session.token), {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/confirm/);
    const notJson = await ctx.app.inject({ method: 'DELETE', url: '/api/customer/me', headers: bearer(session.token) });
    expect(notJson.statusCode).toBe(415);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/customer/me', headers: bearer(session.token) })).statusCode,
    ).toBe(200);
  });

  it('erases the number, ends every session and clears the cookies', async () => {
    const mobile = nextNumber();
    const session = await signIn(ctx, mobile);
    clock.advance(31_000);
    const other = await signIn(ctx, mobile);
    await ctx.database.db.insert(addresses).values({
      customerId: session.customerId,
      tag: 'Home',
      locality: 'Indiranagar',
      buildingName: 'Lakeview Apartments',
      name: 'Asha',
      latitude: 12.97,
      longitude: 77.64,
      city: 'Bengaluru',
      pincode: '560038',
    });

    const res = await deleteAccount({ cookie: session.cookies });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account and personal data have been deleted.' });
    const cookies = cookieMap(res);
    for (const name of ['_auth', '_auth_type', '_auth_state', '_auth_refresh']) {
      expect(cookies[name], name).toMatchObject({ value: '', maxAge: 0 });
    }

    const [row] = await ctx.database.db.select().from(customers).where(eq(customers.id, session.customerId));
    expect(row!.mobile).toBe(`deleted:${session.customerId}`);
    expect(row!.deletedAt).not.toBeNull();
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    expect(await ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile))).toEqual([]);
    expect(await ctx.database.db.select().from(addresses).where(eq(addresses.customerId, session.customerId))).toEqual(
      [],
    );

    for (const token of [session.token, other.token]) {
      const me = await ctx.app.inject({ method: 'GET', url: '/api/customer/me', headers: bearer(token) });
      expect(me.statusCode).toBe(401);
    }
    const refreshed = await ctx.app.inject(
      json('POST', '/api/customer/refresh', {}, { headers: { cookie: other.cookies } }),
    );
    expect(refreshed.statusCode).toBe(401);
  });

  it('lets the number sign up again as a new customer', async () => {
    const mobile = nextNumber();
    const before = await signIn(ctx, mobile);
    expect((await deleteAccount(bearer(before.token))).statusCode).toBe(200);
    clock.advance(31_000);
    const after = await signIn(ctx, mobile);
    expect(after.customerId).not.toBe(before.customerId);
    const me = await ctx.app.inject({ method: 'GET', url: '/api/customer/me', headers: bearer(after.token) });
    expect(me.json().data).toMatchObject({ id: after.customerId, mobile });
  });
});
