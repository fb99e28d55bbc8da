import { useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';

import { api } from '../../../lib/api-client';
import { authStateAtom } from '../atoms';
import { otpRequestErrorMessage } from '../errors';

export interface OtpRequested {
  /** The number as the server shows it back, masked (98XXXXXX10). */
  mobile: string;
  /** Seconds the code stays valid. */
  expiresIn: number;
  /** Seconds before another code may be requested. */
  resendIn: number;
}

interface OtpRequestResponse {
  success: boolean;
  message?: string;
  data: OtpRequested;
}

/** POST /api/customer/public: sends a one-time code to the number by SMS. */
export async function requestOtp(mobile: string): Promise<OtpRequested> {
  const body = await api.post('customer/public', { json: { mobile }, retry: 0 }).json<OtpRequestResponse>();
  return body.data;
}

/**
 * Spec point 4: requesting sets loading and clears the error; a failure stores the catalogue's
 * message. Plain state rather than useMutation: the mutation observer would join the shared vendor
 * chunk and the first load of every page (docs/decisions/004-page-weight-budget.md).
 */
export function useRequestOtp() {
  const setAuth = useSetAtom(authStateAtom);
  const [isPending, setPending] = useState(false);
  const run = useCallback(
    async (mobile: string) => {
      setPending(true);
      setAuth((state) => ({ ...state, loading: true, error: null }));
      try {
        const requested = await requestOtp(mobile);
        setAuth((state) => ({ ...state, loading: false }));
        return requested;
      } catch (error) {
        const message = await otpRequestErrorMessage(error);
        setAuth((state) => ({ ...state, loading: false, error: message }));
        throw error;
      } finally {
        setPending(false);
      }
    },
    [setAuth],
  );
  return { run, isPending };
}
