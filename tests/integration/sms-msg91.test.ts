import { eq } from 'drizzle-orm';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { otpChallenges } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';
import { msg91, type Msg91Request } from '../mocks/msg91';
import { numberFactory, outboxLines, requestOtp, verifyOtp } from './auth-helpers';

const mockServer = setupServer();
let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('93');

beforeAll(async () => {
  mockServer.listen({ onUnhandledFrame: 'error' });
  ctx = await createTestApp({
    publicHost: 'shop.quickcart.in',
    sms: { provider: 'msg91', authKey: 'test-auth-key', templateId: '65f0c0ffee0ddba11ad0be01', senderId: 'QKCART' },
  });
});
afterEach(() => mockServer.resetHandlers());
afterAll(async () => {
  mockServer.close();
  await ctx.close();
});

const challengesOf = (mobile: string) =>
  ctx.database.db.select().from(otpChallenges).where(eq(otpChallenges.mobile, mobile));

describe('the MSG91 SMS adapter', () => {
  it('sends the DLT template with the code, and the code signs the customer in', async () => {
    const sent: Msg91Request[] = [];
    mockServer.use(msg91.accepts(sent));
    const mobile = nextNumber();
    const res = await requestOtp(ctx.app, mobile);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('OTP sent');

    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request!.authkey).toBe('test-auth-key');
    expect(request!.body).toEqual({
      template_id: '65f0c0ffee0ddba11ad0be01',
      sender: 'QKCART',
      short_url: '0',
      recipients: [{ mobiles: `91${mobile}`, otp: expect.stringMatching(/^\d{6}$/), host: 'shop.quickcart.in' }],
    });
    // Nothing goes to the local outbox when a real provider is configured.
    expect(outboxLines(ctx.config.dataDir)).toEqual([]);

    const verified = await verifyOtp(ctx.app, mobile, request!.body.recipients[0]!.otp);
    expect(verified.statusCode).toBe(200);
  });

  it.each([
    ['rejects the auth key', msg91.rejectsAuthKey, 502, 'SMS_FAILED'],
    ['rejects the template', msg91.rejectsTemplate, 502, 'SMS_FAILED'],
    ['cannot be reached', msg91.isDown, 503, 'SMS_UNAVAILABLE'],
  ] as const)('answers clearly when MSG91 %s, and leaves no usable code', async (_case, handler, status, code) => {
    mockServer.use(handler());
    const mobile = nextNumber();
    const res = await requestOtp(ctx.app, mobile);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ success: false, code, message: 'We could not send the OTP. Please try again.' });
    expect(await challengesOf(mobile)).toEqual([]);
    expect((await verifyOtp(ctx.app, mobile, '123456')).statusCode).toBe(410);

    // The shopper may try again straight away; the failed attempt does not count as a resend.
    const sent: Msg91Request[] = [];
    mockServer.use(msg91.accepts(sent));
    expect((await requestOtp(ctx.app, mobile)).statusCode).toBe(200);
    expect(sent).toHaveLength(1);
  });
});
