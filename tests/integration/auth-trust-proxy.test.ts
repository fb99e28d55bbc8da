import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { otpChallenges } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { json, numberFactory } from './auth-helpers';

// The per-address OTP cap counts request.ip. Only a trusted proxy may say, in X-Forwarded-For,
// which address a request came from; anyone else sending the header is ignored (TRUST_PROXY).

type Ctx = Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('81');

const ask = (ctx: Ctx, mobile: string, remoteAddress: string, forwardedFor?: string) =>
  ctx.app.inject(
    json(
      'POST',
      '/api/customer/public',
      { mobile },
      { remoteAddress, headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } },
    ),
  );

/** The address the limits counted for the number's latest request. */
async function countedAddress(ctx: Ctx, mobile: string) {
  const rows = await ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile));
  expect(rows).toHaveLength(1);
  return rows[0]!.ip;
}

describe('without a trusted proxy (the default outside production)', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx.close());

  it('counts the connecting address, whatever X-Forwarded-For says', async () => {
    expect(ctx.config.trustProxy).toBe(false);
    const mobile = nextNumber();
    expect((await ask(ctx, mobile, '203.0.113.50', '198.51.100.1')).statusCode).toBe(200);
    expect(await countedAddress(ctx, mobile)).toBe('203.0.113.50');
  });

  it('a new spoofed X-Forwarded-For on every request does not get past the per-address cap', async () => {
    const address = '100.64.7.7';
    for (let i = 0; i < 60; i++) {
      const res = await ask(ctx, nextNumber(), address, `198.51.100.${i + 1}`);
      expect(res.statusCode, `request ${i + 1}: ${res.body}`).toBe(200);
    }
    const refused = await ask(ctx, nextNumber(), address, '198.51.100.200');
    expect(refused.statusCode).toBe(429);
    // Real time runs here: the wait is an hour less the seconds the 60 requests took.
    expect(refused.json().message).toMatch(/^Too many OTP requests from your network\. Please try again in /);
  });
});

describe('with TRUST_PROXY naming the proxy', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    ctx = await createTestApp({ trustProxy: ['10.0.0.2'] });
  });
  afterAll(() => ctx.close());

  it("believes the proxy's X-Forwarded-For", async () => {
    const mobile = nextNumber();
    expect((await ask(ctx, mobile, '10.0.0.2', '198.51.100.7')).statusCode).toBe(200);
    expect(await countedAddress(ctx, mobile)).toBe('198.51.100.7');
  });

  it('takes the address the proxy appended, not one the client put in front of it', async () => {
    const mobile = nextNumber();
    expect((await ask(ctx, mobile, '10.0.0.2', '6.6.6.6, 198.51.100.9')).statusCode).toBe(200);
    expect(await countedAddress(ctx, mobile)).toBe('198.51.100.9');
  });

  it('stores whatever odd text a trusted proxy forwards as text, never as SQL', async () => {
    const mobile = nextNumber();
    const odd = "198.51.100.1'); delete from otp_challenges; --";
    expect((await ask(ctx, mobile, '10.0.0.2', odd)).statusCode).toBe(200);
    expect(await countedAddress(ctx, mobile)).toBe(odd);
    // Asking again at once is refused by the resend wait: the history was read with that address.
    expect((await ask(ctx, mobile, '10.0.0.2', odd)).statusCode).toBe(429);
  });

  it('ignores X-Forwarded-For from anyone else', async () => {
    const mobile = nextNumber();
    expect((await ask(ctx, mobile, '203.0.113.60', '198.51.100.8')).statusCode).toBe(200);
    expect(await countedAddress(ctx, mobile)).toBe('203.0.113.60');
  });
});

describe('in production without TRUST_PROXY', () => {
  let ctx: Ctx;
  beforeAll(async () => {
    // The outbox stands in for the SMS provider (config refuses it in production otherwise).
    ctx = await createTestApp({ env: 'production', sms: { provider: 'outbox' } });
  });
  afterAll(() => ctx.close());

  it('believes only a proxy on the same machine', async () => {
    expect(ctx.config.trustProxy).toEqual(['loopback']);
    const viaLocalProxy = nextNumber();
    expect((await ask(ctx, viaLocalProxy, '127.0.0.1', '198.51.100.10')).statusCode).toBe(200);
    expect(await countedAddress(ctx, viaLocalProxy)).toBe('198.51.100.10');

    const direct = nextNumber();
    expect((await ask(ctx, direct, '203.0.113.70', '198.51.100.11')).statusCode).toBe(200);
    expect(await countedAddress(ctx, direct)).toBe('203.0.113.70');
  });
});
