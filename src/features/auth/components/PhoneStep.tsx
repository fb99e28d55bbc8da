import { useEffect, useId, useState, type FormEvent, type RefObject } from 'react';

import { Button } from '../../../components/Button';
import { useRequestOtp } from '../api/request-otp';
import { classifyFailure, otpRequestErrorMessage } from '../errors';
import { useOnline } from '../../../lib/use-online';
import { toChallenge, visibleProblem, type Challenge, type Problem } from '../login-flow';
import { COUNTRY_PREFIX, MOBILE_LENGTH, mobileError } from '../phone';
import { useMobileInput } from '../use-mobile-input';
import { useRetryWhenOnline } from '../use-retry-when-online';
import * as styles from './LoginDialog.css';

interface PhoneStepProps {
  inputRef: RefObject<HTMLInputElement | null>;
  mobile: string;
  /** The code already sent, if any: back with the same number, it is used again. */
  challenge: Challenge | null;
  onMobileChange: (mobile: string) => void;
  /** A new code was sent (or, with null, the one already sent still works). */
  onRequested: (challenge: Challenge | null) => void;
}

/** The first login step: the mobile number, and asking for a code to be sent to it. */
export function PhoneStep({ inputRef, mobile, challenge, onMobileChange, onRequested }: PhoneStepProps) {
  const request = useRequestOtp();
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const readMobile = useMobileInput();
  const inputId = useId();
  const messageId = useId();
  const validation = touched ? mobileError(mobile) : null;
  const online = useOnline();
  const message = validation ?? visibleProblem(problem, online)?.message ?? null;

  // Back from the code step: the number is still there to correct.
  useEffect(() => inputRef.current?.focus(), [inputRef]);

  const send = async () => {
    setProblem(null);
    // Back from the code step without changing the number: the code sent is still good.
    if (challenge?.usable && challenge.for === mobile && Date.now() < challenge.expiresAt) {
      onRequested(null);
      return;
    }
    try {
      onRequested(toChallenge(mobile, await request.mutateAsync(mobile)));
    } catch (error) {
      console.info('OTP request failed', error);
      const failure = await classifyFailure(error);
      setProblem({ message: await otpRequestErrorMessage(error), network: failure.kind === 'network' });
    }
  };
  useRetryWhenOnline(problem?.network ?? false, () => void send());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (mobileError(mobile) || request.isPending) return;
    void send();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead}>Enter your mobile number. We will send you a one-time password (OTP) by SMS.</p>
      <label htmlFor={inputId} className={styles.label}>
        Mobile number
      </label>
      <div className={styles.phoneField}>
        <span className={styles.prefix}>{COUNTRY_PREFIX}</span>
        <input
          ref={inputRef}
          id={inputId}
          className={styles.phoneInput}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="10-digit number"
          value={mobile}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          onChange={(event) => {
            onMobileChange(readMobile(mobile, event.target.value));
            setProblem(null);
          }}
          onBlur={() => setTouched(true)}
          // Continue is disabled short of 10 digits, so Enter submits nothing: it shows the message.
          onKeyDown={(event) => {
            if (event.key === 'Enter') setTouched(true);
          }}
        />
      </div>
      {message && (
        <p id={messageId} className={styles.error} role="alert">
          {message}
        </p>
      )}
      <Button
        type="submit"
        className={styles.submit}
        disabled={mobile.length !== MOBILE_LENGTH || request.isPending}
        aria-busy={request.isPending || undefined}
      >
        Continue
      </Button>
    </form>
  );
}
