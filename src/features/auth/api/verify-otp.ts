import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';

import { api } from '../../../lib/api-client';
import { authStateAtom } from '../atoms';
import { AUTH_ERRORS, AuthError, verifyErrorMessage } from '../errors';
import { isCustomerQuery } from '../customer-queries';
import { normalizeMobile } from '../phone';

export interface VerifiedCustomer {
  id: string;
  mobile: string;
}

export interface Verified {
  token: string;
  user: VerifiedCustomer;
  message: string;
}

/**
 * POST /api/customer/public/verify. The server also sets the session cookies; the answer must
 * carry the success flag, the token and the customer, else it counts as a failure (spec point 5).
 */
export async function verifyOtp({ mobile, otp }: { mobile: string; otp: string }): Promise<Verified> {
  const body = await api
    .post('customer/public/verify', { json: { mobile: normalizeMobile(mobile), otp }, retry: 0 })
    .json<{ success?: unknown; message?: unknown; token?: unknown; data?: unknown }>();
  const message = typeof body.message === 'string' && body.message ? body.message : undefined;
  if (body.success !== true) throw new AuthError(message ?? AUTH_ERRORS.invalidResponse);
  const data = body.data as Partial<VerifiedCustomer> | null | undefined;
  if (typeof body.token !== 'string' || !body.token || !data || typeof data.id !== 'string') {
    throw new AuthError(AUTH_ERRORS.invalidResponse);
  }
  return { token: body.token, user: { id: data.id, mobile: String(data.mobile ?? '') }, message: message ?? '' };
}

/**
 * Spec point 4: success stores the token and marks the customer signed in; failure clears the
 * token, marks signed out and stores the error. Customer data cached for anyone signed in
 * before on this device is dropped.
 */
export function useVerifyOtp() {
  const setAuth = useSetAtom(authStateAtom);
  const queryClient = useQueryClient();
  const { auth } = useRouteContext({ from: '__root__' });
  return useMutation({
    mutationFn: verifyOtp,
    onMutate: () => setAuth((state) => ({ ...state, loading: true, error: null })),
    onSuccess: (verified) => {
      queryClient.removeQueries({ predicate: isCustomerQuery });
      setAuth({ token: verified.token, isAuthenticated: true, loading: false, error: null });
      auth.signedIn();
    },
    onError: async (error) => {
      const message = await verifyErrorMessage(error);
      setAuth({ token: null, isAuthenticated: false, loading: false, error: message });
    },
  });
}
