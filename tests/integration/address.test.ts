import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { addresses } from '../../server/db/schema';
import { loadGazetteer } from '../../server/geo/gazetteer';
import { ADDRESS_ERRORS } from '../../src/features/address/constants';
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
  pincode: '400058',
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
      pincode: '400058',
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

describe('the PIN code of an address', () => {
  const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };
  const PINCODE_MESSAGE = 'Please enter a valid 6-digit PIN code (it does not start with 0)';
  const rowsOf = (who: SignedIn) =>
    ctx.database.db.select().from(addresses).where(eq(addresses.customerId, who.customerId));

  it('saves a good PIN code and answers it, in the list too; spaces are dropped', async () => {
    const who = await signIn(ctx, nextNumber());
    const res = await add(who, sample({ gps: KORAMANGALA, city: 'Bengaluru', pincode: '560 034' }));
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: AddressAnswer }>().data;
    expect(data.pincode).toBe('560034');
    expect((await listOf(who))[0]).toMatchObject({ _id: data._id, pincode: '560034' });
    const [row] = await rowsOf(who);
    expect(row!.pincode).toBe('560034');

    // An edit may change it: the shopper knows their PIN code better than the map.
    const edited = await ctx.app.inject(
      json('PUT', `/api/address/${data._id}`, sample({ gps: KORAMANGALA, pincode: '560095', version: 1 }), {
        headers: auth(who),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AddressAnswer }>().data).toMatchObject({ pincode: '560095', version: 2 });
  });

  it.each([
    ['five digits', '56003'],
    ['seven digits', '5600341'],
    ['a leading 0', '060034'],
    ['letters', '56OO34'],
    ['a dash', '560-034'],
    ['a number with a leading 0 lost', 60034],
    ['a number with decimals', 560034.5],
    ['an object', { code: '560034' }],
    ['true', true],
  ])('refuses %s with the message naming the field, and writes nothing', async (_case, pincode) => {
    const who = await signIn(ctx, nextNumber());
    const added = await add(who, sample({ pincode }));
    expect(added.statusCode, added.body).toBe(400);
    expect(added.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message: PINCODE_MESSAGE });
    expect(await rowsOf(who)).toEqual([]);

    const saved = (await add(who)).json<{ data: AddressAnswer }>().data;
    const before = await rowsOf(who);
    const edit = await ctx.app.inject(
      json('PUT', `/api/address/${saved._id}`, sample({ pincode, version: 1, tag: 'Work' }), { headers: auth(who) }),
    );
    expect(edit.statusCode, edit.body).toBe(400);
    expect(edit.json().message).toBe(PINCODE_MESSAGE);
    expect(await rowsOf(who)).toEqual(before);
  });

  it('is the message the form shows, word for word', () => {
    expect(ADDRESS_ERRORS.pincode).toBe(PINCODE_MESSAGE);
  });

  it('the PIN code message comes after the locality one and before the name one (the form order)', async () => {
    expect((await add(asha, sample({ locality: '', pincode: '1' }))).json().message).toBe('Locality is required');
    expect((await add(asha, sample({ name: '', pincode: '1' }))).json().message).toBe(PINCODE_MESSAGE);
  });

  it.each([
    ['left out', undefined],
    ['null', null],
    ['blank', '  '],
  ])("fills a PIN code %s from the map point (an older client's queued add)", async (_case, pincode) => {
    const who = await signIn(ctx, nextNumber());
    const res = await add(who, sample({ gps: KORAMANGALA, city: 'Bengaluru', pincode }));
    expect(res.statusCode, res.body).toBe(201);
    const expected = (await (await loadGazetteer()).reverse(KORAMANGALA.latitude, KORAMANGALA.longitude))!.pincode;
    expect(expected).toMatch(/^5600\d\d$/);
    expect(res.json<{ data: AddressAnswer }>().data.pincode).toBe(expected);
    expect((await rowsOf(who))[0]!.pincode).toBe(expected);
  });

  it('fills it on an edit without one too, rather than dropping the saved one', async () => {
    const who = await signIn(ctx, nextNumber());
    const saved = (await add(who, sample({ pincode: '400053' }))).json<{ data: AddressAnswer }>().data;
    const edited = await ctx.app.inject(
      json('PUT', `/api/address/${saved._id}`, sample({ pincode: undefined, version: 1 }), { headers: auth(who) }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AddressAnswer }>().data.pincode).toMatch(/^40\d{4}$/);
  });

  it('asks for the PIN code when it is missing and the point is far from any locality', async () => {
    const who = await signIn(ctx, nextNumber());
    const res = await add(who, sample({ gps: { latitude: 15, longitude: 65 }, pincode: undefined }));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(
      'PIN code is required: we could not find one for this location, so please enter it.',
    );
    expect(await rowsOf(who)).toEqual([]);
    // Given, a PIN code the gazetteer does not know is taken as typed: nothing says it is wrong.
    const given = await add(who, sample({ gps: { latitude: 15, longitude: 65 }, pincode: '999999' }));
    expect(given.statusCode, given.body).toBe(201);
  });

  it('answers, before a save and without a session, whether the save would refuse a PIN code', async () => {
    const check = async (query: Record<string, string>) => ctx.app.inject({ url: '/api/address/pincode-check', query });
    const at = { lat: String(KORAMANGALA.latitude), lng: String(KORAMANGALA.longitude) };
    const far = await check({ pincode: '110001', ...at });
    expect(far.statusCode, far.body).toBe(200);
    expect(far.json()).toEqual({
      success: true,
      data: {
        pincode: '110001',
        message:
          'PIN code 110001 is in Delhi, far from the location on the map. Check the PIN code, or change the location.',
      },
    });
    for (const pincode of ['560038', '560034', '999999']) {
      expect((await check({ pincode, ...at })).json().data).toEqual({ pincode, message: null });
    }
    for (const query of [
      { pincode: '012345', ...at },
      { pincode: '560034' },
      { pincode: '560034', lat: '91', lng: '0' },
    ]) {
      expect((await check(query)).statusCode).toBe(400);
    }
  });

  it('refuses a PIN code of a place far from the point on the map, naming that place, and writes nothing', async () => {
    const who = await signIn(ctx, nextNumber());
    const elsewhere = (pincode: string, place: string) =>
      `PIN code ${pincode} is in ${place}, far from the location on the map. Check the PIN code, or change the location.`;
    // Delhi's PIN code on a Bengaluru point; a point at sea with Bengaluru's.
    const delhi = await add(who, sample({ gps: KORAMANGALA, city: 'Bengaluru', pincode: '110001' }));
    expect(delhi.statusCode, delhi.body).toBe(400);
    expect(delhi.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: elsewhere('110001', 'Delhi') });
    const atSea = await add(who, sample({ gps: { latitude: 15, longitude: 65 }, pincode: '560034' }));
    expect(atSea.json().message).toBe(elsewhere('560034', 'Bengaluru, Karnataka'));
    expect(await rowsOf(who)).toEqual([]);

    // Another area's PIN code in the same city is the shopper's to choose; an edit to a far one is refused.
    const saved = await add(who, sample({ gps: KORAMANGALA, city: 'Bengaluru', pincode: '560038' }));
    expect(saved.statusCode, saved.body).toBe(201);
    const { _id } = saved.json<{ data: AddressAnswer }>().data;
    const edited = await ctx.app.inject(
      json('PUT', `/api/address/${_id}`, sample({ gps: KORAMANGALA, pincode: '400050', version: 1 }), {
        headers: auth(who),
      }),
    );
    expect(edited.statusCode, edited.body).toBe(400);
    expect(edited.json().message).toMatch(/^PIN code 400050 is in Mumbai/);
    expect(await rowsOf(who)).toMatchObject([{ pincode: '560038', version: 1 }]);
  });

  it('the database refuses a malformed PIN code whatever the code above it does', async () => {
    const who = await signIn(ctx, nextNumber());
    await expect(
      ctx.database.db.insert(addresses).values({
        customerId: who.customerId,
        tag: 'Home',
        locality: 'Koramangala',
        buildingName: 'Flat 1',
        name: 'Asha',
        city: 'Bengaluru',
        latitude: KORAMANGALA.latitude,
        longitude: KORAMANGALA.longitude,
        pincode: '012345',
      }),
    ).rejects.toThrow();
    expect(await rowsOf(who)).toEqual([]);
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

describe('an address pinned on the map without a place name (offline, or entered by hand)', () => {
  const KORAMANGALA = { latitude: 12.9352, longitude: 77.6245 };

  it('gets its city, state and PIN code from its point; the typed locality is kept', async () => {
    const who = await signIn(ctx, nextNumber());
    const res = await add(
      who,
      sample({
        gps: KORAMANGALA,
        locality: '4th Block, near the water tank',
        city: '',
        area: '',
        state: '',
        pincode: '',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json<{ data: AddressAnswer }>().data;
    const place = (await loadGazetteer()).nearest(KORAMANGALA.latitude, KORAMANGALA.longitude)!;
    expect(data).toMatchObject({
      locality: '4th Block, near the water tank',
      city: place.city,
      state: place.state,
      pincode: place.pincode,
    });
    expect(data.city).not.toBe('');
  });

  it('an edit without a city is named the same way', async () => {
    const who = await signIn(ctx, nextNumber());
    const created = (await add(who)).json<{ data: AddressAnswer }>().data;
    const edited = await ctx.app.inject(
      json(
        'PUT',
        `/api/address/${created._id}`,
        sample({ gps: KORAMANGALA, city: '  ', state: '', pincode: '', version: 1 }),
        {
          headers: auth(who),
        },
      ),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ data: AddressAnswer }>().data.city).toBe(
      (await loadGazetteer()).nearest(KORAMANGALA.latitude, KORAMANGALA.longitude)!.city,
    );
  });

  it('a point the gazetteer cannot place (the sea) is still refused for want of a city, and nothing is saved', async () => {
    const who = await signIn(ctx, nextNumber());
    const res = await add(who, sample({ gps: { latitude: -40, longitude: 60 }, city: '', state: '', pincode: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('City is required: pick the location on the map again.');
    expect(await listOf(who)).toEqual([]);
  });
});
