import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

import type { AppConfig } from '../config';
import { sweepAuthRows } from '../db/auth/otp';
import { findSignedInCustomer } from '../db/auth/sessions';
import { sweepRateCounters } from '../db/rate-counters';
import { AUTH_MESSAGES, deriveKey } from '../domain/auth';
import {
  jwtKey,
  signAccessToken,
  cachedAccessTokenVerifier,
  type AccessClaims,
  type IssuedAccessToken,
} from '../domain/tokens';
import { apiError, HttpError } from '../errors';
import { isApiPath } from '../web/api-path';

export interface SignedInCustomer {
  id: string;
  mobile: string;
  createdAt: Date;
}

export interface AuthService {
  /** Key of the OTP HMACs, derived from the JWT secret. */
  otpKey: Buffer;
  /** Key that derives each replacement refresh token from the one it replaces. */
  refreshKey: Buffer;
  /** Whether refresh tokens are issued (AUTH_REFRESH, on by default). */
  refreshEnabled: boolean;
  issueAccessToken(customer: { id: string; mobile: string }, sessionFamily: string): Promise<IssuedAccessToken>;
  /** The valid claims of the request's session token (Authorization header, else cookie), or null. */
  claimsOf(request: FastifyRequest): Promise<AccessClaims | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
    /**
     * 401 unless the request carries a valid session of an existing customer. It runs as the
     * route's `onRequest` hook, so a signed-out call is 401 before its body is parsed or validated.
     */
    authenticate: onRequestAsyncHookHandler;
  }
  interface FastifyContextConfig {
    /** Media types the route's body may have instead of JSON (never a form's): see requireJson. */
    bodyTypes?: readonly string[];
  }
  interface FastifyRequest {
    /** Set by `authenticate`; null on routes that do not use it. */
    customer: SignedInCustomer | null;
  }
}

/** Names from spec point 7: the base name `_auth` and its `_type`, `_state`, `_refresh` companions. */
export const COOKIES = {
  token: '_auth',
  type: '_auth_type',
  state: '_auth_state',
  refresh: '_auth_refresh',
} as const;

/** The refresh token only ever travels to the customer endpoints that read it. */
export const REFRESH_COOKIE_PATH = '/api/customer';

/**
 * The OpenAPI `security` of a signed-in route. Declaring it is what makes a route signed-in: the
 * auth plugin then runs `app.authenticate` first, at `onRequest` (see `guardSignedInRoute`).
 */
export const signedInSecurity: Record<string, string[]>[] = [{ bearerAuth: [] }, { cookieAuth: [] }];

type Hooks = RouteOptions['onRequest'];

