import { useRouteContext, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

import type { Session } from './session';

/**
 * The signed-in customer, or null, kept current: the session lives in a cookie that the server
 * sets and clears, so it is read again when this tab signs in or out, after every navigation,
 * when the tab regains focus and, where the browser reports cookie changes, as soon as it changes.
 * (When its time runs out, the session keeper has the router read it again.)
 */
export function useSession(): Session | null {
  const { auth } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribeRouter = router.subscribe('onResolved', onChange);
      const unsubscribeAuth = auth.subscribe(onChange);
      const cookieStore = (window as { cookieStore?: EventTarget }).cookieStore;
      window.addEventListener('focus', onChange);
      cookieStore?.addEventListener('change', onChange);
      return () => {
        unsubscribeRouter();
        unsubscribeAuth();
        window.removeEventListener('focus', onChange);
        cookieStore?.removeEventListener('change', onChange);
      };
    },
    [router, auth],
  );
  // A string snapshot, so an unchanged session does not re-render. The build's shell
  // (src/shell.tsx) renders on the server with a signed-out context: the same read serves it.
  const read = () => JSON.stringify(auth.getSession());
  const snapshot = useSyncExternalStore(subscribe, read, read);
  return useMemo(() => JSON.parse(snapshot) as Session | null, [snapshot]);
}
