/**
 * The API as a partner sees it (issue 15, decision 025): the OpenAPI document names every
 * operation, its shared schemas and its security; every error answer carries a catalogue
 * `code`; and a signed-out call to a signed-in route is 401 before its body is looked at.
 */
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_CODE_NAMES, ERROR_CODES } from '../../server/errors';
import { createTestApp } from '../setup/test-app';
import { json, signIn, type SignedIn } from './auth-helpers';

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: unknown;
  responses: Record<string, { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
  'x-spec-fixed-path'?: string;
}
interface Document {
  info: { license?: { name: string }; contact?: { name: string } };
  servers?: { url: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
}

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let doc: Document;
let operations: { method: string; path: string; op: Operation }[];

beforeAll(async () => {
  ctx = await createTestApp();
  doc = (await ctx.app.inject('/api/docs/json')).json<Document>();
  operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => ctx.close());

const isSignedIn = (op: Operation) => (op.security ?? []).some((requirement) => 'cookieAuth' in requirement);

describe('the OpenAPI document', () => {
  it('names every operation with a unique camelCase operationId', () => {
    expect(operations.length).toBeGreaterThan(20);
    const ids = operations.map(({ method, path, op }) => {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][a-zA-Z]+$/);
      return op.operationId;
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api']!.get!.operationId).toBe('getProducts');
    expect(doc.paths['/api/order']!.post!.operationId).toBe('placeOrder');
  });

  it('names its shared schemas by their $id, never def-N', () => {
    const text = JSON.stringify(doc);
    expect(text).not.toMatch(/def-\d/);
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining(['ErrorResponse', 'Product', 'Category', 'Address']),
    );
    expect(JSON.stringify(doc.paths['/api/product/public/{id}']!.get!.responses['200'])).toContain(
      '#/components/schemas/Product',
    );
  });

  it('says on every operation who may call it: public ([]) or signed in (cookie or Bearer)', () => {
    for (const { method, path, op } of operations) {
      expect(Array.isArray(op.security), `${method} ${path}`).toBe(true);
    }
    const signedIn = operations.filter(({ op }) => isSignedIn(op)).map(({ method, path }) => `${method} ${path}`);
    expect(signedIn).toEqual(
      expect.arrayContaining([
        'GET /api/customer/me',
        'GET /api/address/',
        'POST /api/order',
        'POST /api/giftcard/redeem',
        'GET /api/geo/reverse',
      ]),
    );
    expect(doc.paths['/api/customer/public']!.post!.security).toEqual([]);
    expect(doc.paths['/api']!.get!.security).toEqual([]);
  });

  it('documents the error schema with the whole code catalogue: every 401 and every server error', () => {
    expect(doc.components.schemas.ErrorResponse!.properties!.code!.enum).toEqual(ERROR_CODE_NAMES);
    for (const { method, path, op } of operations.filter(({ op }) => isSignedIn(op))) {
      const unauthorised = op.responses['401'];
      expect(unauthorised?.content?.['application/json']?.schema?.$ref, `${method} ${path}`).toBe(
        '#/components/schemas/ErrorResponse',
      );
      expect(unauthorised!.description).toContain('UNAUTHENTICATED');
    }
    for (const { method, path, op } of operations.filter(({ path }) => path.startsWith('/api'))) {
      expect(op.responses['5XX']?.content?.['application/json']?.schema?.$ref, `${method} ${path}`).toBe(
        '#/components/schemas/ErrorResponse',
      );
    }
  });

  it('has servers, a licence, a contact, described tags, and marks the spec-fixed address paths', () => {
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.license?.name).toBeTruthy();
    expect(doc.info.contact?.name).toBeTruthy();
    for (const tag of doc.tags ?? []) expect(tag.description, tag.name).toBeTruthy();
    const used = new Set(operations.flatMap(({ op }) => (op as { tags?: string[] }).tags ?? []));
    expect([...used].every((name) => doc.tags!.some((tag) => tag.name === name))).toBe(true);
    for (const [path, method] of [
      ['/api/address/', 'get'],
      ['/api/address/{userId}', 'post'],
      ['/api/address/{addressId}', 'put'],
      ['/api/address/{addressId}', 'delete'],
    ] as const) {
      expect(doc.paths[path]![method]!['x-spec-fixed-path'], `${method} ${path}`).toMatch(/Spec point 7/);
    }
  });
});

/** A concrete URL for a documented path: every parameter filled with something invalid. */
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, 'not-valid');

