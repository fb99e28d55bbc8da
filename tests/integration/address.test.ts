import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addresses } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('94');
let asha: SignedIn;
let ravi: SignedIn;

beforeAll(async () => {
  ctx = await createTestApp();
  asha = await signIn(ctx, nextNumber());
  ravi = await signIn(ctx, nextNumber());
});
afterAll(async () => ctx.close());

const auth = (who: SignedIn) => ({ authorization: `Bearer ${who.token}` });

const sample = (overrides: Record<string, unknown> = {}) => ({
  tag: 'Home',
  locality: 'Andheri West, Mumbai, Maharashtra, India',
  buildingName: 'Flat 12, Sea Breeze Apartments',
  floor: '3',
  nearBy: 'Opposite the post office',
  name: 'Asha Rao',
  mobile: '98765 43210',
  gps: { latitude: 19.1363, longitude: 72.8277 },
  city: 'Mumbai',
  area: 'Andheri West',
  state: 'Maharashtra',
  ...overrides,
});

interface AddressAnswer {
  _id: string;
  version: number;
  [field: string]: unknown;
}

async function add(who: SignedIn, body: unknown = sample()) {
  const res = await ctx.app.inject(json('POST', `/api/address/${who.customerId}`, body, { headers: auth(who) }));
  return res;
}

const list = (who: SignedIn, customer = who.customerId) =>
  ctx.app.inject({ method: 'GET', url: `/api/address/?customer=${customer}`, headers: auth(who) });

const listOf = async (who: SignedIn) => (await list(who)).json<{ data: AddressAnswer[] }>().data;

describe('saved addresses', () => {
  it('adds, lists, edits and deletes an address in the shape of the spec', async () => {
    const created = await add(asha);
    expect(created.statusCode, created.body).toBe(201);
    const address = created.json<{ data: AddressAnswer }>().data;
    expect(address).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      customer: asha.customerId,
      tag: 'Home',
      buildingName: 'Flat 12, Sea Breeze Apartments',
      mobile: '9876543210',
      gps: { latitude: 19.1363, longitude: 72.8277 },
      city: 'Mumbai',
      version: 1,
    });
    expect(created.headers['cache-control']).toBe('no-store');

    expect(await listOf(asha)).toEqual([address]);

    const edited = await ctx.app.inject(
      json('PUT', `/api/address/${address._id}`, sample({ tag: 'Parents', version: 1, mobile: '' }), {
        headers: auth(asha),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json<{ data: AddressAnswer }>().data;
    expect(after).toMatchObject({ _id: address._id, tag: 'Parents', version: 2 });
    expect(after).not.toHaveProperty('mobile');

    // Spec point 7: DELETE has no body (and so no Content-Type).
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/address/${address._id}`, headers: auth(asha) });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, message: 'Address deleted' });
    expect(await listOf(asha)).toEqual([]);
    const again = await ctx.app.inject({ method: 'DELETE', url: `/api/address/${address._id}`, headers: auth(asha) });
    expect(again.statusCode).toBe(404);
  });

  it('needs a signed-in customer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/address/?customer=${asha.customerId}` });
    expect(res.statusCode).toBe(401);
    const post = await ctx.app.inject(json('POST', `/api/address/${asha.customerId}`, sample()));
    expect(post.statusCode).toBe(401);
  });

  it('refuses a DELETE that sends a form body (CSRF defence)', async () => {
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/address/00000000-0000-4000-8000-000000000000',
      headers: { ...auth(asha), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
    expect(res.statusCode).toBe(415);
  });

  it.each([
    ['no tag', { tag: '  ' }, 'Tag is required'],
    ['no building details', { buildingName: '' }, 'Please enter your complete address details'],
    ['no locality', { locality: undefined }, 'Locality is required'],
    ['no name', { name: '' }, 'Name is required'],
    ['a short mobile number', { mobile: '98765' }, 'Please enter a valid 10-digit mobile number'],
    ['letters in the mobile number', { mobile: '98765abcde' }, 'Please enter a valid 10-digit mobile number'],
    ['no map location', { gps: undefined }, "Your location couldn't be determined! Try again or enter manually."],
    [
      'a latitude off the globe',
      { gps: { latitude: 91, longitude: 72 } },
      "Your location couldn't be determined! Try again or enter manually.",
    ],
    ['an overlong tag', { tag: 'x'.repeat(31) }, 'Tag must be at most 30 characters'],
  ])('answers 400 with the spec message for %s', async (_case, overrides, message) => {
    const res = await add(asha, sample(overrides));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message });
  });

  it('accepts floor, nearBy and mobile left out', async () => {
    const res = await add(asha, sample({ floor: undefined, nearBy: '', mobile: undefined }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: AddressAnswer }>().data;
    expect(data).not.toHaveProperty('floor');
    expect(data).not.toHaveProperty('nearBy');
    await ctx.app.inject({ method: 'DELETE', url: `/api/address/${data._id}`, headers: auth(asha) });
  });

  it('refuses an edit made on an old version with 409, the current address and a clear message', async () => {
    const address = (await add(asha)).json<{ data: AddressAnswer }>().data;
    const first = await ctx.app.inject(
      json('PUT', `/api/address/${address._id}`, sample({ tag: 'Work', version: 1 }), { headers: auth(asha) }),
    );
    expect(first.statusCode).toBe(200);
    const stale = await ctx.app.inject(
      json('PUT', `/api/address/${address._id}`, sample({ tag: 'Hotel', version: 1 }), { headers: auth(asha) }),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      code: 'STALE_VERSION',
      message: expect.stringContaining('changed on another device'),
      data: { _id: address._id, tag: 'Work', version: 2 },
    });
    const current = (await listOf(asha)).find((a) => a._id === address._id);
    expect(current).toMatchObject({ tag: 'Work', version: 2 });
    await ctx.app.inject({ method: 'DELETE', url: `/api/address/${address._id}`, headers: auth(asha) });
  });

  it('saves a replayed add with the same client id only once', async () => {
    const id = '6f1c3a52-3d55-4f5e-9a43-0d1d2b6b7c11';
    const first = await add(asha, sample({ _id: id }));
    expect(first.statusCode, first.body).toBe(201);
    const replay = await add(asha, sample({ _id: id }));
    expect(replay.statusCode).toBe(200);
    expect(replay.json<{ data: AddressAnswer }>().data._id).toBe(id);
    expect((await listOf(asha)).filter((a) => a._id === id)).toHaveLength(1);
    // Someone else cannot reuse (or learn about) that id.
    const other = await add(ravi, sample({ _id: id }));
    expect(other.statusCode).toBe(409);
    expect(other.body).not.toContain('Asha');
    await ctx.app.inject({ method: 'DELETE', url: `/api/address/${id}`, headers: auth(asha) });
  });

  it('keeps at most 20 addresses per customer, with a message that says what to do', async () => {
    const who = await signIn(ctx, nextNumber());
    for (let i = 0; i < 20; i++) expect((await add(who, sample({ buildingName: `House ${i}` }))).statusCode).toBe(201);
    const over = await add(who);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('You can save up to 20 addresses. Delete one you no longer use to add another.');
    expect(await listOf(who)).toHaveLength(20);
  });

  it("removes the customer's addresses when they delete their account", async () => {
    const who = await signIn(ctx, nextNumber());
    const address = (await add(who)).json<{ data: AddressAnswer }>().data;
    const gone = await ctx.app.inject(json('DELETE', '/api/customer/me', { confirm: true }, { headers: auth(who) }));
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await ctx.database.db.select().from(addresses).where(eq(addresses.customerId, who.customerId))).toEqual([]);
    expect(address._id).toBeTruthy();
    // Signing in again with the same number starts a new account without the old addresses.
    const back = await signIn(ctx, who.mobile);
    expect(await listOf(back)).toEqual([]);
  });
});

