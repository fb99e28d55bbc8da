import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';

import type { AppConfig } from '../../../config';
import {
  deleteCustomer,
  discardChallenge,
  exportCustomerData,
  familyOfRefreshToken,
  openChallenge,
  revokeFamily,
  rotateSession,
  verifyChallenge,
  type Customer,
  type IssuedSession,
} from '../../../db/auth-queries';
import {
  AUTH_MESSAGES,
  clientNetwork,
  e164,
  generateOtp,
  hashOtp,
  maskMobile,
  normaliseMobile,
  otpSmsText,
  parseOtp,
  REFRESH_REUSE_GRACE_SECONDS,
} from '../../../domain/auth';
import { HttpError, badRequest } from '../../../errors';
import {
  clearSessionCookies,
  COOKIES,
  setSessionCookies,
  type SessionCookies,
  type SignedInCustomer,
} from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import {
  AccountExport,
  DeleteAccountBody,
  LogoutBody,
  MeResponse,
  MessageResponse,
  OtpRequestBody,
  OtpRequestResponse,
  RefreshBody,
  RefreshResponse,
  SignInResponse,
  VerifyOtpBody,
} from '../../../schemas/customer';
import { SmsError } from '../../../sms/types';
import { walletSummary } from '../../../db/giftcard-queries';
import { anonymiseOrders, exportOrders } from '../../../db/order-queries';
import { paiseToRupees } from '../../../domain/money';
import { listAddresses } from '../../../db/address-queries';
import { toAddress } from '../address';
import { toOrder } from '../order/serialize';

const tags = ['customer'];
const security: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

/**
 * The body's top-level fields exactly as sent, before the validator coerces types (it would turn
 * "true" into true and 9876543210 into a string). OTP routes validate the mobile and the code
 * themselves so that shoppers get the spec's messages; account deletion needs a real `true`.
 */
const sentBodies = new WeakMap<FastifyRequest, Record<string, unknown>>();
const rawField = (request: FastifyRequest, field: string): unknown => sentBodies.get(request)?.[field];

function signedIn(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
  return request.customer;
}

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Sign-in with a mobile number and a one-time code, the session (refresh, sign-out) and the
 * customer's own account data (spec points 4, 5 and 7; DESIGN section 6).
 */
const customerRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const { db } = app.database;

  app.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body && typeof body === 'object' && !Array.isArray(body)) sentBodies.set(request, { ...body });
  });

  // Answers here carry tokens or personal data: no cache may keep them.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  /** A session token for a new or rotated session, and the cookies that carry it. */
  async function issueSession(customer: Customer, session: IssuedSession): Promise<SessionCookies> {
    const access = await app.auth.issueAccessToken(customer, session.familyId);
    return {
      access,
      customer: { id: customer.id, mobile: customer.mobile },
      ...(app.auth.refreshEnabled && { refresh: { token: session.refreshToken, expiresAt: session.expiresAt } }),
    };
  }

  app.post(
    '/api/customer/public',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Send a one-time code to a mobile number',
        description:
          'Answers the same whether or not the number has an account. One code per number every 30 s ' +
          `(429 with Retry-After), at most ${config.otpLimits.perNumberPerHour} an hour and ` +
          `${config.otpLimits.perNumberPerDay} a day per number, ${config.otpLimits.perIpPerHour} an hour per client address.`,
        body: OtpRequestBody,
        response: {
          200: OtpRequestResponse,
          400: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
          503: ErrorResponse,
        },
      },
    },
    async (request) => {
      const parsed = normaliseMobile(rawField(request, 'mobile'));
      if (!parsed.ok) throw badRequest(parsed.message);
      const { mobile } = parsed;
      const code = generateOtp();
      const opened = await openChallenge(db, {
        mobile,
        ip: clientNetwork(request.ip),
        limits: config.otpLimits,
        now: app.clock.now(),
        ttlSeconds: config.otpTtlSeconds,
        exclusive: app.database.kind === 'pglite',
        hashFor: (challengeId) => hashOtp(app.auth.otpKey, challengeId, mobile, code),
      });
      if (!opened.ok) {
        const { decision } = opened;
        if (decision.allowed) throw new Error('unreachable: an allowed request always opens a challenge');
        request.log.info({ reason: decision.reason }, 'OTP request refused by a limit');
        throw new HttpError(429, decision.message, { 'Retry-After': String(decision.retryAfterSeconds) });
      }
      try {
        await app.sms.send({
          to: e164(mobile),
          text: otpSmsText(code, config.publicHost, config.otpTtlSeconds),
          vars: { otp: code, host: config.publicHost },
        });
      } catch (error) {
        request.log.error({ err: error, provider: app.sms.name }, 'the OTP SMS was not sent');
        await discardChallenge(db, opened.challengeId).catch((discardError: unknown) =>
          request.log.error({ err: discardError }, 'could not discard an undelivered OTP challenge'),
        );
        const status = error instanceof SmsError && error.kind === 'unavailable' ? 503 : 502;
        throw new HttpError(status, AUTH_MESSAGES.smsFailed);
      }
      return {
        success: true as const,
        message: AUTH_MESSAGES.otpSent,
        data: { mobile: maskMobile(mobile), expiresIn: config.otpTtlSeconds, resendIn: config.otpLimits.resendSeconds },
      };
    },
  );

  app.post(
    '/api/customer/public/verify',
    {
      attachValidation: true,
      schema: {
        tags,
        summary: 'Check a one-time code and sign in',
        description:
          'Signs the customer in (creating the account on first sign-in): the session token in the body and ' +
          'as cookies `_auth`, `_auth_type`, `_auth_state`, plus `_auth_refresh` when refresh is on. A code is ' +
          'valid for 5 minutes and survives 4 wrong tries; the 5th wrong try ends it (429).',
        body: VerifyOtpBody,
        response: {
          200: SignInResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          410: ErrorResponse,
          415: ErrorResponse,
          429: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const mobile = normaliseMobile(rawField(request, 'mobile'));
      if (!mobile.ok) throw badRequest(mobile.message);
      const otp = parseOtp(rawField(request, 'otp'));
      if (!otp.ok) throw badRequest(otp.message);
      const result = await verifyChallenge(db, {
        mobile: mobile.mobile,
        code: otp.otp,
        key: app.auth.otpKey,
        now: app.clock.now(),
      });
      switch (result.outcome) {
        case 'missing':
        case 'consumed':
        case 'expired':
          throw new HttpError(410, AUTH_MESSAGES.otpExpired);
        case 'exhausted': {
          // When the shopper may ask for the new code this message tells them to get.
          const resendAt = result.requestedAt.getTime() + config.otpLimits.resendSeconds * 1000;
          const wait = Math.max(0, Math.ceil((resendAt - app.clock.now().getTime()) / 1000));
          throw new HttpError(429, AUTH_MESSAGES.otpTooManyAttempts, { 'Retry-After': String(wait) });
        }
        case 'wrong':
          throw new HttpError(401, AUTH_MESSAGES.otpWrong);
      }
      const { customer, session } = result;
      const cookies = await issueSession(customer, session);
      setSessionCookies(reply, request, cookies);
      return {
        success: true as const,
        message: AUTH_MESSAGES.loginSuccessful,
        token: cookies.access.token,
        data: { id: customer.id, mobile: customer.mobile },
      };
    },
  );

  if (config.authRefresh) {
    app.post(
      '/api/customer/refresh',
      {
        schema: {
          tags,
          summary: 'Swap the refresh token for a new session',
          description:
            'Reads the `_auth_refresh` cookie (or `refreshToken` in the body), issues a new session token and ' +
            'refresh token in the same family and sets the cookies again. Presenting a refresh token that was ' +
            'already swapped revokes its whole family, except the one swapped last within the previous ' +
            `${REFRESH_REUSE_GRACE_SECONDS} s (a lost answer, two tabs at once), which is renewed too. ` +
            'Send `{}` as the body from a browser.',
          body: RefreshBody,
          response: { 200: RefreshResponse, 400: ErrorResponse, 401: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request, reply) => {
        const fromCookie = request.cookies[COOKIES.refresh];
        const token = fromCookie ?? request.body.refreshToken;
        const result = token ? await rotateSession(db, token, app.clock.now()) : ({ outcome: 'invalid' } as const);
        if (result.outcome !== 'rotated') {
          if (result.outcome === 'reused') request.log.warn('a replaced refresh token was presented; family revoked');
          clearSessionCookies(reply);
          throw new HttpError(401, AUTH_MESSAGES.refreshInvalid);
        }
        if (result.grace) request.log.info('a just-replaced refresh token came back within the grace window; renewed');
        const { customer, session } = result;
        const cookies = await issueSession(customer, session);
        setSessionCookies(reply, request, cookies);
        return {
          success: true as const,
          message: AUTH_MESSAGES.refreshed,
          token: cookies.access.token,
          data: { id: customer.id, mobile: customer.mobile },
          // A client that keeps the token itself gets the next one; browsers have it as a cookie.
          ...(!fromCookie && { refreshToken: session.refreshToken }),
        };
      },
    );
  }

  app.post(
    '/api/customer/logout',
    {
      schema: {
        tags,
        summary: 'Sign out',
        description:
          'Revokes the session family (from the refresh cookie and the session token, when present) and ' +
          'clears the session cookies. Succeeds when already signed out. Send `{}` as the body.',
        body: LogoutBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const now = app.clock.now();
      const families = new Set<string>();
      const refreshToken = request.cookies[COOKIES.refresh] ?? request.body.refreshToken;
      if (refreshToken) {
        const family = await familyOfRefreshToken(db, refreshToken);
        if (family) families.add(family);
      }
      const claims = await app.auth.claimsOf(request);
      if (claims) families.add(claims.sessionFamily);
      for (const family of families) await revokeFamily(db, family, now);
      clearSessionCookies(reply);
      return { success: true as const, message: AUTH_MESSAGES.signedOut };
    },
  );

  app.get(
    '/api/customer/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The signed-in customer',
        response: { 200: MeResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      return { success: true as const, data: { id: me.id, mobile: me.mobile, createdAt: iso(me.createdAt) } };
    },
  );

  app.get(
    '/api/customer/me/export',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Download everything stored about the signed-in customer',
        response: { 200: AccountExport, 401: ErrorResponse },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      const data = await exportCustomerData(db, me.id);
      if (!data) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
      const [orders, wallet, saved] = await Promise.all([
        exportOrders(db, me.id),
        walletSummary(db, me.id, 10_000),
        listAddresses(db, me.id),
      ]);
      reply.header('Content-Disposition', 'attachment; filename="quickcart-my-data.json"');
      return {
        exportedAt: iso(app.clock.now()),
        customer: { ...data.customer, createdAt: iso(data.customer.createdAt) },
        sessions: data.sessions.map((s) => ({
          ...s,
          createdAt: iso(s.createdAt),
          expiresAt: iso(s.expiresAt),
          revokedAt: isoOrNull(s.revokedAt),
        })),
        otpRequests: data.otpRequests.map((o) => ({
          ...o,
          createdAt: iso(o.createdAt),
          expiresAt: iso(o.expiresAt),
          consumedAt: isoOrNull(o.consumedAt),
        })),
        addresses: saved.map(toAddress),
        orders: orders.map(toOrder),
        giftCardWallet: {
          balance: paiseToRupees(wallet.balancePaise),
          history: wallet.entries.map((entry) => ({
            amount: paiseToRupees(entry.amountPaise),
            kind: entry.kind,
            at: iso(entry.createdAt),
            orderNumber: entry.orderNumber,
          })),
        },
      };
    },
  );

  app.delete(
    '/api/customer/me',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Delete the account and its personal data',
        description:
          'Body `{ "confirm": true }`. The mobile number is erased, every session revoked and the cookies cleared; ' +
          'records that must be kept (orders) stay, anonymised.',
        body: DeleteAccountBody,
        response: { 200: MessageResponse, 400: ErrorResponse, 401: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const me = signedIn(request);
      if (rawField(request, 'confirm') !== true) throw badRequest(AUTH_MESSAGES.deleteNotConfirmed);
      // Orders stay as the store's records, without the name and address (before the account
      // goes, so a failure here leaves an intact account rather than identifiable orders).
      await anonymiseOrders(db, me.id);
      await deleteCustomer(db, me.id, app.clock.now());
      clearSessionCookies(reply);
      return { success: true as const, message: AUTH_MESSAGES.accountDeleted };
    },
  );
};

export default customerRoutes;
