import { randomUUID } from 'node:crypto';

import { eq } from 'drizzle-orm';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { sessions } from '../../server/db/schema';
import { createTestApp, type TestApp } from '../setup/test-app';
import { cookieHeader, cookieMap, json, numberFactory, signIn, useAppClock, type SignedIn } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('71');
const secret = new TextEncoder().encode('test-secret-that-is-long-enough-for-hs256-signing');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const clock = useAppClock(() => ctx.app);

const me = (app: TestApp, headers: Record<string, string>) =>
  app.inject({ method: 'GET', url: '/api/customer/me', headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const refresh = (cookies: string, body: unknown = {}) =>
  ctx.app.inject(json('POST', '/api/customer/refresh', body, { headers: { cookie: cookies } }));
const logout = (headers: Record<string, string> = {}, body: unknown = {}) =>
  ctx.app.inject(json('POST', '/api/customer/logout', body, { headers }));

function expectSignInRequired(res: Awaited<ReturnType<typeof me>>) {
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' });
}

function expectCleared(res: Awaited<ReturnType<typeof me>>, names: string[]) {
  const cookies = cookieMap(res);
  for (const name of names) {
    expect(cookies[name], name).toMatchObject({ value: '', maxAge: 0 });
    expect(cookies[name]!.path, name).toBe(name === '_auth_refresh' ? '/api/customer' : '/');
  }
}

describe('GET /api/customer/me', () => {
  let session: SignedIn;
  beforeAll(async () => {
    session = await signIn(ctx, nextNumber());
  });

  it('answers the signed-in customer, by Bearer token or by cookie', async () => {
    for (const headers of [bearer(session.token), { cookie: session.cookies }]) {
      const res = await me(ctx.app, headers);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        data: { id: session.customerId, mobile: session.mobile, createdAt: expect.any(String) },
      });
      expect(new Date(res.json().data.createdAt).getTime()).not.toBeNaN();
    }
  });

  it('asks to sign in without a token', async () => {
    const res = await me(ctx.app, {});
    expectSignInRequired(res);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });
});

