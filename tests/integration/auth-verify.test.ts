import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { customers, otpChallenges, sessions } from '../../server/db/schema';
import { AUTH_MESSAGES } from '../../server/domain/auth';
import { readSession } from '../../src/features/auth/session';
import { createTestApp } from '../setup/test-app';
import {
  cookieMap,
  lastCode,
  numberFactory,
  requestOtp,
  signIn,
  useAppClock,
  verifyOtp,
  wrongCode,
} from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('81');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const clock = useAppClock(() => ctx.app);

async function codeFor(mobile: string) {
  const res = await requestOtp(ctx.app, mobile);
  expect(res.statusCode, res.body).toBe(200);
  return lastCode(ctx.config.dataDir, mobile);
}

const latestChallenge = async (mobile: string) =>
  (await ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile))).sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
  )[0]!;

describe('POST /api/customer/public/verify: input', () => {
  it.each([
    [undefined, 'Please enter a valid 6-digit OTP.'],
    ['', 'Please enter a valid 6-digit OTP.'],
    ['12345', 'Please enter a valid 6-digit OTP.'],
    ['1234567', 'Please enter a valid 6-digit OTP.'],
    ['12a456', 'Please enter a valid 6-digit OTP.'],
    [12345, 'Please enter a valid 6-digit OTP.'],
    [{ code: '123456' }, 'Please enter a valid 6-digit OTP.'],
  ])('refuses the code %j', async (otp, message) => {
    const res = await verifyOtp(ctx.app, '9876543210', otp);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message });
  });

  it('checks the number first, with the same messages as the request', async () => {
    expect((await verifyOtp(ctx.app, undefined, '123456')).json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Mobile number is required',
    });
    expect((await verifyOtp(ctx.app, '12345', '123456')).json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Mobile number must be 10 digits',
    });
  });
});

describe('signing in', () => {
  it('signs a new customer in and answers as the client expects', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    // The number may be typed differently at each step.
    const res = await verifyOtp(ctx.app, `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`, ` ${code} `);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toEqual({
      success: true,
      message: 'Login successful',
      token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      data: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), mobile },
    });

    const [header, payload] = body.token
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toEqual({
      sub: body.data.id,
      mobile,
      sid: expect.any(String),
      iat: expect.any(Number),
      exp: expect.any(Number),
      jti: expect.any(String),
    });
    expect(payload.exp - payload.iat).toBe(3600);

    const [customer] = await ctx.database.db.select().from(customers).where(eq(customers.mobile, mobile));
    expect(customer!.id).toBe(body.data.id);
    expect((await latestChallenge(mobile)).consumedAt).not.toBeNull();
  });

  it('sets the session cookies with the right flags', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    const res = await verifyOtp(ctx.app, mobile, code);
    const token = res.json().token as string;
    const exp = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).exp as number;
    const cookies = cookieMap(res);
    expect(Object.keys(cookies).sort()).toEqual(['_auth', '_auth_refresh', '_auth_state', '_auth_type']);

    const expires = new Date(exp * 1000).toUTCString();
    expect(cookies._auth).toMatchObject({ value: token, path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(cookies._auth!.expires!.toUTCString()).toBe(expires);
    expect(cookies._auth_type).toMatchObject({ value: 'Bearer', path: '/', sameSite: 'Lax' });
    expect(cookies._auth_type!.httpOnly).toBeFalsy();
    expect(cookies._auth_type!.expires!.toUTCString()).toBe(expires);
    expect(cookies._auth_state!.httpOnly).toBeFalsy();
    expect(cookies._auth_state!.expires!.toUTCString()).toBe(expires);
    expect(JSON.parse(cookies._auth_state!.value)).toEqual({ user: { id: res.json().data.id, mobile }, exp });
    expect(cookies._auth_refresh).toMatchObject({ path: '/api/customer', httpOnly: true, sameSite: 'Strict' });
    expect(cookies._auth_refresh!.value).toMatch(/^[\w-]{43}$/);
    const refreshDays = (cookies._auth_refresh!.expires!.getTime() - exp * 1000 + 3600_000) / 86_400_000;
    expect(Math.round(refreshDays)).toBe(30);
    for (const cookie of Object.values(cookies)) expect(cookie.secure, cookie.name).toBeFalsy();

    // Only a digest of the refresh token is stored.
    const stored = await ctx.database.db.select().from(sessions).where(eq(sessions.customerId, res.json().data.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.refreshHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored[0]!.refreshHash).not.toBe(cookies._auth_refresh!.value);
  });

  it('writes _auth_state so that the client reads the session from it', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    const res = await verifyOtp(ctx.app, mobile, code);
    // As document.cookie shows the readable cookies.
    const documentCookie = res.cookies
      .filter((c) => !c.httpOnly)
      .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
      .join('; ');
    const session = readSession(documentCookie, ctx.app.clock.now().getTime());
    expect(session).toEqual({
      user: { id: res.json().data.id, mobile },
      expiresAt: ctx.app.clock.now().getTime() - (ctx.app.clock.now().getTime() % 1000) + 3600_000,
    });
    expect(readSession(documentCookie, ctx.app.clock.now().getTime() + 3601_000)).toBeNull();
  });

  it('marks the cookies Secure when the request came over https', async () => {
    // Production trusts the proxy's X-Forwarded-Proto; the outbox stands in for the SMS provider.
    const https = await createTestApp({ env: 'production', logLevel: 'silent', sms: { provider: 'outbox' } });
    try {
      const mobile = nextNumber();
      await requestOtp(https.app, mobile);
      const res = await verifyOtp(https.app, mobile, lastCode(https.config.dataDir, mobile), {
        headers: { 'x-forwarded-proto': 'https', 'content-type': 'application/json' },
      });
      expect(res.statusCode, res.body).toBe(200);
      for (const cookie of res.cookies) expect(cookie.secure, cookie.name).toBe(true);
    } finally {
      await https.close();
    }
  });

  it('finds the same customer on the next sign-in', async () => {
    const mobile = nextNumber();
    const first = await signIn(ctx, mobile);
    clock.advance(31_000);
    const second = await signIn(ctx, mobile);
    expect(second.customerId).toBe(first.customerId);
    expect(second.token).not.toBe(first.token);
  });
});

