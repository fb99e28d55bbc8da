import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

import { removeCustomerData } from '../../../lib/remove-stored-keys';
import { REFRESH_AHEAD_MS } from '../constants';
import { useSession } from '../use-session';

/** How long after the session goes mid-visit the keeper tries to renew it. */
const SESSION_GONE_RENEW_DELAY_MS = 1000;

/**
 * Renews the session shortly before it expires, once on arrival for a returning customer whose
 * token ran out while away (again when the connection comes back), and when the session goes
 * mid-visit while a renewal may still work (its cookies cleared, say). When the server refuses
 * a renewal, the tab signs out (refresh.ts removes the customer's stored data) and the guard
 * runs again, so a protected page on screen sends the customer to sign in.
 *
 * Signed out with no renewal to try (logout in another tab, a session that ended while away,
 * a visitor), the data this device kept for a customer (the saved addresses) is removed as on
 * logout (issue 15). It runs for visitors too, after the first render, so it is a lazy chunk.
 */
export function SessionKeeper() {
  const { auth } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const expiresAt = useSession()?.expiresAt ?? null;

  useEffect(() => {
    if (expiresAt === null) return;
    const renew = window.setTimeout(() => void auth.refresh(), Math.max(0, expiresAt - Date.now() - REFRESH_AHEAD_MS));
    // Not renewed in time (offline): once it has run out, the router reads the session again
    // (the header follows, and a protected page on screen asks for sign-in).
    const expire = window.setTimeout(() => void router.invalidate(), Math.max(0, expiresAt - Date.now() + 500));
    return () => {
      window.clearTimeout(renew);
      window.clearTimeout(expire);
    };
  }, [expiresAt, auth, router]);

  const gone = expiresAt === null;
  useEffect(() => {
    if (gone && !auth.canRefresh()) void removeCustomerData();
  }, [gone, auth]);

  const arrived = useRef(false);
  useEffect(() => {
    const renewExpired = () => {
      if (!auth.getSession() && auth.canRefresh()) void auth.refresh();
    };
    // On arrival at once. When the session goes mid-visit, a moment later: a deliberate sign-out
    // (deleting the account, whose answer clears the session cookie before the page forgets its
    // refresh hint) has finished by then and leaves nothing to renew.
    let later: number | undefined;
    if (arrived.current) later = window.setTimeout(renewExpired, SESSION_GONE_RENEW_DELAY_MS);
    else renewExpired();
    arrived.current = true;
    window.addEventListener('online', renewExpired);
    return () => {
      window.clearTimeout(later);
      window.removeEventListener('online', renewExpired);
    };
  }, [auth, gone]);

  useEffect(
    () =>
      auth.subscribe((event) => {
        if (event === 'ended') void router.invalidate();
      }),
    [auth, router],
  );

  return null;
}