describe('session tokens that are not ours are refused', () => {
  let session: SignedIn;
  let claims: { sub: string; sid: string; mobile: string };
  beforeAll(async () => {
    session = await signIn(ctx, nextNumber());
    claims = JSON.parse(Buffer.from(session.token.split('.')[1]!, 'base64url').toString());
  });
  const now = () => Math.floor(ctx.app.clock.now().getTime() / 1000);
  const valid = () => ({ mobile: claims.mobile, sid: claims.sid });

  const forged: [string, () => Promise<string>][] = [
    [
      'a bad signature',
      async () => {
        const [h, p, s] = session.token.split('.');
        return `${h}.${p}.${s!.slice(0, -4)}${s!.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      },
    ],
    [
      'changed claims',
      async () => {
        const [h, , s] = session.token.split('.');
        const payload = { ...claims, sub: randomUUID() };
        return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
      },
    ],
    [
      'another secret',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(new TextEncoder().encode('some-other-secret-that-is-long-enough-too')),
    ],
    [
      'alg none',
      async () =>
        new UnsecuredJWT(valid())
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .encode(),
    ],
    [
      'HS512 with our secret',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS512' })
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(secret),
    ],
    [
      'RS256',
      async () => {
        const { privateKey } = await generateKeyPair('RS256');
        return new SignJWT(valid())
          .setProtectedHeader({ alg: 'RS256' })
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(privateKey);
      },
    ],
    [
      'no exp',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .sign(secret),
    ],
    [
      'no sub',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(secret),
    ],
    [
      'a sub that is not an id',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject("1' or '1'='1")
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(secret),
    ],
    [
      'a customer that does not exist',
      () =>
        new SignJWT(valid())
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(randomUUID())
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(secret),
    ],
    [
      'a session family that does not exist',
      () =>
        new SignJWT({ ...valid(), sid: randomUUID() })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuedAt(now())
          .setExpirationTime(now() + 600)
          .sign(secret),
    ],
    ['garbage', async () => 'not-a-jwt'],
    ['three empty parts', async () => '..'],
  ];

  it.each(forged)('%s', async (_name, make) => {
    const token = await make();
    expectSignInRequired(await me(ctx.app, bearer(token)));
    const byCookie = await me(ctx.app, { cookie: `_auth=${encodeURIComponent(token)}` });
    expectSignInRequired(byCookie);
    // The client must not go on believing it is signed in.
    expectCleared(byCookie, ['_auth', '_auth_type', '_auth_state']);
  });

  it('a token that signs the same claims with our secret is accepted (the forgeries above are the only difference)', async () => {
    const token = await new SignJWT(valid())
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuedAt(now())
      .setExpirationTime(now() + 600)
      .sign(secret);
    expect((await me(ctx.app, bearer(token))).statusCode).toBe(200);
  });

  it('an expired token', async () => {
    const fresh = await signIn(ctx, nextNumber());
    clock.advance(3599_000);
    expect((await me(ctx.app, bearer(fresh.token))).statusCode).toBe(200);
    clock.advance(1_000);
    expectSignInRequired(await me(ctx.app, bearer(fresh.token)));
    expectSignInRequired(await me(ctx.app, { cookie: fresh.cookies }));
  });
});

describe('POST /api/customer/refresh', () => {
  it('swaps the refresh token for a new session in the same family', async () => {
    const session = await signIn(ctx, nextNumber());
    clock.advance(3000_000);
    const res = await refresh(session.cookies);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Session refreshed',
      token: expect.any(String),
      data: { id: session.customerId, mobile: session.mobile },
    });
    const cookies = cookieMap(res);
    expect(Object.keys(cookies).sort()).toEqual(['_auth', '_auth_refresh', '_auth_state', '_auth_type']);
    expect(cookies._auth_refresh!.value).not.toBe(session.refreshToken);
    expect(cookies._auth!.value).toBe(body.token);

    // The new token outlives the old one.
    clock.advance(1000_000);
    expectSignInRequired(await me(ctx.app, bearer(session.token)));
    expect((await me(ctx.app, bearer(body.token))).statusCode).toBe(200);

    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
    expect(rows).toHaveLength(2);
    const [old, next] = rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
    expect(old!.replacedBy).toBe(next!.id);
    expect(next!.familyId).toBe(old!.familyId);
  });

  it('revokes the whole family when a replaced refresh token comes back after the grace window', async () => {
    const session = await signIn(ctx, nextNumber());
    const rotated = await refresh(session.cookies);
    expect(rotated.statusCode).toBe(200);
    const newCookies = cookieHeader(rotated);

    // Someone replays the old refresh token, 30 s after it was replaced.
    clock.advance(30_000);
    const replay = await refresh(session.cookies);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({
      success: false,
      code: 'SESSION_ENDED',
      message: 'Your session has ended. Please sign in again.',
    });
    expectCleared(replay, ['_auth', '_auth_type', '_auth_state', '_auth_refresh']);

    // Both the thief and the shopper are out.
    expect((await refresh(newCookies)).statusCode).toBe(401);
    expectSignInRequired(await me(ctx.app, bearer(rotated.json().token)));
    expectSignInRequired(await me(ctx.app, bearer(session.token)));
    const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  describe('grace window for the token replaced last', () => {
    it('answers a just-replaced token within 30 s (a lost answer, two tabs) with the same replacement', async () => {
      const session = await signIn(ctx, nextNumber());
      const first = await refresh(session.cookies);
      expect(first.statusCode).toBe(200);
      const replacement = cookieMap(first)._auth_refresh!.value;
      expect(replacement).not.toBe(session.refreshToken);

      // The answer never arrived, or another tab sent the same token: 29 s later it comes again.
      clock.advance(29_000);
      const again = await refresh(session.cookies);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ success: true, message: 'Session refreshed' });
      expect(cookieMap(again)._auth_refresh!.value).toBe(replacement);

      // Whichever answer the browser kept, the session goes on: both session tokens work.
      for (const res of [first, again]) {
        expect((await me(ctx.app, bearer(res.json().token))).statusCode).toBe(200);
      }
      const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
      expect(rows).toHaveLength(2);
      expect(new Set(rows.map((r) => r.familyId)).size).toBe(1);
      expect(rows.every((r) => r.revokedAt === null)).toBe(true);

      // And the replacement renews normally.
      expect((await refresh(cookieHeader(again))).statusCode).toBe(200);
    });

    it('twenty replays at once all get the one replacement: one live refresh token', async () => {
      const session = await signIn(ctx, nextNumber());
      const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(session.cookies)));
      expect(answers.map((res) => res.statusCode)).toEqual(Array<number>(20).fill(200));
      const tokens = new Set(answers.map((res) => cookieMap(res)._auth_refresh!.value));
      expect(tokens.size).toBe(1);
      const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
      const live = rows.filter((r) => r.replacedBy === null && r.revokedAt === null);
      expect(live).toHaveLength(1);
      expect(rows).toHaveLength(2);
    });

    it('two refreshes with the same token at the same moment both succeed, with one replacement', async () => {
      const session = await signIn(ctx, nextNumber());
      const [a, b] = await Promise.all([refresh(session.cookies), refresh(session.cookies)]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(cookieMap(a)._auth_refresh!.value).toBe(cookieMap(b)._auth_refresh!.value);
      expect((await me(ctx.app, bearer(a.json().token))).statusCode).toBe(200);
      expect((await me(ctx.app, bearer(b.json().token))).statusCode).toBe(200);
    });

    it('does not cover a token whose replacement was itself replaced: that is a replay', async () => {
      const session = await signIn(ctx, nextNumber());
      const first = await refresh(session.cookies);
      const second = await refresh(cookieHeader(first));
      expect(second.statusCode).toBe(200);
      clock.advance(5_000);
      expect((await refresh(session.cookies)).statusCode).toBe(401);
      expectSignInRequired(await me(ctx.app, bearer(second.json().token)));
    });

    it('does not bring back a token that was signed out', async () => {
      const session = await signIn(ctx, nextNumber());
      const rotated = await refresh(session.cookies);
      expect((await logout({ cookie: cookieHeader(rotated) })).statusCode).toBe(200);
      // Within the window, neither the token replaced last nor the signed-out one renews.
      clock.advance(1_000);
      const old = await refresh(session.cookies);
      expect(old.statusCode).toBe(401);
      expectCleared(old, ['_auth', '_auth_type', '_auth_state', '_auth_refresh']);
      expect((await refresh(cookieHeader(rotated))).statusCode).toBe(401);
      const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, session.customerId));
      expect(rows).toHaveLength(2);
    });
  });

  it('takes the refresh token from the body for clients without cookies, and returns the next one', async () => {
    const session = await signIn(ctx, nextNumber());
    const res = await ctx.app.inject(json('POST', '/api/customer/refresh', { refreshToken: session.refreshToken }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refreshToken).toMatch(/^[\w-]{43}$/);
    expect(res.json().refreshToken).toBe(cookieMap(res)._auth_refresh!.value);
  });

  it('refuses an expired, unknown or missing refresh token and clears the cookies', async () => {
    const session = await signIn(ctx, nextNumber());
    clock.advance(30 * 24 * 3600_000);
    const expired = await refresh(session.cookies);
    expect(expired.statusCode).toBe(401);
    expectCleared(expired, ['_auth', '_auth_type', '_auth_state', '_auth_refresh']);

    const unknown = await refresh('_auth_refresh=made-up-token');
    expect(unknown.statusCode).toBe(401);
    expectCleared(unknown, ['_auth_refresh']);

    const none = await refresh('');
    expect(none.statusCode).toBe(401);
  });

  it('needs a JSON body like every state-changing call', async () => {
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/customer/refresh' });
    expect(bare.statusCode).toBe(415);
    const empty = await ctx.app.inject({
      method: 'POST',
      url: '/api/customer/refresh',
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().success).toBe(false);
  });
});

describe('POST /api/customer/logout', () => {
  it('revokes the session and clears all four cookies', async () => {
    const session = await signIn(ctx, nextNumber());
    const res = await logout({ cookie: session.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Signed out' });
    expectCleared(res, ['_auth', '_auth_type', '_auth_state', '_auth_refresh']);

    expectSignInRequired(await me(ctx.app, bearer(session.token)));
    expect((await refresh(session.cookies)).statusCode).toBe(401);
  });

  it('revokes the session of a Bearer token alone', async () => {
    const session = await signIn(ctx, nextNumber());
    expect((await logout(bearer(session.token))).statusCode).toBe(200);
    expectSignInRequired(await me(ctx.app, bearer(session.token)));
  });

  it('leaves the other sessions of the customer alone', async () => {
    const mobile = nextNumber();
    const phone = await signIn(ctx, mobile);
    clock.advance(31_000);
    const laptop = await signIn(ctx, mobile);
    await logout({ cookie: phone.cookies });
    expect((await me(ctx.app, bearer(laptop.token))).statusCode).toBe(200);
  });

  it('succeeds when already signed out', async () => {
    const res = await logout();
    expect(res.statusCode).toBe(200);
    expectCleared(res, ['_auth', '_auth_type', '_auth_state', '_auth_refresh']);
    expect((await logout({ cookie: '_auth=garbage; _auth_refresh=garbage' })).statusCode).toBe(200);
  });

  it('is refused without a JSON content type', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/customer/logout', payload: '' });
    expect(res.statusCode).toBe(415);
  });
});

describe('with AUTH_REFRESH=off', () => {
  let noRefresh: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    noRefresh = await createTestApp({ authRefresh: false });
  });
  afterAll(() => noRefresh.close());

  it('sets no refresh cookie and has no refresh route', async () => {
    const session = await signIn(noRefresh, nextNumber());
    expect(Object.keys(cookieMap(session.response)).sort()).toEqual(['_auth', '_auth_state', '_auth_type']);
    const res = await noRefresh.app.inject(json('POST', '/api/customer/refresh', {}));
    expect(res.statusCode).toBe(404);
    expect((await me(noRefresh.app, bearer(session.token))).statusCode).toBe(200);

    const out = await noRefresh.app.inject(
      json('POST', '/api/customer/logout', {}, { headers: { cookie: session.cookies } }),
    );
    expect(out.statusCode).toBe(200);
    expectSignInRequired(await me(noRefresh.app, bearer(session.token)));
  });
});

describe('odd input', () => {
  it('never causes a 500', async () => {
    const session = await signIn(ctx, nextNumber());
    const bodies = [
      'null',
      '[]',
      '"text"',
      '42',
      '{"refreshToken":{}}',
      '{"refreshToken":["a","b"]}',
      '{"otp":[1],"mobile":{}}',
      '{"confirm":"yes"}',
      '{"__proto__":{"x":1}}',
    ];
    const targets: [string, string][] = [
      ['POST', '/api/customer/public'],
      ['POST', '/api/customer/public/verify'],
      ['POST', '/api/customer/refresh'],
      ['POST', '/api/customer/logout'],
      ['DELETE', '/api/customer/me'],
    ];
    for (const [method, url] of targets) {
      for (const payload of bodies) {
        const res = await ctx.app.inject({
          method: method as 'POST' | 'DELETE',
          url,
          payload,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
        });
        expect(res.statusCode, `${method} ${url} ${payload}: ${res.body}`).toBeLessThan(500);
        expect(typeof res.json().success, `${method} ${url} ${payload}`).toBe('boolean');
      }
    }
  });
});

describe('OpenAPI', () => {
  it('documents the customer endpoints', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
    }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/customer/public',
        '/api/customer/public/verify',
        '/api/customer/refresh',
        '/api/customer/logout',
        '/api/customer/me',
        '/api/customer/me/export',
      ]),
    );
    expect(doc.paths['/api/customer/public']!.post!.tags).toEqual(['customer']);
    expect(Object.keys(doc.paths['/api/customer/public']!.post!.responses)).toEqual(
      expect.arrayContaining(['200', '400', '429', '502']),
    );
  });
});
