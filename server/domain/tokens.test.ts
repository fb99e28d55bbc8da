import { randomUUID } from 'node:crypto';

import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';

import { cachedAccessTokenVerifier, jwtKey, signAccessToken, verifyAccessToken } from './tokens';

const key = jwtKey('a-secret-that-is-long-enough-for-tests');
const now = new Date('2026-01-10T10:00:00Z');
const seconds = Math.floor(now.getTime() / 1000);
const claims = { customerId: randomUUID(), mobile: '9876543210', sessionFamily: randomUUID() };

describe('session tokens', () => {
  it('round-trip and last exactly an hour', async () => {
    const { token, exp } = await signAccessToken(key, claims, now);
    expect(exp).toBe(seconds + 3600);
    const expected = { customerId: claims.customerId, sessionFamily: claims.sessionFamily, exp };
    expect(await verifyAccessToken(key, token, now)).toEqual(expected);
    expect(await verifyAccessToken(key, token, new Date((exp - 1) * 1000))).toEqual(expected);
    expect(await verifyAccessToken(key, token, new Date(exp * 1000))).toBeNull();
  });

  it('carry a unique id', async () => {
    const a = await signAccessToken(key, claims, now);
    const b = await signAccessToken(key, claims, now);
    expect(a.token).not.toBe(b.token);
  });

  it('are refused when signed otherwise', async () => {
    const payload = { mobile: claims.mobile, sid: claims.sessionFamily };
    const build = () =>
      new SignJWT(payload)
        .setSubject(claims.customerId)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60);
    const otherKey = jwtKey('another-secret-that-is-long-enough-too');
    const forged = [
      await build().setProtectedHeader({ alg: 'HS256' }).sign(otherKey),
      await build().setProtectedHeader({ alg: 'HS384' }).sign(key),
      await build().setProtectedHeader({ alg: 'HS512' }).sign(key),
      new UnsecuredJWT(payload)
        .setSubject(claims.customerId)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60)
        .encode(),
      await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.customerId)
        .setIssuedAt(seconds)
        .sign(key),
      await new SignJWT(payload)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60)
        .sign(key),
      await new SignJWT({ mobile: claims.mobile })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.customerId)
        .setIssuedAt(seconds)
        .setExpirationTime(seconds + 60)
        .sign(key),
      'x.y.z',
      '',
    ];
    for (const token of forged) expect(await verifyAccessToken(key, token, now), token).toBeNull();
    // The same claims signed properly pass, so each forgery above fails for its own reason.
    expect(
      await verifyAccessToken(key, await build().setProtectedHeader({ alg: 'HS256' }).sign(key), now),
    ).not.toBeNull();
  });
});

describe('the cached verifier', () => {
  it('answers like verifyAccessToken, expiry included, on first sight and on repeats', async () => {
    const verify = cachedAccessTokenVerifier(key);
    const { token, exp } = await signAccessToken(key, claims, now);
    const expected = { customerId: claims.customerId, sessionFamily: claims.sessionFamily, exp };
    expect(await verify(token, now)).toEqual(expected);
    expect(await verify(token, new Date((exp - 1) * 1000))).toEqual(expected);
    expect(await verify(token, new Date(exp * 1000))).toBeNull();
    // Once expired it is forgotten, never accepted again.
    expect(await verify(token, now)).toEqual(expected);
  });

  it('never remembers a refusal or a token signed with another key', async () => {
    const verify = cachedAccessTokenVerifier(key);
    const forged = await signAccessToken(jwtKey('another-secret-that-is-long-enough!!'), claims, now);
    expect(await verify(forged.token, now)).toBeNull();
    expect(await verify(forged.token, now)).toBeNull();
    const { token } = await signAccessToken(key, claims, now);
    expect(await verify(`${token}x`, now)).toBeNull();
  });

  it('keeps at most its bound of tokens', async () => {
    const verify = cachedAccessTokenVerifier(key, 2);
    const tokens = await Promise.all([1, 2, 3].map(() => signAccessToken(key, claims, now)));
    for (const { token } of tokens) expect(await verify(token, now)).not.toBeNull();
    for (const { token } of tokens) expect(await verify(token, now)).not.toBeNull();
  });
});
