import { describe, expect, it } from 'vitest';

import {
  challengeState,
  clientNetwork,
  decideOtpRequest,
  DEFAULT_OTP_LIMITS,
  deriveKey,
  describeWait,
  generateOtp,
  guessesPerNumberPerDay,
  hashOtp,
  hashRefreshToken,
  maskMobile,
  newRefreshToken,
  normaliseMobile,
  otpMatches,
  otpSmsText,
  parseOtp,
  REFRESH_REUSE_GRACE_SECONDS,
  withinReuseGrace,
} from './auth';

describe('normaliseMobile', () => {
  it.each([
    ['9876543210', '9876543210'],
    ['+91 98765 43210', '9876543210'],
    ['+91-98765-43210', '9876543210'],
    ['098765-43210', '9876543210'],
    ['919876543210', '9876543210'],
    ['0091 98765 43210', '9876543210'],
    [' 6000000000 ', '6000000000'],
    [9876543210, '9876543210'],
  ])('reads %j as %s', (input, mobile) => {
    expect(normaliseMobile(input)).toEqual({ ok: true, mobile });
  });

  it.each([undefined, null, '', '   '])('requires a number (%j)', (input) => {
    expect(normaliseMobile(input)).toEqual({ ok: false, message: 'Mobile number is required' });
  });

  it.each(['5876543210', '0123456789', '+91 12345 67890'])('refuses %j: ten digits, a wrong start', (input) => {
    expect(normaliseMobile(input)).toEqual({ ok: false, message: 'Mobile number must start with 6, 7, 8 or 9' });
  });

  it.each([
    '98765',
    '987654321',
    'abcdefghij',
    '9'.repeat(33),
    // Only a country code or a trunk 0 is dropped, never arbitrary leading digits.
    '12349876543210',
    9007199254740991,
    '55 98765 43210',
    true,
    {},
    [],
  ])('refuses %j', (input) => {
    expect(normaliseMobile(input)).toEqual({ ok: false, message: 'Mobile number must be 10 digits' });
  });
});

describe('parseOtp', () => {
  it('takes six digits, forgiving surrounding spaces', () => {
    expect(parseOtp('012345')).toEqual({ ok: true, otp: '012345' });
    expect(parseOtp(' 123456\n')).toEqual({ ok: true, otp: '123456' });
  });

  it.each(['', '12345', '1234567', '12 456', '١٢٣٤٥٦', 123456, null, undefined])('refuses %j', (input) => {
    expect(parseOtp(input)).toEqual({ ok: false, message: 'Please enter a valid 6-digit OTP.' });
  });
});

