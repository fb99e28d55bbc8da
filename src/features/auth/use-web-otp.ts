import { useEffect, useEffectEvent } from 'react';

interface OtpCredential extends Credential {
  code?: string;
}

/**
 * WebOTP: Chrome on Android offers the code from the SMS; `onCode` gets it. Asks again for
 * each new code (`codeKey` changes).
 */
export function useWebOtp(codeKey: number, onCode: (code: string) => void) {
  const receive = useEffectEvent(onCode);
  useEffect(() => {
    if (!('OTPCredential' in window)) return;
    const controller = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
      .then((credential) => {
        const received = (credential as OtpCredential | null)?.code;
        if (received && /^\d{6}$/.test(received)) receive(received);
      })
      .catch(() => {
        // Aborted, dismissed or unsupported here: typing the code still works.
      });
    return () => controller.abort();
  }, [codeKey]);
}
