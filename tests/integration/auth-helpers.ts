import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, vi } from 'vitest';

import type { TestApp } from '../setup/test-app';
import { latestOtp, readOutbox } from '../support/sms-outbox';

/** A JSON request, as the storefront sends it (state-changing API calls must be JSON). */
export function json(
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  body: unknown,
  extra: Partial<InjectOptions> = {},
): InjectOptions {
  return {
    method,
    url,
    payload: JSON.stringify(body),
    ...extra,
    headers: { 'content-type': 'application/json', ...extra.headers },
  };
}

export const requestOtp = (app: TestApp, mobile: unknown, remoteAddress = '203.0.113.10') =>
  app.inject(json('POST', '/api/customer/public', { mobile }, { remoteAddress }));

export const verifyOtp = (app: TestApp, mobile: unknown, otp: unknown, extra: Partial<InjectOptions> = {}) =>
  app.inject(json('POST', '/api/customer/public/verify', { mobile, otp }, extra));

export const outboxLines = readOutbox;

/** The code of the latest SMS to a number, read from the outbox as a shopper would read the SMS. */
export function lastCode(dataDir: string, mobile: string): string {
  const code = latestOtp(dataDir, mobile);
  if (!code) throw new Error(`no OTP in the outbox for ${mobile}`);
  return code;
}

/** Any six digits but the right ones. */
export const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export type Cookie = LightMyRequestResponse['cookies'][number];

export function cookieMap(res: LightMyRequestResponse): Record<string, Cookie> {
  return Object.fromEntries(res.cookies.map((c) => [c.name, c]));
}

/** The Cookie request header a browser would send back to `path` after this response. */
export function cookieHeader(res: LightMyRequestResponse, path = '/api/customer/me'): string {
  return res.cookies
    .filter((c) => path.startsWith(c.path ?? '/') && c.value !== '')
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join('; ');
}

export interface SignedIn {
  token: string;
  customerId: string;
  mobile: string;
  response: LightMyRequestResponse;
  /** The cookies as the browser holds them, for requests under /api/customer. */
  cookies: string;
  refreshToken: string | undefined;
}

/** The whole sign-in: request a code, read it from the outbox, verify it. */
export async function signIn(
  ctx: { app: TestApp; config: { dataDir: string } },
  mobile: string,
  remoteAddress?: string,
): Promise<SignedIn> {
  const requested = await requestOtp(ctx.app, mobile, remoteAddress);
  expect(requested.statusCode, requested.body).toBe(200);
  const response = await verifyOtp(ctx.app, mobile, lastCode(ctx.config.dataDir, mobile));
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<{ token: string; data: { id: string; mobile: string } }>();
  return {
    token: body.token,
    customerId: body.data.id,
    mobile: body.data.mobile,
    response,
    cookies: cookieHeader(response),
    refreshToken: cookieMap(response)._auth_refresh?.value,
  };
}

/**
 * Control of the app's clock for a test file (only the app's: the test runner keeps real time).
 * Time only moves forward across the file's tests, as rows written "later" stay in the database.
 */
export function useAppClock(getApp: () => TestApp) {
  // Frozen between advances, so waits and expiries come out exact.
  const start = Date.now();
  let offsetMs = 0;
  beforeEach(() => {
    vi.spyOn(getApp().clock, 'now').mockImplementation(() => new Date(start + offsetMs));
  });
  return {
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}

/** A number no other test uses: 9 followed by nine digits from a counter seeded per file. */
export function numberFactory(prefix: string) {
  let next = 0;
  return () => `${prefix}${String(next++).padStart(10 - prefix.length, '0')}`;
}
