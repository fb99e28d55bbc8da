/**
 * For tests: the readable session cookie the server sets on sign-in and refresh, signed in for
 * the next hour.
 */
export const signedInCookie = () =>
  `_auth_state=${encodeURIComponent(
    JSON.stringify({ user: { id: 'c1', mobile: '9876543210' }, exp: Math.floor(Date.now() / 1000) + 3600 }),
  )}; Path=/`;
