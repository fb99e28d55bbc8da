import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp } from '../setup/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const check = async (name: string) => {
  const response = await ctx.app.inject({ url: '/api/delivery/city', query: { name } });
  return { status: response.statusCode, body: response.json(), cacheControl: response.headers['cache-control'] };
};

describe("the product page's city check (GET /api/delivery/city)", () => {
  it('serves a city whose centre a dark store covers, with the minutes to it', async () => {
    const { status, body, cacheControl } = await check('Pune');
    expect(status).toBe(200);
    expect(cacheControl).toBe('public, max-age=300');
    expect(body.data).toMatchObject({ found: true, city: 'Pune', state: 'Maharashtra', coverage: 'centre' });
    expect(body.data.etaMinutes).toBeGreaterThanOrEqual(4);
    expect(body.data.stores).toBe(3);
    expect(body.data.message).toBe(
      `Yes, we deliver to Pune: about ${body.data.etaMinutes} minutes to the city centre.`,
    );
  });

  it('knows the older names and ignores case, spacing and accents', async () => {
    expect((await check('  bangalore ')).body.data).toMatchObject({ city: 'Bengaluru', coverage: 'centre' });
    expect((await check('BOMBAY')).body.data).toMatchObject({ city: 'Mumbai', coverage: 'centre' });
    expect((await check('Thāne')).body.data).toMatchObject({ city: 'Thane', found: true });
  });

  it('says when only parts of a city are reached', async () => {
    // Gurgaon's centre is about 14 km from the Dwarka store and 19 km from Saket (radius 5 km):
    // neither covers it, both reach into the city.
    const { body } = await check('Gurugram');
    expect(body.data).toMatchObject({ city: 'Gurgaon', coverage: 'parts', etaMinutes: null, stores: 2 });
    expect(body.data.message).toBe(
      'We deliver to parts of Gurgaon. Choose your delivery location at the top to check yours.',
    );
  });

  it('refuses a city without stores and names the cities that have them (from the stores table)', async () => {
    const { body } = await check('Chennai');
    expect(body.data).toMatchObject({ found: true, city: 'Chennai', coverage: 'none', stores: 0, etaMinutes: null });
    expect(body.data.servedCities).toEqual(['Bangalore', 'Delhi', 'Mumbai', 'Noida', 'Pune']);
    expect(body.data.message).toBe(
      'Sorry, we do not deliver to Chennai yet. We are in Bangalore, Delhi, Mumbai, Noida and Pune.',
    );
  });

  it('says so when the name is not a place in India, and refuses an empty or oversized one', async () => {
    const { status, body } = await check('Atlantis');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ found: false, city: null, coverage: null, stores: 0 });
    expect(body.data.message).toBe('We could not find a city called "Atlantis" in India. Check the spelling.');

    const blank = await check('   ');
    expect(blank.status).toBe(400);
    expect(blank.body).toEqual({ success: false, code: 'VALIDATION_FAILED', message: 'Type the name of a city.' });
    expect((await check('x'.repeat(61))).status).toBe(400);
    expect((await ctx.app.inject('/api/delivery/city')).statusCode).toBe(400);
  });
});
