import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { otpChallenges } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { json, lastCode, numberFactory, outboxLines, requestOtp, useAppClock } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('91');

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());
const clock = useAppClock(() => ctx.app);

const challengesOf = (mobile: string) =>
  ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile));

describe('POST /api/customer/public: the mobile number', () => {
  it.each([
    ['missing', undefined, 'Mobile number is required'],
    ['null', null, 'Mobile number is required'],
    ['empty', '', 'Mobile number is required'],
    ['blank', '   ', 'Mobile number is required'],
    ['9 digits', '987654321', 'Mobile number must be 10 digits'],
    ['letters', 'ninety-eight', 'Mobile number must be 10 digits'],
    ['a landline-like start', '1234567890', 'Mobile number must start with 6, 7, 8 or 9'],
    ['starting with 5', '5876543210', 'Mobile number must start with 6, 7, 8 or 9'],
    ['a trunk zero and nine digits', '0987654321', 'Mobile number must start with 6, 7, 8 or 9'],
    ['eleven digits', '98765432101', 'Mobile number must be 10 digits'],
    ['an object', { number: '9876543210' }, 'Mobile number must be 10 digits'],
    ['a list of two', ['9876543210', '9876543211'], 'Mobile number must be 10 digits'],
    ['too long a string', '9'.repeat(500), 'Mobile number must be 10 digits'],
  ])('is refused when %s', async (_case, mobile, message) => {
    const res = await requestOtp(ctx.app, mobile);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION_FAILED', message });
  });

  it('is refused for a body that is not an object, without a 500', async () => {
    for (const payload of ['null', '"9876543210"', '[]', '42', '{"mobile":']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/public',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().success, payload).toBe(false);
    }
  });

  it('must come as JSON (415 otherwise), which a cross-site form cannot send', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/customer/public',
        headers: { 'content-type': contentType },
        payload: 'mobile=9876543210',
      });
      expect(res.statusCode, contentType).toBe(415);
      expect(res.json()).toEqual({
        success: false,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: 'Content-Type must be application/json',
      });
    }
    const bare = await ctx.app.inject({ method: 'POST', url: '/api/customer/public' });
    expect(bare.statusCode).toBe(415);
  });

  it.each([['+91 98765 43210'], ['+91-98765-43210'], ['098765 43210'], ['919876543210'], ['(98765) 43210']])(
    'accepts %s as 9876543210',
    async (typed) => {
      clock.advance(25 * 3600_000); // a day later: clear of every limit the earlier cases used up
      const res = await requestOtp(ctx.app, typed);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.mobile).toBe('98XXXXXX10');
      expect(outboxLines(ctx.config.dataDir).at(-1)!.to).toBe('+919876543210');
    },
  );
});

