import { useEffect, useRef, useState } from 'react';

import { useRequestOtp } from './api/request-otp';
import { useVerifyOtp } from './api/verify-otp';
import { RESEND_WAIT_SECONDS } from './constants';
import { AUTH_ERRORS, loginVerifyMessage } from './errors';
import { toChallenge, type Challenge, type Problem } from './login-flow';
import { useResendTimer } from './use-resend-timer';
import { useRetryWhenOnline } from './use-retry-when-online';
import { useWebOtp } from './use-web-otp';
import { emptyOtp } from './components/OtpInput';

interface Options {
  mobile: string;
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
  /** The server says this code can no longer be used. */
  onCodeEnded: () => void;
  onVerified: () => void;
}

/**
 * The code step's state and actions: the six digits, verifying them (again by itself once the
 * connection is back), a code offered from the SMS, and asking for a new one.
 */
export function useCodeEntry({ mobile, challenge, onResent, onCodeEnded, onVerified }: Options) {
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const timer = useResendTimer(challenge.resendAt);
  const [digits, setDigits] = useState(emptyOtp);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ message: string } | null>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const code = digits.join('');

  useEffect(() => firstBox.current?.focus(), []);

  // Spec point 8: a refused code also raises a browser alert, once the cleared boxes are on screen.
  useEffect(() => {
    if (!alert) return;
    window.alert(alert.message);
    firstBox.current?.focus();
  }, [alert]);

  const submitCode = async (value: string) => {
    if (!/^\d{6}$/.test(value)) {
      setProblem({ message: AUTH_ERRORS.otpIncomplete, network: false });
      return;
    }
    if (verify.isPending) return;
    setProblem(null);
    setNotice(null);
    try {
      await verify.mutateAsync({ mobile, otp: value });
      onVerified();
    } catch (error) {
      const { message, network, codeEnded } = await loginVerifyMessage(error);
      setProblem({ message, network });
      // Without an answer the code may still be right: keep it and try again once back online.
      if (network) return;
      if (codeEnded) onCodeEnded();
      setDigits(emptyOtp());
      setAlert({ message });
    }
  };
  useRetryWhenOnline(problem?.network ?? false, () => void submitCode(code));

  // A code offered from the SMS (WebOTP) submits at once.
  useWebOtp(challenge.expiresAt, (received) => {
    setDigits([...received]);
    void submitCode(received);
  });

  const resendCode = async () => {
    setProblem(null);
    setNotice(null);
    // The button gives way to the countdown: keep focus in the dialog.
    firstBox.current?.focus();
    timer.restart(RESEND_WAIT_SECONDS);
    try {
      const next = toChallenge(mobile, await resend.mutateAsync(mobile));
      onResent(next);
      timer.restart(next.resendIn || RESEND_WAIT_SECONDS);
      setDigits(emptyOtp());
      setNotice('We have sent you a new OTP.');
      firstBox.current?.focus();
    } catch (error) {
      console.info('OTP resend failed', error);
      timer.restart(0);
      setProblem({ message: AUTH_ERRORS.resendFailed, network: false });
    }
  };

  return {
    digits,
    setDigits,
    code,
    firstBox,
    problem,
    setProblem,
    notice,
    timer,
    submitCode,
    resendCode,
    verifying: verify.isPending,
    resending: resend.isPending,
  };
}
