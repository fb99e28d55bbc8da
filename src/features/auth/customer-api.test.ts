import { afterEach, describe, expect, it, vi } from 'vitest';

import { customerApi } from './customer-api';
import { browserAuth } from './session';
import { signedInCookie } from './testing';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = '_auth_state=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('customerApi', () => {
  /** The API's answers to `/api/order`, in turn; the refresh always renews. */
  function serve(...statuses: number[]) {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      const { pathname } = new URL(request.url);
      asked.push(pathname);
      if (pathname === '/api/customer/refresh') {
        document.cookie = signedInCookie();
        return Response.json({ success: true, message: 'Session refreshed' });
      }
      const status = statuses.shift() ?? 500;
      return Response.json(status === 200 ? { success: true, data: [] } : { success: false }, { status });
    });
    return asked;
  }

  it('renews the session on a 401 met by a retry, and repeats the call', async () => {
    browserAuth.signedIn();
    // Placing an order may be tried three times; the second try finds the token run out.
    const asked = serve(503, 401, 200);
    const placed = customerApi.post('order', {
      json: {},
      retry: { limit: 2, methods: ['post'], statusCodes: [503], delay: () => 0 },
    });
    expect(await placed.json()).toEqual({ success: true, data: [] });
    expect(asked).toEqual(['/api/order', '/api/order', '/api/customer/refresh', '/api/order']);
  });

  it('leaves the 401 of a call with no try left (a GET already retried once)', async () => {
    browserAuth.signedIn();
    const asked = serve(503, 401);
    await expect(customerApi.get('order').json()).rejects.toMatchObject({ response: { status: 401 } });
    expect(asked).toEqual(['/api/order', '/api/order']);
  });

  it('renews once per call: a second 401 is the answer', async () => {
    browserAuth.signedIn();
    const asked = serve(401, 401);
    await expect(customerApi.get('order').json()).rejects.toMatchObject({ response: { status: 401 } });
    expect(asked).toEqual(['/api/order', '/api/customer/refresh', '/api/order']);
  });
});
