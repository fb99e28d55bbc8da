import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

import { contentSecurityPolicy, tileOrigins } from '../../server/app';
import { GEO_CALLS_PER_MINUTE, GEO_MESSAGES } from '../../server/routes/api/geo';
import { createTestApp } from '../setup/test-app';
import { googleMaps, type GoogleCall } from '../mocks/google-maps';
import { numberFactory, signIn, type SignedIn } from './auth-helpers';

const mockServer = setupServer();
const nextNumber = numberFactory('95');
type Ctx = Awaited<ReturnType<typeof createTestApp>>;

const get = (ctx: Ctx, who: SignedIn | undefined, url: string) =>
  ctx.app.inject({ method: 'GET', url, headers: who ? { authorization: `Bearer ${who.token}` } : {} });

beforeAll(() => mockServer.listen({ onUnhandledFrame: 'error' }));
afterEach(() => mockServer.resetHandlers());
afterAll(() => mockServer.close());

describe('geocoding with a Google key', () => {
  let ctx: Ctx;
  let who: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp({ googleMapsApiKey: 'test-maps-key' });
    who = await signIn(ctx, nextNumber());
  });
  afterAll(async () => ctx.close());

  it('maps a reverse geocode to the selected-place shape and caches it', async () => {
    const calls: GoogleCall[] = [];
    mockServer.use(...googleMaps.answers(calls));
    const res = await get(ctx, who, '/api/geo/reverse?lat=19.13631&lng=72.82771');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      source: 'google',
      data: {
        name: 'Andheri West, Mumbai, Maharashtra 400053, India',
        shortName: 'Mumbai, Maharashtra, India',
        lat: 19.13631,
        lng: 72.82771,
        area: 'Andheri West',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        pincode: '400053',
        district: 'Mumbai Suburban',
      },
    });
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]!.url);
    expect(url.searchParams.get('key')).toBe('test-maps-key');
    expect(url.searchParams.get('language')).toBe('en');

    const again = await get(ctx, who, '/api/geo/reverse?lat=19.13631&lng=72.82771');
    expect(again.json().data.city).toBe('Mumbai');
    expect(calls).toHaveLength(1);
  });

  it('suggests places with Places API (New) and resolves a suggestion', async () => {
    const calls: GoogleCall[] = [];
    mockServer.use(...googleMaps.answers(calls));
    const res = await get(ctx, who, '/api/geo/autocomplete?q=andheri');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      source: 'google',
      data: [
        {
          id: 'ChIJ-andheri-west',
          text: 'Andheri West, Mumbai, Maharashtra, India',
          mainText: 'Andheri West',
          secondaryText: 'Mumbai, Maharashtra, India',
        },
      ],
    });
    expect(calls[0]).toMatchObject({
      api: 'autocomplete',
      key: 'test-maps-key',
      body: { input: 'andheri', languageCode: 'en' },
    });

    const place = await get(ctx, who, '/api/geo/place/ChIJ-andheri-west');
    expect(place.statusCode).toBe(200);
    expect(place.json().data).toEqual({
      name: 'Andheri West, Mumbai, Maharashtra 400053, India',
      shortName: 'Mumbai, Maharashtra, India',
      lat: 19.1363,
      lng: 72.8277,
      area: 'Andheri West',
      city: 'Mumbai',
      state: 'Maharashtra',
      country: 'India',
      pincode: '400053',
      district: 'Mumbai Suburban',
    });

    const unknown = await get(ctx, who, '/api/geo/place/ChIJ-nothing');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Place not found. Please try another search.');
  });

  it('answers 404 where Google finds nothing', async () => {
    mockServer.use(...googleMaps.answers());
    const res = await get(ctx, who, '/api/geo/reverse?lat=0&lng=0');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No place found near this point. Move the pin onto land in India.');
  });

  it.each([
    ['refuses the key', googleMaps.deniesKey],
    ['is down', googleMaps.isDown],
  ])('falls back to the gazetteer when Google %s', async (_case, handlers) => {
    mockServer.use(...handlers());
    const reverse = await get(ctx, who, '/api/geo/reverse?lat=18.5204&lng=73.8567');
    expect(reverse.statusCode, reverse.body).toBe(200);
    expect(reverse.json()).toMatchObject({ source: 'gazetteer', data: { city: 'Pune', state: 'Maharashtra' } });

    const suggestions = await get(ctx, who, '/api/geo/autocomplete?q=nagp');
    expect(suggestions.json()).toMatchObject({ source: 'gazetteer' });
    expect(suggestions.json().data[0]).toMatchObject({ mainText: 'Nagpur' });
    // A suggestion the gazetteer made resolves from the gazetteer, without asking Google.
    const place = await get(ctx, who, `/api/geo/place/${suggestions.json().data[0].id}`);
    expect(place.json()).toMatchObject({ source: 'gazetteer', data: { city: 'Nagpur', state: 'Maharashtra' } });
  });
});

