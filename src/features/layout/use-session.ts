import { useRouteContext, useRouter, type RegisteredRouter } from '@tanstack/react-router';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

type Session = ReturnType<RegisteredRouter['options']['context']['auth']['getSession']>;

/**
 * The signed-in customer, or null, kept current: the session lives in a cookie that the server
 * sets and clears, so it is read again after every navigation, when the tab regains focus and,
 * where the browser reports cookie changes, as soon as it changes.
 */
export function useSession(): Session {
  const { auth } = useRouteContext({ from: '__root__' });
  const router = useRouter();
  const subscribe = useCallback(
    (onChange: () => void) => {
      const unsubscribe = router.subscribe('onResolved', onChange);
      const cookieStore = (window as { cookieStore?: EventTarget }).cookieStore;
      window.addEventListener('focus', onChange);
      cookieStore?.addEventListener('change', onChange);
      return () => {
        unsubscribe();
        window.removeEventListener('focus', onChange);
        cookieStore?.removeEventListener('change', onChange);
      };
    },
    [router],
  );
  // A string snapshot, so an unchanged session does not re-render.
  const snapshot = useSyncExternalStore(subscribe, () => JSON.stringify(auth.getSession()));
  return useMemo(() => JSON.parse(snapshot) as Session, [snapshot]);
}
