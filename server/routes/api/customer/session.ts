import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

import type { AppConfig } from '../../../config';
import { familyOfRefreshToken, revokeFamily, rotateSession } from '../../../db/auth/sessions';
import { AUTH_MESSAGES, REFRESH_REUSE_GRACE_SECONDS } from '../../../domain/auth';
import { apiError } from '../../../errors';
import { removeSessionSubscriptions } from '../../../push/subscriptions';
import { clearSessionCookies, COOKIES, signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import { LogoutBody, MeResponse, MessageResponse, RefreshBody, RefreshResponse } from '../../../schemas/customer';
import { startSession } from './start-session';

const tags = ['customer'];

/** The session: renewing it, ending it, and who it belongs to. */
const sessionRoutes: FastifyPluginAsyncTypebox<{ config: AppConfig }> = async (app, { config }) => {
  const { db } = app.database;

  if (config.authRefresh) {
    app.post(
      '/api/customer/refresh',
      {
        schema: {
          operationId: 'refreshSession',
          tags,
          summary: 'Swap the refresh token for a new session',
          description:
            'Reads the `_auth_refresh` cookie (or `refreshToken` in the body), issues a new session token and ' +
            'refresh token in the same family and sets the cookies again. Presenting a refresh token that was ' +
            'already swapped revokes its whole family, except the one swapped last within the previous ' +
            `${REFRESH_REUSE_GRACE_SECONDS} s (a lost answer, two tabs at once), which gets the same replacement ` +
            'refresh token again (and a new session token). ' +
            'Send `{}` as the body from a browser.',
          body: RefreshBody,
          response: { 200: RefreshResponse, 400: ErrorResponse, 401: ErrorResponse, 415: ErrorResponse },
        },
      },
      async (request, reply) => {
        const fromCookie = request.cookies[COOKIES.refresh];
        const token = fromCookie ?? request.body.refreshToken;
        const result = token
          ? await rotateSession(db, token, app.clock.now(), app.auth.refreshKey)
          : ({ outcome: 'invalid' } as const);
        if (result.outcome !== 'rotated') {
          if (result.outcome === 'reused') request.log.warn('a replaced refresh token was presented; family revoked');
          clearSessionCookies(reply);
          throw apiError('SESSION_ENDED', AUTH_MESSAGES.refreshInvalid);
        }
        if (result.grace) {
          request.log.info(
            'a just-replaced refresh token came back within the grace window; its replacement sent again',
          );
        }
        return {
          ...(await startSession(app, request, reply, result, AUTH_MESSAGES.refreshed)),
          // A client that keeps the token itself gets the next one; browsers have it as a cookie.
          ...(!fromCookie && { refreshToken: result.session.refreshToken }),
        };
      },
    );
  }

  app.post(
    '/api/customer/logout',
    {
      schema: {
        operationId: 'logout',
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
      // The browsers subscribed to push in these sessions hear no more about the customer's orders.
      await removeSessionSubscriptions(db, [...families]);
      clearSessionCookies(reply);
      return { success: true as const, message: AUTH_MESSAGES.signedOut };
    },
  );

  app.get(
    '/api/customer/me',
    {
      onRequest: app.authenticate,
      schema: {
        operationId: 'getMe',
        tags,
        security: signedInSecurity,
        summary: 'The signed-in customer',
        response: { 200: MeResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const me = signedIn(request);
      return { success: true as const, data: { id: me.id, mobile: me.mobile, createdAt: me.createdAt.toISOString() } };
    },
  );
};

export default sessionRoutes;
