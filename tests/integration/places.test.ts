import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PLACES_MESSAGES } from '../../server/routes/api/delivery';
import { createTestApp } from '../setup/test-app';
import { numberFactory, signIn, type SignedIn } from './auth-helpers';

/**
 * India's localities and PIN codes through the API (issue 16, decision 027): the signed-in map
 * picker's autocomplete and reverse geocoding without a Google key, the public place search of the
 * location panel, and the product page's check by PIN code.
 */
type Ctx = Awaited<ReturnType<typeof createTestApp>>;
interface Suggestion {
  id: string;
  text: string;
  mainText: string;
  secondaryText: string;
}
interface Place extends Suggestion {
  pincode: string;
  locality: string;
  district: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

let ctx: Ctx;
let who: SignedIn;
const nextNumber = numberFactory('96');

beforeAll(async () => {
  ctx = await createTestApp({ googleMapsApiKey: undefined });
  who = await signIn(ctx, nextNumber());
});
afterAll(() => ctx.close());

const autocomplete = async (q: string, near?: { lat: number; lng: number }) => {
  const res = await ctx.app.inject({
    url: '/api/geo/autocomplete',
    query: { q, ...(near && { lat: String(near.lat), lng: String(near.lng) }) },
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ source: string; data: Suggestion[] }>();
};

const places = async (query: Record<string, string>) => {
  const res = await ctx.app.inject({ url: '/api/delivery/places', query });
  return { status: res.statusCode, body: res.json(), cacheControl: res.headers['cache-control'] };
};

const placeOf = async (id: string) => {
  const res = await ctx.app.inject({
    url: `/api/geo/place/${encodeURIComponent(id)}`,
    headers: { authorization: `Bearer ${who.token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown>;
};

describe('the map picker without a Google key finds Indian localities with their PIN codes', () => {
  it.each([
    ['Koramangala', 'Koramangala', 'Bengaluru', /^560034$/],
    ['Indiranagar', 'Indiranagar', 'Bengaluru', /^560038$/],
    ['Andheri', 'Andheri', 'Mumbai', /^4000\d\d$/],
    ['Bandra', 'Bandra West', 'Mumbai', /^400050$/],
    ['Whitefield', 'Whitefield', 'Bengaluru', /^560066$/],
    ['HSR', 'HSR Layout', 'Bengaluru', /^560102$/],
    ['Bangalore', 'Bengaluru', 'Bengaluru', /^5600\d\d$/],
    ['Bombay', 'Mumbai', 'Mumbai', /^400\d{3}$/],
    ['Gurugram', 'Gurgaon', 'Gurgaon', /^1220\d\d$/],
    ['Calcutta', 'Kolkata', 'Kolkata', /^700\d{3}$/],
    ['560034', 'Koramangala', 'Bengaluru', /^560034$/],
    // Misspellings.
    ['Koramangla', 'Koramangala', 'Bengaluru', /^560034$/],
    ['koramangalla', 'Koramangala', 'Bengaluru', /^560034$/],
    ['Whitefeild', 'Whitefield', 'Bengaluru', /^560066$/],
  ])('"%s" finds %s (%s) first, with its PIN code', async (query, mainText, city, pincode) => {
    const { source, data } = await autocomplete(query);
    expect(source).toBe('gazetteer');
    expect(data[0]).toMatchObject({ mainText });
    expect(data[0]!.secondaryText).toContain(city === mainText ? '' : city);
    const place = await placeOf(data[0]!.id);
    expect(place).toMatchObject({ city, country: 'India' });
    expect(place.pincode).toMatch(pincode);
    expect(data[0]!.secondaryText).toContain(place.pincode as string);
  });

  it('names city, state and PIN code in the suggestion, and shows clean locality names', async () => {
    const { data } = await autocomplete('Koramangala');
    expect(data[0]).toMatchObject({
      text: 'Koramangala, Bengaluru, Karnataka 560034, India',
      mainText: 'Koramangala',
      secondaryText: 'Bengaluru, Karnataka 560034, India',
    });
    // India Post's office types never reach shoppers.
    for (const query of ['Koramangala', 'Andheri', 'Mumbai', 'Delhi']) {
      for (const s of (await autocomplete(query)).data) expect(s.mainText).not.toMatch(/\b[SBH]\.O\b/);
    }
  });

  it("puts the map centre's city first", async () => {
    const lucknow = { lat: 26.8467, lng: 80.9462 };
    const { data } = await autocomplete('Indiranagar', lucknow);
    expect(data[0]!.secondaryText).toContain('Lucknow');
    expect((await autocomplete('Indiranagar')).data[0]!.secondaryText).toContain('Bengaluru');
    const bad = await ctx.app.inject({
      url: '/api/geo/autocomplete',
      query: { q: 'Indiranagar', lat: '26.8' },
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('reverse geocodes a point in Koramangala to Koramangala and its PIN code, without repeating itself', async () => {
    const res = await ctx.app.inject({
      url: '/api/geo/reverse?lat=12.9352&lng=77.6245',
      headers: { authorization: `Bearer ${who.token}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({
      area: 'Koramangala',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      district: 'Bangalore',
      lat: 12.9352,
      lng: 77.6245,
    });
    expect(data.pincode).toMatch(/^5600\d\d$/);
    expect(data.name).toBe(`Koramangala, Bengaluru, Karnataka ${data.pincode}, India`);
    // The city centre names itself once.
    const centre = await ctx.app.inject({
      url: '/api/geo/reverse?lat=12.9716&lng=77.5946',
      headers: { authorization: `Bearer ${who.token}` },
    });
    const parts = (centre.json().data.name as string).split(', ');
    expect(new Set(parts).size).toBe(parts.length);
  });
});

describe('the public place search (GET /api/delivery/places)', () => {
  it('answers visitors without sign-in, at most five places with their details', async () => {
    const { status, body, cacheControl } = await places({ q: 'Andheri' });
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=300');
    expect(body.data.length).toBeGreaterThan(0);
    expect(body.data.length).toBeLessThanOrEqual(5);
    const [first] = body.data as Place[];
    expect(first).toMatchObject({
      mainText: 'Andheri',
      locality: 'Andheri',
      city: 'Mumbai',
      district: 'Mumbai',
      state: 'Maharashtra',
    });
    expect(first!.pincode).toMatch(/^4000\d\d$/);
    expect(first!.lat).toBeCloseTo(19.1, 0);
    expect(first!.lng).toBeCloseTo(72.85, 0);
    expect(first!.id).toMatch(/^gz-/);
  });

  it('finds a city by its former name, as a whole city', async () => {
    const { body } = await places({ q: 'Madras' });
    expect(body.data[0]).toMatchObject({ mainText: 'Chennai', city: 'Chennai', locality: '', state: 'Tamil Nadu' });
    expect(body.data[0].pincode).toMatch(/^600\d{3}$/);
  });

  it("lists a PIN code's localities, its own first, and PIN codes by their first digits", async () => {
    const exact = (await places({ q: '560034' })).body.data as Place[];
    expect(exact[0]).toMatchObject({ locality: 'Koramangala', pincode: '560034' });
    expect(exact.every((p) => p.pincode === '560034')).toBe(true);
    expect(exact.map((p) => p.locality)).toContain('Agara');

    const prefix = (await places({ q: '5600' })).body.data as Place[];
    expect(prefix).toHaveLength(5);
    expect(prefix.every((p) => p.pincode.startsWith('5600'))).toBe(true);
    expect(new Set(prefix.map((p) => p.pincode)).size).toBe(5);

    expect((await places({ q: '999999' })).body.data).toEqual([]);
  });

  it("puts places in the shopper's city first", async () => {
    const lucknow = (await places({ q: 'Indira Nagar', lat: '26.8467', lng: '80.9462' })).body.data as Place[];
    expect(lucknow[0]!.city).toBe('Lucknow');
    const anywhere = (await places({ q: 'Indira Nagar' })).body.data as Place[];
    expect(anywhere[0]!.city).toBe('Bengaluru');
  });

  it('refuses an empty or too long query, and half a point', async () => {
    for (const q of ['', '   ']) {
      const { status, body } = await places({ q });
      expect(status).toBe(400);
      expect(body).toEqual({ success: false, code: 'VALIDATION_FAILED', message: PLACES_MESSAGES.empty });
    }
    const long = await places({ q: 'k'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(PLACES_MESSAGES.tooLong);
    // Trimmed first: 100 characters and spaces around them are fine.
    expect((await places({ q: ` ${'k'.repeat(100)} ` })).status).toBe(200);
    const half = await places({ q: 'Pune', lat: '18.5' });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe(PLACES_MESSAGES.pointNeedsBoth);
    expect((await ctx.app.inject('/api/delivery/places')).statusCode).toBe(400);
  });
});

describe("the product page's check by PIN code (GET /api/delivery/city)", () => {
  const check = async (name: string) => {
    const res = await ctx.app.inject({ url: '/api/delivery/city', query: { name } });
    return { status: res.statusCode, body: res.json() };
  };

  it("serves a PIN code whose locality a store covers, naming both, at the locality's point", async () => {
    // Andheri (400053) is within the Andheri store's radius in the seed data.
    const { status, body } = await check('400053');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ found: true, pincode: '400053', city: 'Mumbai', coverage: 'centre' });
    expect(body.data.locality).toBeTruthy();
    expect(body.data.message).toBe(
      `Yes, we deliver to ${body.data.locality} (PIN code 400053): about ${body.data.etaMinutes} minutes.`,
    );
    // Written with a space, as PIN codes often are.
    expect((await check('400 053')).body.data).toMatchObject({ pincode: '400053', coverage: 'centre' });
  });

  it('refuses a PIN code no store reaches, naming the cities served', async () => {
    const { body } = await check('600004');
    expect(body.data).toMatchObject({ found: true, pincode: '600004', city: 'Chennai', coverage: 'none', stores: 0 });
    expect(body.data.message).toBe(
      `Sorry, we do not deliver to ${body.data.locality} (PIN code 600004) yet. We are in Bangalore, Delhi, Mumbai, Noida and Pune.`,
    );
  });

  it('says so for an unknown PIN code, and refuses digits that are no PIN code', async () => {
    const unknown = await check('999999');
    expect(unknown.status).toBe(200);
    expect(unknown.body.data).toMatchObject({ found: false, pincode: '999999', locality: null, coverage: null });
    expect(unknown.body.data.message).toBe('We could not find the PIN code 999999 in India. Check the number.');
    for (const name of ['012345', '56003', '5600345']) {
      const { status, body } = await check(name);
      expect(status).toBe(400);
      expect(body.message).toBe(
        `"${name}" is not a PIN code: an Indian PIN code has 6 digits and does not start with 0.`,
      );
    }
  });

  it('keeps answering city names with pincode and locality null', async () => {
    const { body } = await check('Pune');
    expect(body.data).toMatchObject({ found: true, city: 'Pune', pincode: null, locality: null });
  });
});
