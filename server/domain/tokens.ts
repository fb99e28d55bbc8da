import { randomUUID } from 'node:crypto';

import { jwtVerify, SignJWT } from 'jose';

import { ACCESS_TOKEN_TTL_SECONDS, isUuid } from './auth';

/** What a verified session token says. */
export interface AccessClaims {
  customerId: string;
  /** The session family; signing out or reusing a stolen refresh token revokes it, and with it this token. */
  sessionFamily: string;
  /** Expiry, epoch seconds. */
  exp: number;
}

export interface IssuedAccessToken {
  token: string;
  /** Expiry, epoch seconds (the token's exp claim). */
  exp: number;
}

export const jwtKey = (secret: string) => new TextEncoder().encode(secret);

/** HS256 JWT: `sub` = customer id, `mobile`, the session family in `sid`, a unique `jti`. */
export async function signAccessToken(
  key: Uint8Array,
  claims: { customerId: string; mobile: string; sessionFamily: string },
  now: Date,
): Promise<IssuedAccessToken> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_SECONDS;
  const token = await new SignJWT({ mobile: claims.mobile, sid: claims.sessionFamily })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.customerId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .setJti(randomUUID())
    .sign(key);
  return { token, exp };
}

/**
 * The claims of a token this server signed and that is still valid at `now`; null for anything
 * else: another algorithm (alg none, HS512, RS256 ...), a bad signature, no or a past `exp`, or
 * a missing or malformed `sub`/`sid`.
 */
export async function verifyAccessToken(key: Uint8Array, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: now,
    });
    if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number') return null;
    return { customerId: payload.sub, sessionFamily: payload.sid, exp: payload.exp };
  } catch {
    return null;
  }
}

/**
 * verifyAccessToken with a memory of the tokens it has already accepted: a session token is sent
 * with every customer request for an hour, and checking its signature again each time costs more
 * CPU than the rest of a small request. The signature of a given token under a given key never
 * changes, so only its expiry is checked on a repeat; revocation is the database's job (the
 * session family is looked up on every request either way). Bounded: the oldest entry goes first.
 */
export function cachedAccessTokenVerifier(key: Uint8Array, maxEntries = 10_000) {
  const accepted = new Map<string, AccessClaims>();
  return async function verify(token: string, now: Date): Promise<AccessClaims | null> {
    const known = accepted.get(token);
    if (known) {
      if (known.exp * 1000 > now.getTime()) return known;
      accepted.delete(token);
      return null;
    }
    const claims = await verifyAccessToken(key, token, now);
    if (claims) {
      accepted.set(token, claims);
      if (accepted.size > maxEntries) accepted.delete(accepted.keys().next().value!);
    }
    return claims;
  };
}