describe('no customer can read, change, add to or delete another customer’s addresses', () => {
  let ashaAddress: AddressAnswer;
  beforeAll(async () => {
    ashaAddress = (await add(asha, sample({ name: 'Asha Private' }))).json<{ data: AddressAnswer }>().data;
  });

  const attempts: [string, () => InjectOptions, number][] = [
    [
      'read the list',
      () => ({ method: 'GET', url: `/api/address/?customer=${asha.customerId}`, headers: auth(ravi) }),
      403,
    ],
    ['add to the list', () => json('POST', `/api/address/${asha.customerId}`, sample(), { headers: auth(ravi) }), 403],
    [
      'change an address',
      () => json('PUT', `/api/address/${ashaAddress._id}`, sample({ name: 'Ravi' }), { headers: auth(ravi) }),
      404,
    ],
    [
      'delete an address',
      () => ({ method: 'DELETE', url: `/api/address/${ashaAddress._id}`, headers: auth(ravi) }),
      404,
    ],
  ];

  it.each(attempts)('Ravi cannot %s of Asha', async (_what, request, status) => {
    const res = await ctx.app.inject(request());
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json().success).toBe(false);
    expect(res.body).not.toContain('Asha Private');
    expect(res.body).not.toContain(ashaAddress._id);
    // Asha's address is untouched and she still sees it.
    const mine = (await listOf(asha)).find((a) => a._id === ashaAddress._id);
    expect(mine).toMatchObject({ name: 'Asha Private', version: 1 });
  });

  it('a cookie session is held to the same rules', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/address/?customer=${asha.customerId}`,
      headers: { cookie: ravi.cookies },
    });
    expect(res.statusCode).toBe(403);
  });

  it('Ravi’s own list never includes Asha’s addresses', async () => {
    expect((await listOf(ravi)).map((a) => a._id)).not.toContain(ashaAddress._id);
  });

  it('an id that is not a UUID is simply not found', async () => {
    const res = await ctx.app.inject({ method: 'DELETE', url: '/api/address/not-an-id', headers: auth(asha) });
    expect(res.statusCode).toBe(404);
  });
});
