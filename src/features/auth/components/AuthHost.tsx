import { useRouteContext, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';

import { usePopup } from '../../popups';
import { useSession } from '../use-session';

const loadLoginDialog = () => import('./LoginDialog');
const LazyLoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
const SessionKeeper = lazy(() => import('./SessionKeeper').then((m) => ({ default: m.SessionKeeper })));

/** Fetches the login dialog's code ahead of a likely tap (hover or focus on Login). */
export const preloadLoginDialog = () => void loadLoginDialog();

/**
 * Sign-in plumbing for every page: the login dialog, and for customers the session keeper.
 * Both load only when wanted, so visitors' first load stays small
 * (docs/decisions/004-page-weight-budget.md).
 */
export function AuthHost() {
  const { auth } = useRouteContext({ from: '__root__' });
  const session = useSession();
  // Signed out with no renewal to try (the session ended while away, or in another tab): the
  // customer's data this device kept goes as it does on logout (issue 15). With a renewal to
  // try, the session keeper tries it, and a refused one signs out the same way.
  const signedOut = session === null && !auth.canRefresh();
  useEffect(() => {
    if (signedOut) auth.signOut();
  }, [signedOut, auth]);
  // Separate boundaries: the keeper loading when a sign-in completes must not hide the dialog.
  // The popup state comes from IndexedDB; nothing to show until it has been read.
  return (
    <>
      <Suspense fallback={null}>{(session || auth.canRefresh()) && <SessionKeeper />}</Suspense>
      <Suspense fallback={null}>
        <LoginGate />
      </Suspense>
    </>
  );
}

function LoginGate() {
  const { isOpen } = usePopup('login');
  const requested = useSearch({ from: '__root__', select: (search) => search.login === 1 });
  return isOpen || requested ? <LazyLoginDialog /> : null;
}
