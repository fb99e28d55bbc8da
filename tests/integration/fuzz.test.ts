/**
 * A fuzz pass over every API route the app documents (read from its own OpenAPI document, so a
 * new route is covered the day it is added): malformed JSON, wrong types, missing and extra
 * fields, huge bodies, deep nesting, unicode, SQL and script injection strings, in the path, the
 * query and the body, signed out and signed in. No answer may be a 5xx or carry a stack trace,
 * and no table may change.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ERROR_CODE_NAMES } from '../../server/errors';
import { runOps } from '../../server/ops/cli';
import { createTestApp } from '../setup/test-app';
import { signIn } from './auth-helpers';

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
let ctx: Ctx;
let cookies: string;
/** An admin's cookies: the store console's routes are fuzzed past their staff check too. */
let staffCookies: string;

interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}
interface Operation {
  parameters?: { in: string; name: string; schema?: SchemaNode }[];
  requestBody?: { content?: Record<string, { schema?: SchemaNode }> };
}
interface Route {
  method: string;
  path: string;
  op: Operation;
}

/** Tables that count attempts (rate limits): a refused or counted request is meant to write there. */
const BOOKKEEPING_TABLES = ['gift_card_attempts', 'rate_counters'];

/** Routes that change the session by design; fuzzed signed out only, so the session survives. */
const SESSION_CHANGING = new Set(['POST /api/customer/logout', 'POST /api/customer/refresh']);

const NASTY_STRINGS = [
  "' OR '1'='1",
  '1; DROP TABLE products; --',
  "'); DELETE FROM customers; --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../../../etc/passwd',
  '%00',
  '\u0000',
  'ह'.repeat(50),
  '💥🧨'.repeat(20),
  '\u202e\u200b\ufeff',
  'x'.repeat(5000),
  '-1',
  '1e309',
  'NaN',
  '{{7*7}}',
  '${jndi:ldap://x}',
  'null',
  'true',
  '[]',
];
const NASTY_VALUES: unknown[] = [
  null,
  -1,
  0,
  1.5,
  Number.MAX_SAFE_INTEGER,
  '',
  [],
  {},
  [[[]]],
  { $ne: null },
  { __proto__: { admin: true } },
  { constructor: { prototype: { admin: true } } },
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'ह💥',
];

function deepNesting(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** A value of the wrong type for a schema node (never `true`: no fuzz body confirms anything). */
function wrongTypes(node: SchemaNode | undefined): unknown[] {
  const types = [node?.type].flat();
  const out: unknown[] = [];
  if (!types.includes('string')) out.push('not-a-number', '12345');
  if (!types.includes('number') && !types.includes('integer')) out.push(42, -7.5);
  if (!types.includes('object')) out.push({ nested: { deeper: 'x' } });
  if (!types.includes('array')) out.push(['a', 1]);
  if (!types.includes('boolean')) out.push(false);
  return out;
}

function bodiesFor(schema: SchemaNode | undefined): { label: string; payload: string }[] {
  const props = schema?.properties ?? {};
  const bodies: { label: string; payload: string }[] = [
    { label: 'malformed JSON', payload: '{"broken":' },
    { label: 'trailing garbage', payload: '{}garbage' },
    { label: 'not an object', payload: '"just a string"' },
    { label: 'array', payload: '[1,2,3]' },
    { label: 'null', payload: 'null' },
    { label: 'empty object', payload: '{}' },
    { label: 'extra fields', payload: JSON.stringify({ unexpected: 'x', admin: true, role: 'staff' }) },
    { label: 'prototype pollution', payload: '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}' },
    { label: 'deep nesting', payload: `{"a":${deepNesting(5000)}}` },
    { label: 'huge body', payload: JSON.stringify({ blob: 'x'.repeat(200 * 1024) }) },
  ];
  for (const [name, node] of Object.entries(props)) {
    bodies.push({ label: `${name}=1e309`, payload: `{${JSON.stringify(name)}:1e309}` });
    for (const value of [...wrongTypes(node), ...NASTY_VALUES]) {
      bodies.push({
        label: `${name}=${JSON.stringify(value)?.slice(0, 40)}`,
        payload: JSON.stringify({ [name]: value }),
      });
    }
    for (const value of NASTY_STRINGS) {
      bodies.push({ label: `${name}=${value.slice(0, 40)}`, payload: JSON.stringify({ [name]: value }) });
    }
  }
  return bodies;
}

function fillPath(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, encodeURIComponent(value));
}