describe('wrong and stale codes', () => {
  it('says the code is wrong and counts the try', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    const res = await verifyOtp(ctx.app, mobile, wrongCode(code));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ success: false, code: 'OTP_INVALID', message: 'Invalid OTP. Please try again.' });
    expect(res.cookies).toHaveLength(0);
    expect((await latestChallenge(mobile)).attempts).toBe(1);
    // The right code still works after a wrong one.
    expect((await verifyOtp(ctx.app, mobile, code)).statusCode).toBe(200);
  });

  it('ends the code after 5 wrong tries, even for the right code afterwards', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    for (let i = 1; i <= 4; i++) {
      expect((await verifyOtp(ctx.app, mobile, wrongCode(code))).statusCode, `try ${i}`).toBe(401);
    }
    const fifth = await verifyOtp(ctx.app, mobile, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toEqual({
      success: false,
      code: 'OTP_LOCKED',
      message: 'Too many wrong attempts. Please request a new OTP.',
    });
    expect(fifth.headers['retry-after']).toBe('30');

    const right = await verifyOtp(ctx.app, mobile, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new OTP.');
    expect((await latestChallenge(mobile)).attempts).toBe(5);

    // A new code starts afresh.
    clock.advance(30_000);
    const next = await codeFor(mobile);
    expect((await verifyOtp(ctx.app, mobile, next)).statusCode).toBe(200);
  });

  it('counts parallel wrong guesses one by one, a check of the number at a time', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => verifyOtp(ctx.app, mobile, wrongCode(String(Number(code) + i)))),
    );
    // A guess that arrives while another for the number is checked is refused at once (decision 024).
    const messages = guesses.map((r) => `${r.statusCode} ${r.json<{ message: string }>().message}`);
    const wrong = messages.filter((m) => m === `401 ${AUTH_MESSAGES.otpWrong}`).length;
    const ended = messages.filter((m) => m === `429 ${AUTH_MESSAGES.otpTooManyAttempts}`).length;
    const running = messages.filter((m) => m === `429 ${AUTH_MESSAGES.otpCheckRunning}`).length;
    expect(wrong + ended + running, messages.join('\n')).toBe(12);
    expect(wrong).toBeGreaterThanOrEqual(1);
    expect(wrong).toBeLessThanOrEqual(4);
    const { attempts } = await latestChallenge(mobile);
    expect(attempts).toBe(ended > 0 ? 5 : wrong);
    // Counted one by one, none lost: the fifth wrong guess in all ends the code.
    for (let i = attempts; i < 4; i++) expect((await verifyOtp(ctx.app, mobile, wrongCode(code))).statusCode).toBe(401);
    expect((await verifyOtp(ctx.app, mobile, wrongCode(code))).statusCode).toBe(429);
    expect((await latestChallenge(mobile)).attempts).toBe(5);
  });

  it('says the code expired after five minutes', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    clock.advance(300_000);
    const res = await verifyOtp(ctx.app, mobile, code);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({
      success: false,
      code: 'OTP_EXPIRED',
      message: 'OTP expired. Please request a new one.',
    });
  });

  it('accepts the code until just before it expires', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    clock.advance(299_000);
    expect((await verifyOtp(ctx.app, mobile, code)).statusCode).toBe(200);
  });

  it('says the code expired when none was requested or it was already used', async () => {
    const never = await verifyOtp(ctx.app, nextNumber(), '123456');
    expect(never.statusCode).toBe(410);
    expect(never.json().message).toBe('OTP expired. Please request a new one.');

    const mobile = nextNumber();
    const code = await codeFor(mobile);
    expect((await verifyOtp(ctx.app, mobile, code)).statusCode).toBe(200);
    const again = await verifyOtp(ctx.app, mobile, code);
    expect(again.statusCode).toBe(410);
  });

  it('only accepts the latest code once a new one was sent', async () => {
    const mobile = nextNumber();
    const first = await codeFor(mobile);
    clock.advance(30_000);
    const second = await codeFor(mobile);
    if (first !== second) expect((await verifyOtp(ctx.app, mobile, first)).statusCode).toBe(401);
    expect((await verifyOtp(ctx.app, mobile, second)).statusCode).toBe(200);
  });

  it('signs in exactly once when the right code arrives twice at the same moment', async () => {
    const mobile = nextNumber();
    const code = await codeFor(mobile);
    const [a, b] = await Promise.all([verifyOtp(ctx.app, mobile, code), verifyOtp(ctx.app, mobile, code)]);
    // The second finds the code used (410), or still being checked (429, decision 024).
    const [first, second] = [a, b].sort((x, y) => x.statusCode - y.statusCode);
    expect(first!.statusCode).toBe(200);
    expect([410, 429]).toContain(second!.statusCode);
  });
});
