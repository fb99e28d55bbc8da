import { useMutation } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';

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
 * message. `mutateAsync` resolves with the code's details or rejects with the failure.
 */
export function useRequestOtp() {
  const setAuth = useSetAtom(authStateAtom);
  return useMutation({
    mutationFn: requestOtp,
    onMutate: () => setAuth((state) => ({ ...state, loading: true, error: null })),
    onSuccess: () => setAuth((state) => ({ ...state, loading: false })),
    onError: async (error) => {
      const message = await otpRequestErrorMessage(error);
      setAuth((state) => ({ ...state, loading: false, error: message }));
    },
  });
}