describe('geocoding without a key (the bundled gazetteer)', () => {
  let ctx: Ctx;
  let who: SignedIn;
  beforeAll(async () => {
    ctx = await createTestApp({ googleMapsApiKey: undefined });
    who = await signIn(ctx, nextNumber());
  });
  afterAll(async () => ctx.close());

  it('needs a signed-in customer', async () => {
    expect((await get(ctx, undefined, '/api/geo/reverse?lat=19&lng=72.8')).statusCode).toBe(401);
    expect((await get(ctx, undefined, '/api/geo/autocomplete?q=pune')).statusCode).toBe(401);
  });

  it('limits each customer to GEO_CALLS_PER_MINUTE look-ups a minute, across the geo routes', async () => {
    // The window is the clock minute (decision 024): start at its beginning.
    const start = Math.floor(Date.now() / 60_000) * 60_000;
    const now = vi.spyOn(ctx.app.clock, 'now').mockImplementation(() => new Date(start));
    try {
      const busy = await signIn(ctx, nextNumber());
      for (let i = 0; i < GEO_CALLS_PER_MINUTE; i++) {
        const url = i % 2 ? `/api/geo/autocomplete?q=pu${i}` : '/api/geo/reverse?lat=19.07&lng=72.88';
        expect((await get(ctx, busy, url)).statusCode).not.toBe(429);
      }
      const refused = await get(ctx, busy, '/api/geo/autocomplete?q=pune');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: GEO_MESSAGES.tooMany });
      // Someone else is not held up; a minute later the busy customer may search again.
      expect((await get(ctx, who, '/api/geo/autocomplete?q=pune')).statusCode).toBe(200);
      now.mockImplementation(() => new Date(start + 60_000));
      expect((await get(ctx, busy, '/api/geo/autocomplete?q=pune')).statusCode).toBe(200);
    } finally {
      now.mockRestore();
    }
  });

  it('names the locality, city and state of a point, keeping the pin where it was', async () => {
    // Powai, a suburb of Mumbai.
    const res = await get(ctx, who, '/api/geo/reverse?lat=19.1164&lng=72.9047');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      source: 'gazetteer',
      data: {
        // India Post's office for Powai's PIN code is "Powai IIT".
        name: 'Powai IIT, Mumbai, Maharashtra 400076, India',
        shortName: 'Mumbai, Maharashtra, India',
        lat: 19.1164,
        lng: 72.9047,
        area: 'Powai IIT',
        city: 'Mumbai',
        state: 'Maharashtra',
        country: 'India',
        pincode: '400076',
        district: 'Mumbai',
      },
    });
    const bengaluru = await get(ctx, who, '/api/geo/reverse?lat=12.9716&lng=77.5946');
    expect(bengaluru.json().data).toMatchObject({ city: 'Bengaluru', state: 'Karnataka' });
  });

  it('has no answer in the middle of the sea', async () => {
    const res = await get(ctx, who, '/api/geo/reverse?lat=15&lng=65');
    expect(res.statusCode).toBe(404);
  });

  it('suggests Indian cities by prefix, largest first, without diacritics', async () => {
    const res = await get(ctx, who, '/api/geo/autocomplete?q=than');
    const names = res.json<{ data: { mainText: string }[] }>().data.map((s) => s.mainText);
    expect(names).toContain('Thane');
    const mumbai = await get(ctx, who, '/api/geo/autocomplete?q=Mumbai');
    // The city first, then its localities and the cities named after it (decision 027).
    const mumbaiNames = mumbai.json().data.map((s: { mainText: string }) => s.mainText);
    expect(mumbaiNames[0]).toBe('Mumbai');
    expect(mumbaiNames).toContain('Navi Mumbai');
    const twoWords = await get(ctx, who, '/api/geo/autocomplete?q=pune%20mah');
    expect(twoWords.json().data[0]).toMatchObject({
      mainText: 'Pune',
      text: expect.stringMatching(/^Pune, Maharashtra 411\d{3}, India$/),
    });
    expect((await get(ctx, who, '/api/geo/autocomplete?q=x')).json().data).toEqual([]);
  });

  it('answers 404 for a place id it does not know and 400 for bad coordinates', async () => {
    expect((await get(ctx, who, '/api/geo/place/gz-0')).statusCode).toBe(404);
    expect((await get(ctx, who, '/api/geo/place/ChIJ-anything')).statusCode).toBe(404);
    expect((await get(ctx, who, '/api/geo/reverse?lat=95&lng=72')).statusCode).toBe(400);
    expect((await get(ctx, who, '/api/geo/reverse?lat=abc&lng=72')).statusCode).toBe(400);
  });

  it('tells the map where its tiles come from, and the CSP lets them load', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/geo/tiles' });
    expect(res.json().data.url).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    const page = await ctx.app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['content-security-policy']).toContain('img-src');
    expect(String(page.headers['content-security-policy'])).toMatch(/img-src [^;]*https:\/\/tile\.openstreetmap\.org/);
  });
});

describe('tile origins in the CSP', () => {
  it('turns a tile template into the source the browser checks', () => {
    expect(tileOrigins('https://{s}.tile.example.in/{z}/{x}/{y}.png')).toEqual(['https://*.tile.example.in']);
    expect(tileOrigins('https://tiles.example.in:8443/{z}/{x}/{y}.png')).toEqual(['https://tiles.example.in:8443']);
    expect(tileOrigins('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(contentSecurityPolicy(['https://a.example']).directives.imgSrc).toContain('https://a.example');
  });
});
