import { afterEach, describe, expect, it, vi } from 'vitest';

import { browserAuth, readSession } from './session';
import { signedInCookie } from './testing';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const state = (value: unknown) => `_auth_type=Bearer; _auth_state=${encodeURIComponent(JSON.stringify(value))}`;

describe('readSession', () => {
  it('is signed in with a present, unexpired state', () => {
    const session = readSession(state({ user: { id: 'c1', mobile: '9876543210' }, exp: now / 1000 + 60 }), now);
    expect(session).toEqual({ user: { id: 'c1', mobile: '9876543210' }, expiresAt: now + 60_000 });
  });

  it('is signed out when the state is missing, expired or not JSON', () => {
    expect(readSession('', now)).toBeNull();
    expect(readSession(state({ user: { id: 'c1', mobile: '9876543210' }, exp: now / 1000 }), now)).toBeNull();
    expect(readSession('_auth_state=%7Bnot-json', now)).toBeNull();
    expect(readSession(state({ user: { id: 'c1' }, exp: now / 1000 + 60 }), now)).toBeNull();
  });
});

describe('browserAuth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.cookie = '_auth_state=; Path=/; Max-Age=0';
    localStorage.clear();
  });

  it('remembers after sign-in that a refresh may work, and forgets it on sign-out', () => {
    const events: string[] = [];
    const unsubscribe = browserAuth.subscribe((event) => events.push(event));
    expect(browserAuth.canRefresh()).toBe(false);
    document.cookie = signedInCookie();
    browserAuth.signedIn();
    expect(browserAuth.canRefresh()).toBe(true);
    expect(browserAuth.getSession()?.user.mobile).toBe('9876543210');

    browserAuth.signOut();
    expect(browserAuth.canRefresh()).toBe(false);
    expect(browserAuth.getSession()).toBeNull();
    expect(events).toEqual(['changed', 'changed']);
    unsubscribe();
  });

  it('refreshes once for concurrent callers; a refusal signs out and ends the session', async () => {
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return Response.json({ success: false, message: 'Your session has ended.' }, { status: 401 });
    });
    const events: string[] = [];
    const unsubscribe = browserAuth.subscribe((event) => events.push(event));
    browserAuth.signedIn();
    expect(await Promise.all([browserAuth.refresh(), browserAuth.refresh()])).toEqual([false, false]);
    expect(calls).toBe(1);
    expect(browserAuth.canRefresh()).toBe(false);
    expect(events).toEqual(['changed', 'ended']);
    unsubscribe();
  });

  it('a renewed session is signed in; a failed call (offline) changes nothing', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    browserAuth.signedIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await browserAuth.refresh()).toBe(false);
    expect(browserAuth.canRefresh()).toBe(true);

    vi.stubGlobal('fetch', async () => {
      document.cookie = signedInCookie();
      return Response.json({ success: true, message: 'Session refreshed' });
    });
    expect(await browserAuth.refresh()).toBe(true);
  });
});
