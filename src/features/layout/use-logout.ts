import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

import { api } from '../../lib/api-client';
import { LOGOUT_DELAY_MS } from './constants';
import { useGlobalLoader } from './use-global-loader';

/** Spec point 9: address data kept in local storage, cleared on logout. */
const ADDRESS_STORAGE_KEYS = ['addresses', 'selectedAddress', 'deliveryAddress'];

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * Spec point 4, logout flow: full-screen loader, wait 2 s, sign out on the server, forget the
 * session and the addresses, go home, hide the loader. A failure is only logged.
 */
export function useLogout() {
  const loader = useGlobalLoader();
  const router = useRouter();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { show, hide } = loader;
  return useCallback(async () => {
    show('full-screen');
    try {
      await wait(LOGOUT_DELAY_MS);
      try {
        await api.post('customer/logout', { json: {} });
      } catch (error) {
        console.info('Logout request failed; signing out locally', error);
      }
      // The HttpOnly token is the server's to clear; the readable state cookie is ours.
      document.cookie = '_auth_state=; Path=/; Max-Age=0; SameSite=Lax';
      for (const key of ADDRESS_STORAGE_KEYS) localStorage.removeItem(key);
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== 'products' && query.queryKey[0] !== 'categories',
      });
      await navigate({ to: '/' });
      await router.invalidate();
    } catch (error) {
      console.info('Logout failed', error);
    } finally {
      hide();
    }
  }, [show, hide, navigate, router, queryClient]);
}
