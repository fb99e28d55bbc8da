import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';

import { Button } from '../../../components/Button';
import { useRequestOtp } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { LOGIN_TEXT, RESEND_WAIT_SECONDS } from '../constants';
import { AUTH_ERRORS, loginVerifyMessage } from '../errors';
import { toChallenge, type Challenge, type Problem } from '../login-flow';
import { COUNTRY_PREFIX } from '../phone';
import { formatCountdown, useResendTimer } from '../use-resend-timer';
import { useRetryWhenOnline } from '../use-retry-when-online';
import { useWebOtp } from '../use-web-otp';
import * as styles from './LoginDialog.css';
import { emptyOtp, OtpInput } from './OtpInput';

interface OtpStepProps {
  mobile: string;
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
  /** The server says this code can no longer be used. */
  onCodeEnded: () => void;
  onVerified: () => void;
}

/** The second login step: the six-digit code, its resend countdown, and verifying it. */
export function OtpStep({ mobile, challenge, onResent, onCodeEnded, onVerified }: OtpStepProps) {
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const timer = useResendTimer(challenge.resendAt);
  const [digits, setDigits] = useState(emptyOtp);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [alert, setAlert] = useState<{ message: string } | null>(null);
  const firstBox = useRef<HTMLInputElement>(null);
  const messageId = useId();
  const code = digits.join('');
  const complete = /^\d{6}$/.test(code);

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void submitCode(code);
  };

  // Enter with boxes still empty: the submit button is disabled, so say what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !complete) {
      event.preventDefault();
      setProblem({ message: AUTH_ERRORS.otpIncomplete, network: false });
    }
  };

  return (
    <form className={styles.form} onSubmit={submit} onKeyDown={onKeyDown} noValidate>
      <p className={styles.lead}>
        Enter the 6-digit code sent to{' '}
        <strong className={styles.number}>
          {COUNTRY_PREFIX} {challenge.mobile || mobile}
        </strong>
      </p>
      <OtpInput
        digits={digits}
        onChange={(next) => {
          setDigits(next);
          if (problem && !problem.network) setProblem(null);
        }}
        firstBoxRef={firstBox}
        invalid={Boolean(problem)}
        describedBy={problem ? messageId : undefined}
      />
      {problem && (
        <p id={messageId} className={styles.error} role="alert">
          {problem.message}
        </p>
      )}
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <Button
        type="submit"
        className={styles.submit}
        disabled={!complete || verify.isPending}
        aria-busy={verify.isPending || undefined}
      >
        Verify
      </Button>
      <ResendRow
        canResend={timer.canResend}
        remaining={timer.remaining}
        pending={resend.isPending}
        onResend={() => void resendCode()}
      />
    </form>
  );
}

interface ResendRowProps {
  canResend: boolean;
  remaining: number;
  pending: boolean;
  onResend: () => void;
}

/** 'Resend OTP in 0:29', then the Resend OTP button. */
function ResendRow({ canResend, remaining, pending, onResend }: ResendRowProps) {
  return (
    <div className={styles.resendRow}>
      {canResend ? (
        <button type="button" className={styles.linkButton} disabled={pending} onClick={onResend}>
          {LOGIN_TEXT.resend}
        </button>
      ) : (
        <span className={styles.muted}>{LOGIN_TEXT.resendIn(formatCountdown(remaining))}</span>
      )}
    </div>
  );
}