describe('codes', () => {
  it('are six digits with leading zeros kept', () => {
    expect(generateOtp(() => 42)).toBe('000042');
    expect(generateOtp(() => 999_999)).toBe('999999');
    for (let i = 0; i < 200; i++) expect(generateOtp()).toMatch(/^\d{6}$/);
  });

  it('asks the CSPRNG for the whole range', () => {
    let asked = 0;
    generateOtp((max) => {
      asked = max;
      return 0;
    });
    expect(asked).toBe(1_000_000);
  });

  it('are stored as an HMAC bound to the challenge and the number', () => {
    const key = deriveKey('a-secret-that-is-long-enough-for-tests', 'otp-hmac');
    const hash = hashOtp(key, 'challenge-1', '9876543210', '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(otpMatches(key, 'challenge-1', '9876543210', '123456', hash)).toBe(true);
    expect(otpMatches(key, 'challenge-1', '9876543210', '123457', hash)).toBe(false);
    expect(otpMatches(key, 'challenge-2', '9876543210', '123456', hash)).toBe(false);
    expect(otpMatches(key, 'challenge-1', '9876543211', '123456', hash)).toBe(false);
    expect(
      otpMatches(
        deriveKey('another-secret-that-is-long-enough', 'otp-hmac'),
        'challenge-1',
        '9876543210',
        '123456',
        hash,
      ),
    ).toBe(false);
    expect(otpMatches(key, 'challenge-1', '9876543210', '123456', 'not-hex')).toBe(false);
  });

  it('use a key of their own, not the JWT secret itself', () => {
    const secret = 'a-secret-that-is-long-enough-for-tests';
    expect(deriveKey(secret, 'otp-hmac')).not.toEqual(Buffer.from(secret));
    expect(deriveKey(secret, 'otp-hmac')).not.toEqual(deriveKey(secret, 'other'));
    expect(deriveKey(secret, 'otp-hmac')).toHaveLength(32);
  });

  it('go out in an SMS with the WebOTP line last', () => {
    expect(otpSmsText('042042', 'shop.example.in')).toBe(
      'Your QuickCart code is 042042. It expires in 5 minutes. Do not share it with anyone.\n\n@shop.example.in #042042',
    );
    // A shortened lifetime (TEST_OTP_TTL_SECONDS) is told as it is.
    expect(otpSmsText('042042', 'localhost', 3)).toMatch(/^Your QuickCart code is 042042\. It expires in 3 seconds\./);
  });
});

describe('maskMobile', () => {
  it('shows the first and last two digits', () => {
    expect(maskMobile('9876543210')).toBe('98XXXXXX10');
  });
});

describe('refresh tokens', () => {
  it('are 32 random bytes, stored as SHA-256', () => {
    const token = newRefreshToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newRefreshToken()).not.toBe(token);
    expect(hashRefreshToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashRefreshToken(token)).toBe(hashRefreshToken(token));
  });
});

describe('withinReuseGrace', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const replacedAgo = (seconds: number) => ({
    createdAt: new Date(now.getTime() - seconds * 1000),
    replacedBy: null,
    revokedAt: null,
  });

  it('covers the token replaced last for 30 s after the replacement', () => {
    expect(REFRESH_REUSE_GRACE_SECONDS).toBe(30);
    expect(withinReuseGrace(replacedAgo(0), now)).toBe(true);
    expect(withinReuseGrace(replacedAgo(29.999), now)).toBe(true);
    expect(withinReuseGrace(replacedAgo(30), now)).toBe(false);
    expect(withinReuseGrace(replacedAgo(3600), now)).toBe(false);
  });

  it('not when the replacement was replaced or revoked in turn, or is missing', () => {
    expect(withinReuseGrace({ ...replacedAgo(1), replacedBy: 'next' }, now)).toBe(false);
    expect(withinReuseGrace({ ...replacedAgo(1), revokedAt: now }, now)).toBe(false);
    expect(withinReuseGrace(undefined, now)).toBe(false);
  });
});