describe('a signed-out call to a signed-in route', () => {
  it('is 401 UNAUTHENTICATED before its content type, body, query or path is checked', async () => {
    const signedIn = operations.filter(({ op }) => isSignedIn(op));
    expect(signedIn.length).toBeGreaterThanOrEqual(17);
    for (const { method, path, op } of signedIn) {
      const what = `${method} ${path}`;
      const attempts = op.requestBody
        ? [
            // A body of the wrong shape, one that is not JSON at all, one that does not even claim to be.
            json(method as 'POST', urlOf(path), { unexpected: ['field'], items: 'none' }),
            { method, url: urlOf(path), headers: { 'content-type': 'application/json' }, payload: '{"broken":' },
            { method, url: urlOf(path), headers: { 'content-type': 'text/plain' }, payload: 'hello' },
          ]
        : [{ method, url: urlOf(path) }];
      for (const attempt of attempts) {
        const res = await ctx.app.inject(attempt as InjectOptions);
        expect(res.statusCode, `${what}: ${res.body}`).toBe(401);
        expect(res.json(), what).toEqual({
          success: false,
          code: 'UNAUTHENTICATED',
          message: 'Please sign in to continue.',
        });
        expect(res.headers['www-authenticate'], what).toBe('Bearer');
      }
    }
  });

  it('is 401 for a token that is not valid too, even with a body far over the size limit', async () => {
    const res = await ctx.app.inject(
      json('POST', '/api/order', { items: 'x'.repeat(100 * 1024) }, { headers: { authorization: 'Bearer forged' } }),
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
  });
});

describe('error codes', () => {
  let shopper: SignedIn;
  beforeAll(async () => {
    shopper = await signIn(ctx, '9812300001');
  });
  const bearer = () => ({ authorization: `Bearer ${shopper.token}` });

  it('name every catalogue code in UPPER_SNAKE with its usual status', () => {
    for (const code of ERROR_CODE_NAMES) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]+$/);
      expect(ERROR_CODES[code].status).toBeGreaterThanOrEqual(400);
    }
  });

  it.each([
    ['a body that fails its schema', 400, 'VALIDATION_FAILED', () => json('POST', '/api/order', { items: [] })],
    [
      'a body that is not JSON',
      400,
      'INVALID_JSON',
      () => ({ method: 'POST', url: '/api/order', headers: { 'content-type': 'application/json' }, payload: '{' }),
    ],
    ['a query that fails its schema', 400, 'VALIDATION_FAILED', () => ({ method: 'GET', url: '/api/order?page=0' })],
    [
      'an order that is not there',
      404,
      'NOT_FOUND',
      () => ({ method: 'GET', url: `/api/order/${crypto.randomUUID()}` }),
    ],
    [
      "another customer's id",
      403,
      'FORBIDDEN',
      () => ({ method: 'GET', url: `/api/address/?customer=${crypto.randomUUID()}` }),
    ],
    [
      'a body over 64 KiB',
      413,
      'BODY_TOO_LARGE',
      () => json('POST', '/api/order/quote', { items: [], pad: 'x'.repeat(70 * 1024) }),
    ],
    [
      'a state-changing call that is not JSON',
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      () => ({ method: 'POST', url: '/api/order', headers: { 'content-type': 'text/plain' }, payload: 'hi' }),
    ],
    [
      'a path parameter over 200 characters',
      414,
      'PATH_TOO_LONG',
      () => ({ method: 'GET', url: `/api/order/${'a'.repeat(300)}` }),
    ],
    ['an API path that does not exist', 404, 'ROUTE_NOT_FOUND', () => ({ method: 'GET', url: '/api/nothing-here' })],
  ] as const)('%s: %i %s', async (_what, status, code, request) => {
    const options = request() as InjectOptions;
    const res = await ctx.app.inject({ ...options, headers: { ...options.headers, ...bearer() } });
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toEqual({ success: false, code, message: expect.any(String) });
  });

  it('409: a stale price is PRICE_CHANGED, with reason and the current items beside the code', async () => {
    const product = (await ctx.app.inject('/api/product/public/1')).json<{ id: number; price: number }>();
    const address = await ctx.app.inject(
      json(
        'POST',
        `/api/address/${shopper.customerId}`,
        {
          tag: 'Home',
          locality: 'Bandra West, Mumbai',
          buildingName: 'Sea View 4',
          name: 'Asha',
          gps: { latitude: 19.06, longitude: 72.83 },
          city: 'Mumbai',
          pincode: '400050',
        },
        { headers: bearer() },
      ),
    );
    expect(address.statusCode, address.body).toBe(201);
    const order = (items: { productId: number; quantity: number; price: number }[]) =>
      ctx.app.inject(
        json(
          'POST',
          '/api/order',
          { addressId: address.json().data._id, items },
          { headers: { ...bearer(), 'idempotency-key': crypto.randomUUID() } },
        ),
      );

    const stalePrice = await order([{ productId: product.id, quantity: 1, price: product.price + 1 }]);
    expect(stalePrice.statusCode, stalePrice.body).toBe(409);
    expect(stalePrice.json()).toMatchObject({ success: false, code: 'PRICE_CHANGED', reason: 'changed' });
    expect(stalePrice.json().items[0]).toMatchObject({ productId: product.id, problem: 'price-changed' });
  });
});
