import { describe, expect, it } from 'vitest';

import { readSession } from './session';

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
