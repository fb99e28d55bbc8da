import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';

import { prefetch, retryingImport } from '../../../lib/retrying-import';
import { usePopup } from '../../popups';

const loadLoginDialog = retryingImport(() => import('./LoginDialog'));
const LazyLoginDialog = lazy(() => loadLoginDialog().then((m) => ({ default: m.LoginDialog })));
const SessionKeeper = lazy(retryingImport(() => import('./SessionKeeper').then((m) => ({ default: m.SessionKeeper }))));

/** Fetches the login dialog's code ahead of a likely tap (hover or focus on Login). */
export const preloadLoginDialog = () => prefetch(loadLoginDialog);

/**
 * Sign-in plumbing for every page: the login dialog, loaded only when wanted, and the session
 * keeper, loaded after the first render, so that visitors' first load stays small
 * (docs/decisions/004-page-weight-budget.md). The keeper also runs for a visitor: a session
 * that ended while away leaves the customer's data on this device for it to remove (issue 15).
 */
export function AuthHost() {
  // Separate boundaries: the keeper loading must not hide the dialog.
  // The popup state comes from IndexedDB; nothing to show until it has been read.
  return (
    <>
      <Suspense fallback={null}>
        <SessionKeeper />
      </Suspense>
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
