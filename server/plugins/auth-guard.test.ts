import type { onRequestAsyncHookHandler, RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';

import { guardSignedInRoute, signedInSecurity } from './auth';

const authenticate: onRequestAsyncHookHandler = async () => {};
const other: onRequestAsyncHookHandler = async () => {};
const route = (options: Partial<RouteOptions>) =>
  ({ method: 'POST', url: '/api/x', handler: async () => ({}), ...options }) as RouteOptions;

describe('guardSignedInRoute', () => {
  it('runs authenticate first at onRequest on a route that declares signedInSecurity', () => {
    const r = route({ schema: { security: signedInSecurity }, onRequest: other });
    guardSignedInRoute(r, authenticate);
    expect(r.onRequest).toEqual([authenticate, other]);
  });

  it('checks the content type right after the session', () => {
    const requireJson: onRequestAsyncHookHandler = async () => {};
    const r = route({ schema: { security: signedInSecurity }, onRequest: [other, authenticate] });
    guardSignedInRoute(r, authenticate, requireJson);
    expect(r.onRequest).toEqual([authenticate, requireJson, other]);
  });

  it('moves authenticate out of preHandler (where it would run after validation) and documents it', () => {
    const r = route({ schema: {}, preHandler: [authenticate, other] as unknown as RouteOptions['preHandler'] });
    guardSignedInRoute(r, authenticate);
    expect(r.onRequest).toEqual([authenticate]);
    expect(r.preHandler).toEqual([other]);
    expect(r.schema!.security).toBe(signedInSecurity);
  });

  it('guards and documents a route without a schema too', () => {
    const r = route({ preHandler: authenticate as unknown as RouteOptions['preHandler'] });
    guardSignedInRoute(r, authenticate);
    expect(r.onRequest).toEqual([authenticate]);
    expect(r.schema!.security).toBe(signedInSecurity);
  });

  it('documents any other route as public, and leaves hidden ones alone', () => {
    const open = route({ schema: {} });
    guardSignedInRoute(open, authenticate);
    expect(open.schema!.security).toEqual([]);
    expect(open.onRequest).toBeUndefined();
    const hidden = route({ schema: { hide: true } });
    guardSignedInRoute(hidden, authenticate);
    expect(hidden.schema!.security).toBeUndefined();
  });
});
