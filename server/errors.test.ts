import { readFileSync } from 'node:fs';

import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { apiError, badRequest, defaultErrorCode, ERROR_CODE_NAMES, ERROR_CODES, HttpError, notFound } from './errors';
import errorsPlugin from './plugins/errors';
import { ErrorResponse, ErrorResponseSchema } from './schemas/common';
import { changedCode } from './routes/api/order/index';

describe('HttpError', () => {
  it('carries the code it was given, else the default of its status', () => {
    expect(new HttpError(409, 'x', {}, 'GIFT_CARD_USED').code).toBe('GIFT_CARD_USED');
    expect(new HttpError(401, 'x').code).toBe('UNAUTHENTICATED');
    expect(new HttpError(418, 'x').code).toBe('BAD_REQUEST');
    expect(new HttpError(502, 'x').code).toBe('INTERNAL');
    expect(badRequest('field: is wrong')).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED' });
    expect(notFound()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('apiError takes the status from the catalogue', () => {
    const error = apiError('OTP_LOCKED', 'Too many', { 'Retry-After': '30' });
    expect(error).toMatchObject({ statusCode: 429, code: 'OTP_LOCKED', headers: { 'Retry-After': '30' } });
  });

  it('each default code is a catalogue code of that status', () => {
    for (const status of [400, 401, 403, 404, 409, 413, 414, 415, 429, 503]) {
      expect(ERROR_CODES[defaultErrorCode(status)].status).toBe(status);
    }
  });
});

describe('the catalogue', () => {
  it('is in the README, each code with its status', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const rows = new Map(
      [...readme.matchAll(/^\| `([A-Z_]+)` +\| (\d{3}) /gm)].map((match) => [match[1], Number(match[2])]),
    );
    expect([...rows.keys()]).toEqual(ERROR_CODE_NAMES);
    for (const code of ERROR_CODE_NAMES) expect(rows.get(code), code).toBe(ERROR_CODES[code].status);
  });
});

describe('the 409 code of a changed cart', () => {
  it('is OUT_OF_STOCK when any line cannot be had as asked, else PRICE_CHANGED', () => {
    expect(changedCode([{ problem: 'price-changed' }, { problem: null }])).toBe('PRICE_CHANGED');
    expect(changedCode([{ problem: 'price-changed' }, { problem: 'out-of-stock' }])).toBe('OUT_OF_STOCK');
    expect(changedCode([{ problem: 'not-enough-stock' }])).toBe('OUT_OF_STOCK');
    expect(changedCode([{ problem: 'unavailable' }])).toBe('OUT_OF_STOCK');
  });
});

describe('the error handler', () => {
  const app = Fastify({ logger: false });
  beforeAll(async () => {
    await app.register(errorsPlugin);
    app.get('/boom', async () => {
      throw new Error('secret detail');
    });
    app.get('/db-down', async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    app.get('/limited', async () => {
      throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
    });
    // With the shared schema (which requires `code`) as the documented answer, like the API's routes.
    app.addSchema(ErrorResponseSchema);
    app.get('/sent-by-hand', { schema: { response: { 409: ErrorResponse } } }, async (_request, reply) =>
      reply.code(409).send({ success: false, message: 'Taken' }),
    );
    await app.ready();
  });
  afterAll(() => app.close());

  it('answers an unexpected failure 500 INTERNAL, without its details', async () => {
    const res = await app.inject('/boom');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      code: 'INTERNAL',
      message: 'Something went wrong on our side. Please try again.',
    });
  });

  it('answers an unreachable database 503 SERVICE_UNAVAILABLE with Retry-After', async () => {
    const res = await app.inject('/db-down');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
    expect(res.headers['retry-after']).toBe('5');
  });

  it('adds the default code to an error body a route sent without one', async () => {
    const res = await app.inject('/sent-by-hand');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, code: 'CONFLICT', message: 'Taken' });
  });

  it('gives a 4xx raised by a plugin the default code of its status', async () => {
    const res = await app.inject('/limited');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ success: false, code: 'RATE_LIMITED', message: 'Rate limit exceeded' });
  });
});