describe('decideOtpRequest', () => {
  const now = new Date('2026-01-10T10:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
  const limits = DEFAULT_OTP_LIMITS;

  it('allows the first request', () => {
    expect(decideOtpRequest(limits, { number: [], ip: [] }, now)).toEqual({ allowed: true });
  });

  it('asks to wait out the 30 s resend interval', () => {
    expect(decideOtpRequest(limits, { number: [ago(7)], ip: [ago(7)] }, now)).toEqual({
      allowed: false,
      reason: 'resend',
      retryAfterSeconds: 23,
      message: 'Please wait 23 seconds before requesting another OTP.',
    });
    expect(decideOtpRequest(limits, { number: [ago(29.5)], ip: [] }, now)).toMatchObject({
      retryAfterSeconds: 1,
      message: 'Please wait 1 second before requesting another OTP.',
    });
    expect(decideOtpRequest(limits, { number: [ago(30)], ip: [] }, now)).toEqual({ allowed: true });
  });

  it('caps a number at 5 an hour, freeing up as the oldest leaves the window', () => {
    const five = [ago(60), ago(600), ago(1200), ago(1800), ago(3000)];
    expect(decideOtpRequest(limits, { number: five, ip: [] }, now)).toEqual({
      allowed: false,
      reason: 'number-hour',
      retryAfterSeconds: 600,
      message: 'Too many OTP requests for this number. Please try again in 10 minutes.',
    });
    expect(decideOtpRequest(limits, { number: five.slice(0, 4), ip: [] }, now)).toEqual({ allowed: true });
  });

  it('caps a number at 10 a day', () => {
    const ten = Array.from({ length: 10 }, (_, i) => ago(4000 + i * 3600));
    expect(decideOtpRequest(limits, { number: ten, ip: [] }, now)).toMatchObject({
      allowed: false,
      reason: 'number-day',
      retryAfterSeconds: 86_400 - (4000 + 9 * 3600),
    });
  });

  it('caps an address at 60 an hour', () => {
    const sixty = Array.from({ length: 60 }, (_, i) => ago(i * 10));
    expect(decideOtpRequest(limits, { number: [], ip: sixty }, now)).toEqual({
      allowed: false,
      reason: 'ip-hour',
      retryAfterSeconds: 3600 - 590,
      message: 'Too many OTP requests from your network. Please try again in 51 minutes.',
    });
    expect(decideOtpRequest(limits, { number: [], ip: sixty.slice(1) }, now)).toEqual({ allowed: true });
  });

  it('reports the longest wait when several limits apply', () => {
    const five = [ago(10), ago(600), ago(1200), ago(1800), ago(3000)];
    expect(decideOtpRequest(limits, { number: five, ip: [] }, now)).toMatchObject({
      reason: 'number-hour',
      retryAfterSeconds: 600,
    });
  });

  it('allows everything when limits are off (benchmarks)', () => {
    const many = Array.from({ length: 100 }, () => ago(1));
    expect(decideOtpRequest({ ...limits, enforced: false }, { number: many, ip: many }, now)).toEqual({
      allowed: true,
    });
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3599, '60 minutes'],
    [3600, '1 hour'],
    [3601, '2 hours'],
  ])('%i s is "%s"', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});

describe('guessesPerNumberPerDay', () => {
  it('is codes a day times tries a code', () => {
    expect(guessesPerNumberPerDay(DEFAULT_OTP_LIMITS)).toBe(50);
    expect(guessesPerNumberPerDay({ ...DEFAULT_OTP_LIMITS, perNumberPerDay: 1000, perNumberPerHour: 2 })).toBe(240);
  });
});

describe('challengeState', () => {
  const now = new Date('2026-01-10T10:00:00Z');
  const later = new Date(now.getTime() + 1000);
  it('tells open, consumed, exhausted, expired and missing apart', () => {
    expect(challengeState(undefined, now)).toBe('missing');
    expect(challengeState({ expiresAt: later, attempts: 0, consumedAt: null }, now)).toBe('open');
    expect(challengeState({ expiresAt: later, attempts: 4, consumedAt: null }, now)).toBe('open');
    expect(challengeState({ expiresAt: later, attempts: 5, consumedAt: null }, now)).toBe('exhausted');
    expect(challengeState({ expiresAt: now, attempts: 0, consumedAt: null }, now)).toBe('expired');
    expect(challengeState({ expiresAt: later, attempts: 0, consumedAt: now }, now)).toBe('consumed');
  });
});

describe('clientNetwork', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2401:4900:1c2a:5e1b:8d3:2f1e:aa:1', '2401:4900:1c2a:5e1b::/64'],
    ['2401:4900:1c2a:5e1b::1', '2401:4900:1c2a:5e1b::/64'],
    ['2401:4900:1c2a:5e1b:ffff:ffff:ffff:ffff', '2401:4900:1c2a:5e1b::/64'],
    ['2401:4900::1', '2401:4900:0:0::/64'],
    ['2401:4900:00A0:0001::1', '2401:4900:a0:1::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('counts %s against %s', (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });
});
