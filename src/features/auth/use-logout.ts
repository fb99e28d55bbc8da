import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

import { postLogout } from './api/logout';
import { authStateAtom } from './atoms';
import { LOGOUT_DELAY_MS } from './constants';
import { isCustomerQuery } from './customer-queries';

/** The app-wide loader (layout's useGlobalLoader); passed in so auth does not depend on layout. */
export interface LogoutLoader {
  show: (style?: 'full-screen') => void;
  hide: () => void;
}

export interface LogoutOptions {
  /** The server has already ended the session (e.g. the account was deleted): skip the call. */
  sessionEnded?: boolean;
  /** Where to go afterwards: home, or the store console's sign-in screen for staff. */
  to?: '/' | '/ops';
}

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Spec point 4, logout flow: full-screen loader, wait 2 s, sign out on the server (a failure is
 * only logged), clear the token and every stored address, drop cached customer data, go home,
 * hide the loader. Which stored data is the customer's, each feature declares (lib/sign-out.ts).
 */
export function useLogout({ show, hide }: LogoutLoader) {
  const { auth } = useRouteContext({ from: '__root__' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setAuth = useSetAtom(authStateAtom);
  return useCallback(
    async ({ sessionEnded = false, to = '/' }: LogoutOptions = {}) => {
      show('full-screen');
      try {
        await wait(LOGOUT_DELAY_MS);
        // This device first, so nothing tries to renew the session the server is about to end.
        auth.signOut();
        if (!sessionEnded) {
          try {
            await postLogout();
          } catch (error) {
            console.info('Logout request failed; signed out on this device only', error);
          }
        }
        setAuth({ token: null, isAuthenticated: false, loading: false, error: null });
        // What features keep on this device for the customer (their saved addresses, say). The
        // removal code loads here, not with every page: this hook is reachable from the header.
        const { removeCustomerData } = await import('../../lib/remove-stored-keys');
        await removeCustomerData();
        queryClient.removeQueries({ predicate: isCustomerQuery });
        // Changes queued offline (an address edit, say) belong to the customer who left.
        queryClient.getMutationCache().clear();
        await navigate({ href: to });
      } catch (error) {
        console.info('Logout failed', error);
      } finally {
        hide();
      }
    },
    [show, hide, auth, navigate, queryClient, setAuth],
  );
}