const hookList = (hooks: Hooks | RouteOptions['preHandler']): unknown[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/**
 * Keeps a route's documentation and its guard in step (decision 025). A route that declares
 * `signedInSecurity` or uses `authenticate` in any hook gets `authenticate` as its first
 * `onRequest` hook (a preHandler would run after body validation, turning a signed-out call with
 * a bad body into a 400), then the JSON check, and `signedInSecurity` in its schema; any other
 * documented route is public and says so with `security: []`.
 */
export function guardSignedInRoute(
  route: RouteOptions,
  authenticate: onRequestAsyncHookHandler,
  requireJsonHook?: onRequestAsyncHookHandler,
) {
  if (route.schema?.hide) return;
  const schema = (route.schema ??= {});
  const onRequest = hookList(route.onRequest);
  const preHandler = hookList(route.preHandler);
  const signedIn =
    schema.security === signedInSecurity || onRequest.includes(authenticate) || preHandler.includes(authenticate);
  if (!signedIn) {
    schema.security ??= [];
    return;
  }
  schema.security = signedInSecurity;
  const first = requireJsonHook ? [authenticate, requireJsonHook] : [authenticate];
  route.onRequest = [
    ...first,
    ...onRequest.filter((hook) => !first.includes(hook as onRequestAsyncHookHandler)),
  ] as Hooks;
  route.preHandler = preHandler.filter((hook) => hook !== authenticate) as RouteOptions['preHandler'];
}

/** The customer `app.authenticate` found; 401 on a route that forgot to use it. */
export function signedIn(request: FastifyRequest): SignedInCustomer {
  if (!request.customer) throw new HttpError(401, AUTH_MESSAGES.signInRequired);
  return request.customer;
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** What an HTML form (and so a cross-site page without a CORS preflight) can send. */
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain']);

function bearerOrCookie(request: FastifyRequest): { token: string; from: 'header' | 'cookie' } | undefined {
  const header = request.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (match) return { token: match[1]!, from: 'header' };
  }
  const cookie = request.cookies[COOKIES.token];
  return cookie ? { token: cookie, from: 'cookie' } : undefined;
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * 415 unless a state-changing API request is JSON, which a cross-site form cannot send (CSRF
 * defence on top of SameSite cookies).
 */
function requireJson(request: FastifyRequest) {
  if (!STATE_CHANGING.has(request.method)) return;
  if (!isApiPath(request.url)) return;
  // A bodiless DELETE to a route that takes no body (spec point 7's address delete) carries
  // nothing to forge, and a cross-site page cannot send a DELETE without a CORS preflight we
  // never grant. Routes whose DELETE takes a body (account deletion) still insist on JSON.
  if (request.method === 'DELETE' && !hasBody(request) && !request.routeOptions.schema?.body) return;
  const mediaType = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  // A route may take other bodies (a photo upload), never one a cross-site form can send.
  const accepted = request.routeOptions.config?.bodyTypes;
  if (accepted && !accepted.some((type) => FORM_TYPES.has(type))) {
    if (!accepted.includes(mediaType))
      throw apiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type must be one of ${accepted.join(', ')}`);
    return;
  }
  if (mediaType !== 'application/json')
    throw apiError('UNSUPPORTED_MEDIA_TYPE', 'Content-Type must be application/json');
}

const requireJsonHook: onRequestAsyncHookHandler = async (request) => requireJson(request);

export interface SessionCookies {
  access: IssuedAccessToken;
  customer: { id: string; mobile: string };
  /** Set when refresh tokens are on. */
  refresh?: { token: string; expiresAt: Date };
}

/**
 * The session as cookies: `_auth` (the JWT, HttpOnly), `_auth_type` and `_auth_state` (readable by
 * the client, which decides "signed in" from the state's exp), all expiring with the token; and
 * `_auth_refresh` (HttpOnly, SameSite=Strict, only sent to /api/customer).
 */
export function setSessionCookies(reply: FastifyReply, request: FastifyRequest, session: SessionCookies) {
  // Secure only under https, so the store also works on http://localhost.
  const secure = request.protocol === 'https';
  const expires = new Date(session.access.exp * 1000);
  const common = { path: '/', sameSite: 'lax' as const, secure, expires };
  reply.setCookie(COOKIES.token, session.access.token, { ...common, httpOnly: true });
  reply.setCookie(COOKIES.type, 'Bearer', common);
  reply.setCookie(
    COOKIES.state,
    JSON.stringify({ user: { id: session.customer.id, mobile: session.customer.mobile }, exp: session.access.exp }),
    common,
  );
  if (session.refresh) {
    reply.setCookie(COOKIES.refresh, session.refresh.token, {
      path: REFRESH_COOKIE_PATH,
      sameSite: 'strict',
      secure,
      httpOnly: true,
      expires: session.refresh.expiresAt,
    });
  }
}

/** Expires the session cookies (Max-Age=0, on the paths they were set with). */
export function clearSessionCookies(reply: FastifyReply, { refresh = true }: { refresh?: boolean } = {}) {
  for (const name of [COOKIES.token, COOKIES.type, COOKIES.state]) reply.clearCookie(name, { path: '/' });
  if (refresh) reply.clearCookie(COOKIES.refresh, { path: REFRESH_COOKIE_PATH });
}

const SWEEP_INTERVAL_MS = 3600_000;

/**
 * Sessions: signs and checks session tokens, guards routes (`app.authenticate`), and makes every
 * state-changing API request be JSON, which a cross-site form cannot send (CSRF defence on top
 * of SameSite cookies).
 */
export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    const key = jwtKey(config.jwtSecret);
    const verify = cachedAccessTokenVerifier(key);
    const { db } = app.database;

    const auth: AuthService = {
      otpKey: deriveKey(config.jwtSecret, 'otp-hmac'),
      refreshKey: deriveKey(config.jwtSecret, 'refresh-rotation'),
      refreshEnabled: config.authRefresh,
      issueAccessToken: (customer, sessionFamily) =>
        signAccessToken(key, { customerId: customer.id, mobile: customer.mobile, sessionFamily }, app.clock.now()),
      async claimsOf(request) {
        const found = bearerOrCookie(request);
        return found ? verify(found.token, app.clock.now()) : null;
      },
    };
    app.decorate('auth', auth);
    app.decorateRequest('customer', null);

    const authenticate = async function authenticate(request: FastifyRequest, reply: FastifyReply) {
      const found = bearerOrCookie(request);
      const claims = found ? await verify(found.token, app.clock.now()) : null;
      const customer = claims ? await findSignedInCustomer(db, claims.customerId, claims.sessionFamily) : undefined;
      if (!customer) {
        // A stale cookie would keep the client believing it is signed in; the refresh cookie stays,
        // since renewing an expired session is exactly what it is for.
        if (found?.from === 'cookie') clearSessionCookies(reply, { refresh: false });
        throw new HttpError(401, AUTH_MESSAGES.signInRequired, { 'WWW-Authenticate': 'Bearer' });
      }
      request.customer = customer;
    };
    app.decorate('authenticate', authenticate);
    app.addHook('onRoute', (route) => guardSignedInRoute(route, authenticate, requireJsonHook));

    // Every state-changing API request must be JSON. Signed-in routes check it right after the
    // session (guardSignedInRoute), so a signed-out call is 401 whatever it sends.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.schema?.security === signedInSecurity) return;
      requireJson(request);
    });

    // Stateless processes each sweep; the deletes are idempotent, so several at once do no harm.
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      sweeper = setInterval(() => {
        const now = app.clock.now();
        Promise.all([sweepAuthRows(db, now), sweepRateCounters(db, now)]).catch((error: unknown) =>
          app.log.warn({ err: error }, 'sweeping old sign-in rows and rate counters failed'),
        );
      }, SWEEP_INTERVAL_MS);
      sweeper.unref();
    });
    app.addHook('onClose', async () => clearInterval(sweeper));
  },
  { name: 'auth', dependencies: ['db', 'clock', '@fastify/cookie'] },
);
