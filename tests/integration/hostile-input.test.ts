import { Writable } from 'node:stream';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../setup/test-app';
import { json, lastCode, numberFactory, requestOtp, verifyOtp } from './auth-helpers';

/**
 * Hostile input (issue 15): control characters and out-of-range integers are a 400 naming the
 * field, never a database error; and what a failing request logs carries no personal data.
 */

const logLines: string[] = [];
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let app: TestApp;
let dataDir: string;
const nextNumber = numberFactory('93');
let token: string;
let customerId: string;
let mobile: string;

beforeAll(async () => {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  ctx = await createTestApp({ logLevel: 'info' }, { logStream: stream });
  app = ctx.app;
  dataDir = ctx.config.dataDir;
  mobile = nextNumber();
  expect((await requestOtp(app, mobile)).statusCode).toBe(200);
  const verified = await verifyOtp(app, mobile, lastCode(dataDir, mobile));
  const body = verified.json<{ token: string; data: { id: string } }>();
  token = body.token;
  customerId = body.data.id;
});
afterAll(async () => ctx?.close());

const auth = () => ({ authorization: `Bearer ${token}` });

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

const TEXT_FIELDS = [
  'tag',
  'locality',
  'buildingName',
  'floor',
  'nearBy',
  'name',
  'mobile',
  'city',
  'area',
  'state',
  'pincode',
];

async function saved() {
  const res = await app.inject(json('POST', `/api/address/${customerId}`, sample(), { headers: auth() }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { _id: string; version: number } }>().data;
}

describe('control characters in address fields', () => {
  it.each(TEXT_FIELDS)('a NUL in %s is a 400 naming it when adding', async (field) => {
    const value = `${String(sample()[field as keyof ReturnType<typeof sample>])}\u0000x`;
    const res = await app.inject(
      json('POST', `/api/address/${customerId}`, sample({ [field]: value }), { headers: auth() }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
  });

  it.each(TEXT_FIELDS)('a NUL in %s is a 400 naming it when editing, and changes nothing', async (field) => {
    const address = await saved();
    const value = `${String(sample()[field as keyof ReturnType<typeof sample>])}\u0000x`;
    const res = await app.inject(
      json('PUT', `/api/address/${address._id}`, sample({ [field]: value, version: address.version }), {
        headers: auth(),
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(new RegExp(`^${field}: `));
    const list = await app.inject({ method: 'GET', url: `/api/address/?customer=${customerId}`, headers: auth() });
    const after = list.json<{ data: { _id: string; version: number }[] }>().data.find((a) => a._id === address._id);
    expect(after?.version).toBe(address.version);
    await app.inject({ method: 'DELETE', url: `/api/address/${address._id}`, headers: auth() });
  });

  it('other control characters, DEL and lone surrogates are refused too; ordinary text is not', async () => {
    for (const bad of ['\u0001', '\u001b[31m', '\n', '\t', '\u007f', '\ud800']) {
      const res = await app.inject(
        json('POST', `/api/address/${customerId}`, sample({ nearBy: `Gate ${bad}2` }), { headers: auth() }),
      );
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/^nearBy: /);
    }
    const fine = await app.inject(
      json('POST', `/api/address/${customerId}`, sample({ nearBy: 'मंदिर के पास 😀 — «gate» 2' }), { headers: auth() }),
    );
    expect(fine.statusCode, fine.body).toBe(201);
    await app.inject({
      method: 'DELETE',
      url: `/api/address/${fine.json<{ data: { _id: string } }>().data._id}`,
      headers: auth(),
    });
  });

  it('in a query string or a path it is a 400 as well', async () => {
    const query = await app.inject({ method: 'GET', url: '/api/product/search?q=mi%00lk' });
    expect(query.statusCode, query.body).toBe(400);
    expect(query.json<{ message: string }>().message).toMatch(/^q: /);
    const param = await app.inject({ method: 'DELETE', url: '/api/address/ab%00cd', headers: auth() });
    expect(param.statusCode, param.body).toBe(400);
    expect(param.json<{ message: string }>().message).toMatch(/^addressId: /);
  });
});

describe('integers beyond the database column', () => {
  it('an address version of 2^31 is a 400, not a database error', async () => {
    const address = await saved();
    const res = await app.inject(
      json('PUT', `/api/address/${address._id}`, sample({ version: 2 ** 31 }), { headers: auth() }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^version: /);
    await app.inject({ method: 'DELETE', url: `/api/address/${address._id}`, headers: auth() });
  });
});

describe('logs', () => {
  it("a failing request's log lines carry neither the name, the number nor the coordinates", async () => {
    logLines.length = 0;
    const failing = await app.inject(
      json(
        'POST',
        `/api/address/${customerId}`,
        sample({
          name: 'Zeenat Qureshi',
          mobile: '91234 56789',
          nearBy: 'a\u0000b',
          gps: { latitude: 12.9716, longitude: 77.5946 },
        }),
        { headers: auth() },
      ),
    );
    expect(failing.statusCode).toBe(400);
    const reverse = await app.inject({
      method: 'GET',
      url: '/api/geo/reverse?lat=12.97161&lng=77.59461',
      headers: auth(),
    });
    expect(reverse.statusCode).toBeLessThan(500);
    const joined = logLines.join('\n');
    expect(joined).toContain('/api/geo/reverse');
    for (const secret of ['Zeenat', 'Qureshi', '9123456789', '91234 56789', '12.9716', '77.5946']) {
      expect(joined).not.toContain(secret);
    }
  });

  it('a database error is logged without the values the query carried', async () => {
    logLines.length = 0;
    // Straight to the database layer, past the request checks: the kind of error a bug would raise.
    const { addAddress } = await import('../../server/db/address-queries');
    const { checkAddress } = await import('../../server/domain/address');
    const checked = checkAddress(sample({ name: 'Zeenat Qureshi', mobile: '91234 56789', nearBy: 'a\u0000b' }));
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    let failure: unknown;
    try {
      await addAddress(app.database.db, customerId, { ...checked.value, pincode: '400058' });
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    app.log.error({ err: failure }, 'request failed');
    const joined = logLines.join('\n');
    expect(joined).toContain('request failed');
    for (const secret of ['Zeenat', 'Qureshi', '9123456789', '91234 56789', '19.1363', '72.8277']) {
      expect(joined).not.toContain(secret);
    }
  });
});