function requestsFor(route: Route): InjectOptions[] {
  const method = route.method.toUpperCase() as InjectOptions['method'];
  const samplePath = fillPath(route.path, '1');
  const requests: InjectOptions[] = [];
  if (route.path.includes('{')) {
    for (const value of [...NASTY_STRINGS, 'ffffffff-ffff-ffff-ffff-ffffffffffff', '999999999999999999999']) {
      requests.push({
        method,
        url: fillPath(route.path, value),
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
    }
  }
  const queryNames = (route.op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  for (const name of [...queryNames, 'unexpected']) {
    for (const value of [...NASTY_STRINGS, '']) {
      requests.push({ method, url: `${samplePath}?${name}=${encodeURIComponent(value)}` });
    }
    requests.push({ method, url: `${samplePath}?${name}=a&${name}=b&${name}[x]=c` });
  }
  if (method !== 'GET' && method !== 'HEAD') {
    const schema = route.op.requestBody?.content?.['application/json']?.schema;
    for (const body of bodiesFor(schema)) {
      requests.push({
        method,
        url: samplePath,
        headers: { 'content-type': 'application/json' },
        payload: body.payload,
      });
    }
    requests.push({ method, url: samplePath, headers: { 'content-type': 'text/plain' }, payload: 'mobile=9876543210' });
    requests.push({
      method,
      url: samplePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'a=1',
    });
  }
  return requests;
}

function describeRequest(req: InjectOptions): string {
  const body = typeof req.payload === 'string' ? req.payload.slice(0, 80) : '';
  return `${req.method} ${String(req.url).slice(0, 120)} ${body}`;
}

function expectSafe(req: InjectOptions, res: LightMyRequestResponse) {
  const what = `${describeRequest(req)} -> ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  expect(res.body, what).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
  expect(res.body, what).not.toMatch(/node_modules|\/work\/|stack/i);
  if (res.statusCode >= 400 && String(req.url).startsWith('/api')) {
    expect(res.headers['content-type'], what).toMatch(/application\/json/);
    expect(res.json(), what).toMatchObject({ success: false, code: expect.any(String), message: expect.any(String) });
    expect(ERROR_CODE_NAMES, what).toContain(res.json().code);
  }
}

/** Every table's row count and content digest. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = (await ctx.database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const result = (await ctx.database.db.execute(
      sql.raw(
        `select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as digest from "${table_name}" t`,
      ),
    )) as unknown as { rows: { digest: string }[] };
    out[table_name] = result.rows[0]!.digest;
  }
  return out;
}

let routes: Route[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  cookies = (await signIn(ctx, '9876500001')).cookies;
  await runOps(['staff:add', '9876500002', '--role', 'admin'], ctx.database, ctx.config.jwtSecret);
  staffCookies = (await signIn(ctx, '9876500002')).cookies;
  const spec = ctx.app.swagger() as { paths: Record<string, Record<string, Operation>> };
  routes = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api') && !path.startsWith('/api/docs'))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method, path, op })));
}, 60_000);
afterAll(() => ctx?.close());

describe('fuzzing every API route', () => {
  it('finds the routes to fuzz in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    expect(routes.map((r) => `${r.method.toUpperCase()} ${r.path}`)).toContain('POST /api/customer/public');
  });

  it('never answers 5xx or a stack trace, and changes no data', async () => {
    const before = await snapshot();
    let sent = 0;
    for (const route of routes) {
      const key = `${route.method.toUpperCase()} ${route.path}`;
      for (const req of requestsFor(route)) {
        const signedOut = await ctx.app.inject({ ...req, remoteAddress: `198.51.100.${sent % 250}` });
        expectSafe(req, signedOut);
        sent++;
        if (SESSION_CHANGING.has(key)) continue;
        // A shopper's order stream never ends when signed in (its own tests cover its input:
        // order-stream.test.ts); signed out it is a 401 like every other customer route.
        if (route.path === '/api/order/stream') continue;
        const signedInReq = { ...req, headers: { ...req.headers, cookie: cookies } };
        expectSafe(req, await ctx.app.inject(signedInReq));
        sent++;
        // The orders stream never ends for staff (its own tests cover it: ops-orders.test.ts).
        if (route.path.startsWith('/api/ops/') && route.path !== '/api/ops/orders/stream') {
          expectSafe(req, await ctx.app.inject({ ...req, headers: { ...req.headers, cookie: staffCookies } }));
          sent++;
        }
      }
    }
    expect(sent).toBeGreaterThan(500);
    const after = await snapshot();
    // The sign-in above is the only thing allowed to have written, and it happened before; apart
    // from the record of wrong gift-card codes, which is how guessing them is stopped.
    for (const bookkeeping of BOOKKEEPING_TABLES) {
      delete after[bookkeeping];
      delete before[bookkeeping];
    }
    expect(after).toEqual(before);
    // The session is still good: nothing the fuzzer sent signed the customer out.
    const me = await ctx.app.inject({ method: 'GET', url: '/api/customer/me', headers: { cookie: cookies } });
    expect(me.statusCode).toBe(200);
  }, 300_000);
});