describe('POST /api/customer/public: sending the code', () => {
  it('answers with the masked number and the timings, and writes the SMS to the outbox', async () => {
    const mobile = nextNumber();
    const before = Date.now();
    const res = await requestOtp(ctx.app, mobile);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      success: true,
      message: 'OTP sent',
      data: { mobile: `${mobile.slice(0, 2)}XXXXXX${mobile.slice(-2)}`, expiresIn: 300, resendIn: 30 },
    });

    const line = outboxLines(ctx.config.dataDir).at(-1)!;
    const code = lastCode(ctx.config.dataDir, mobile);
    expect(code).toMatch(/^\d{6}$/);
    expect(line).toEqual({ to: `+91${mobile}`, text: expect.any(String), at: expect.any(String) });
    expect(line.text).toBe(
      `Your QuickCart code is ${code}. It expires in 5 minutes. Do not share it with anyone.\n\n@localhost #${code}`,
    );
    expect(new Date(line.at).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('keeps only an HMAC of the code, valid for five minutes', async () => {
    const mobile = nextNumber();
    const before = Date.now();
    await requestOtp(ctx.app, mobile, '192.0.2.7');
    const code = lastCode(ctx.config.dataDir, mobile);
    const [row] = await challengesOf(mobile);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.ip).toBe('192.0.2.7');
    expect(row!.attempts).toBe(0);
    const ttl = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(ttl).toBe(300_000);
    expect(row!.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('counts an IPv6 client by its /64, which is all one subscriber holds', async () => {
    const mobile = nextNumber();
    await requestOtp(ctx.app, mobile, '2401:4900:1c2a:5e1b:8d3:2f1e:aa:1');
    const [row] = await challengesOf(mobile);
    expect(row!.ip).toBe('2401:4900:1c2a:5e1b::/64');
  });

  it('answers the same for a number with an account and one without', async () => {
    const known = nextNumber();
    await requestOtp(ctx.app, known);
    const code = lastCode(ctx.config.dataDir, known);
    const signedIn = await ctx.app.inject(json('POST', '/api/customer/public/verify', { mobile: known, otp: code }));
    expect(signedIn.statusCode).toBe(200);

    clock.advance(31_000);
    const unknown = nextNumber();
    const a = await requestOtp(ctx.app, known);
    const b = await requestOtp(ctx.app, unknown);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    const shape = (body: { data: { mobile: string } }) => ({ ...body, data: { ...body.data, mobile: 'masked' } });
    expect(shape(a.json())).toEqual(shape(b.json()));
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
  });

  it('does not print codes on the console under test', async () => {
    const log = vi.spyOn(console, 'log');
    await requestOtp(ctx.app, nextNumber());
    expect(log).not.toHaveBeenCalled();
  });
});

describe('POST /api/customer/public: limits', () => {
  it('asks to wait before sending another code within 30 s, with Retry-After', async () => {
    const mobile = nextNumber();
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    clock.advance(7_000);
    const again = await requestOtp(ctx.app, mobile);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('23');
    expect(again.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Please wait 23 seconds before requesting another OTP.',
    });
    expect(await challengesOf(mobile)).toHaveLength(1);

    clock.advance(23_000);
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
  });

  it('sends at most 5 codes an hour to a number', async () => {
    const mobile = nextNumber();
    for (let i = 0; i < 5; i++) {
      expect((await requestOtp(ctx.app, mobile)).statusCode, `request ${i + 1}`).toBe(200);
      clock.advance(60_000);
    }
    // Five minutes after the first code: the hour frees up 55 minutes from now.
    const refused = await requestOtp(ctx.app, mobile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('Too many OTP requests for this number. Please try again in 55 minutes.');
    expect(refused.headers['retry-after']).toBe(String(55 * 60));

    clock.advance(55 * 60_000);
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
  });

  it('sends at most 10 codes a day to a number', async () => {
    const mobile = nextNumber();
    for (let i = 0; i < 10; i++) {
      expect((await requestOtp(ctx.app, mobile)).statusCode, `request ${i + 1}`).toBe(200);
      clock.advance(15 * 60_000); // four an hour stays under the hourly cap
    }
    const refused = await requestOtp(ctx.app, mobile);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many OTP requests for this number\. Please try again in \d+ hours\.$/);
    const wait = Number(refused.headers['retry-after']);
    // The first of the ten was 150 minutes ago; it leaves the 24-hour window in 21.5 hours.
    expect(wait).toBe(24 * 3600 - 150 * 60);

    clock.advance(wait * 1000);
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
  });

  it('allows 60 codes an hour from one address (shared by many shoppers), then asks to wait', async () => {
    const address = '100.64.0.1'; // carrier-grade NAT space
    for (let i = 0; i < 60; i++) {
      const res = await requestOtp(ctx.app, nextNumber(), address);
      expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(200);
    }
    const refused = await requestOtp(ctx.app, nextNumber(), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: 'Too many OTP requests from your network. Please try again in 1 hour.',
    });
    expect(refused.headers['retry-after']).toBe('3600');

    // Another address is not affected.
    expect((await requestOtp(ctx.app, nextNumber(), '100.64.0.2')).statusCode).toBe(200);
  });

  it('sends exactly one code when 20 requests for a number arrive at once', async () => {
    const mobile = nextNumber();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => requestOtp(ctx.app, mobile, `203.0.113.${100 + i}`)),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    expect(await challengesOf(mobile)).toHaveLength(1);
    expect(outboxLines(ctx.config.dataDir).filter((l) => l.to === `+91${mobile}`)).toHaveLength(1);
  });
});

describe('with a shortened code lifetime (TEST_OTP_TTL_SECONDS, tests only)', () => {
  let short: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    short = await createTestApp({ otpTtlSeconds: 3 });
  });
  afterAll(() => short.close());

  it('stores, answers and texts that lifetime, and the code ends with it', async () => {
    const mobile = nextNumber();
    const res = await requestOtp(short.app, mobile);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.expiresIn).toBe(3);
    const [row] = await short.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(3000);
    expect(outboxLines(short.config.dataDir).at(-1)!.text).toMatch(/It expires in 3 seconds\./);

    vi.spyOn(short.app.clock, 'now').mockReturnValue(new Date(row!.createdAt.getTime() + 3000));
    const late = await short.app.inject(
      json('POST', '/api/customer/public/verify', { mobile, otp: lastCode(short.config.dataDir, mobile) }),
    );
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({
      success: false,
      code: 'OTP_EXPIRED',
      message: 'OTP expired. Please request a new one.',
    });
  });
});
