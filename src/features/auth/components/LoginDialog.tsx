import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';

import { Button } from '../../../components/Button';
import { isBackdropClick, useModalDialog } from '../../../components/Dialog';
import { usePopup } from '../../popups';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { useRequestOtp, type OtpRequested } from '../api/request-otp';
import { useVerifyOtp } from '../api/verify-otp';
import { loginRedirectAtom } from '../atoms';
import { LOGIN_TEXT, RESEND_WAIT_SECONDS, SUCCESS_REDIRECT_MS } from '../constants';
import { AUTH_ERRORS, classifyFailure, loginVerifyMessage, otpRequestErrorMessage } from '../errors';
import { COUNTRY_PREFIX, MOBILE_LENGTH, mobileError, nextMobileInput } from '../phone';
import { formatCountdown, useResendTimer } from '../use-resend-timer';
import { useSession } from '../use-session';
import * as styles from './LoginDialog.css';
import { emptyOtp, OtpInput } from './OtpInput';

type Step = 'phone' | 'otp' | 'success';

/** A code sent: for which number, until when it works and when another may be asked for. */
export interface Challenge extends OtpRequested {
  for: string;
  expiresAt: number;
  resendAt: number;
  /** False once the server has said the code expired or had too many wrong tries. */
  usable: boolean;
}

export function toChallenge(mobile: string, requested: OtpRequested, now = Date.now()): Challenge {
  return {
    ...requested,
    for: mobile,
    expiresAt: now + requested.expiresIn * 1000,
    resendAt: now + (requested.resendIn || RESEND_WAIT_SECONDS) * 1000,
    usable: true,
  };
}

interface Problem {
  message: string;
  /** No answer from the server: worth trying again by itself once the connection is back. */
  network: boolean;
}

/**
 * The login dialog (spec point 4): phone entry, then the one-time code, then 'Login successful!
 * Redirecting...', which closes after 2 s. Mounted only while popups.login is true, so closing
 * it resets it. Also where the guard's `/?login=1&redirect=...` lands.
 */
export function LoginDialog() {
  const popup = usePopup('login');
  const navigate = useNavigate();
  const search = useSearch({ from: '__root__' });
  const session = useSession();
  const [redirectTo, setRedirectTo] = useAtom(loginRedirectAtom);
  const [step, setStep] = useState<Step>('phone');
  const [mobile, setMobile] = useState('');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const phoneInput = useRef<HTMLInputElement>(null);
  const titleId = useId();

  // Spec point 4: the close button (and Escape, and the backdrop) work on phone entry only.
  const closable = step === 'phone';
  const close = () => {
    if (!closable) return;
    setRedirectTo(null);
    void popup.close();
  };
  // Escape is refused on the later steps (onCancel below); should a browser close the modal
  // anyway, follow it rather than keep an invisible dialog open.
  const dialog = useModalDialog(
    popup.isOpen,
    () => {
      setRedirectTo(null);
      void popup.close();
    },
    phoneInput,
  );

  // Sent here by the guard: remember where to continue, open the dialog, tidy the address bar.
  const arrive = useEffectEvent((target: string | null) => {
    if (session) {
      void (target ? navigate({ href: target, replace: true }) : navigate({ to: '/', replace: true }));
      return;
    }
    setRedirectTo(target);
    void popup.open();
    void navigate({ to: '.', search: ({ login: _login, redirect: _redirect, ...rest }) => rest, replace: true });
  });
  useEffect(() => {
    if (search.login === 1) arrive(search.redirect ?? null);
  }, [search.login, search.redirect]);

  // After the success message: close (which resets the dialog) and continue where the visitor was going.
  const finish = useEffectEvent(() => {
    setRedirectTo(null);
    void popup.close();
    if (redirectTo) void navigate({ href: redirectTo });
  });
  useEffect(() => {
    if (step !== 'success') return;
    const timer = window.setTimeout(finish, SUCCESS_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [step]);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        if (!closable) event.preventDefault();
      }}
      onClick={(event) => {
        if (isBackdropClick(event)) close();
      }}
    >
      {popup.isOpen && (
        <div className={styles.panel}>
          <div className={styles.header}>
            {step === 'otp' && (
              <button type="button" className={styles.iconButton} aria-label="Back" onClick={() => setStep('phone')}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
                  <path
                    d="M19 12H5M11 5l-7 7 7 7"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
              </button>
            )}
            <h2 id={titleId} className={styles.title}>
              {step === 'phone' ? 'Log in or sign up' : 'OTP Verification'}
            </h2>
            {closable && (
              <button type="button" className={styles.iconButton} aria-label="Close" onClick={close}>
                <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
                  <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </button>
            )}
          </div>
          {step !== 'success' && <NeedsConnection what="Signing in" />}
          {step === 'phone' && (
            <PhoneStep
              inputRef={phoneInput}
              mobile={mobile}
              challenge={challenge}
              onMobileChange={setMobile}
              onRequested={(requested) => {
                if (requested) setChallenge(requested);
                setStep('otp');
              }}
            />
          )}
          {step === 'otp' && challenge && (
            <OtpStep
              mobile={mobile}
              challenge={challenge}
              onResent={setChallenge}
              onCodeEnded={() => setChallenge({ ...challenge, usable: false })}
              onVerified={() => setStep('success')}
            />
          )}
          {step === 'success' && <SuccessStep />}
        </div>
      )}
    </dialog>
  );
}

/** Tries `retry` again when the browser reports the connection is back (DESIGN, section 7). */
function useRetryWhenOnline(active: boolean, retry: () => void) {
  const onOnline = useEffectEvent(retry);
  useEffect(() => {
    if (!active) return;
    const handler = () => onOnline();
    window.addEventListener('online', handler);
    return () => window.removeEventListener('online', handler);
  }, [active]);
}

interface PhoneStepProps {
  inputRef: RefObject<HTMLInputElement | null>;
  mobile: string;
  /** The code already sent, if any: back with the same number, it is used again. */
  challenge: Challenge | null;
  onMobileChange: (mobile: string) => void;
  /** A new code was sent (or, with null, the one already sent still works). */
  onRequested: (challenge: Challenge | null) => void;
}

export function PhoneStep({ inputRef, mobile, challenge, onMobileChange, onRequested }: PhoneStepProps) {
  const request = useRequestOtp();
  const [touched, setTouched] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const inputId = useId();
  const messageId = useId();
  const validation = touched ? mobileError(mobile) : null;
  const message = validation ?? problem?.message ?? null;

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
      onRequested(toChallenge(mobile, await request.run(mobile)));
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
            onMobileChange(nextMobileInput(mobile, event.target.value));
            setProblem(null);
          }}
          onBlur={() => setTouched(true)}
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

interface OtpStepProps {
  mobile: string;
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
  /** The server says this code can no longer be used. */
  onCodeEnded: () => void;
  onVerified: () => void;
}

interface OtpCredential extends Credential {
  code?: string;
}

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
      await verify.run({ mobile, otp: value });
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

  // WebOTP: Chrome on Android offers the code from the SMS; taking it submits at once.
  const receiveCode = useEffectEvent((received: string) => {
    setDigits([...received]);
    void submitCode(received);
  });
  useEffect(() => {
    if (!('OTPCredential' in window)) return;
    const controller = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: controller.signal } as CredentialRequestOptions)
      .then((credential) => {
        const received = (credential as OtpCredential | null)?.code;
        if (received && /^\d{6}$/.test(received)) receiveCode(received);
      })
      .catch(() => {
        // Aborted, dismissed or unsupported here: typing the code still works.
      });
    return () => controller.abort();
  }, [challenge.expiresAt]);

  const resendCode = async () => {
    setProblem(null);
    setNotice(null);
    // The button gives way to the countdown: keep focus in the dialog.
    firstBox.current?.focus();
    timer.restart(RESEND_WAIT_SECONDS);
    try {
      const next = toChallenge(mobile, await resend.run(mobile));
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
      <div className={styles.resendRow}>
        {timer.canResend ? (
          <button
            type="button"
            className={styles.linkButton}
            disabled={resend.isPending}
            onClick={() => void resendCode()}
          >
            {LOGIN_TEXT.resend}
          </button>
        ) : (
          <span className={styles.muted}>{LOGIN_TEXT.resendIn(formatCountdown(timer.remaining))}</span>
        )}
      </div>
    </form>
  );
}

function SuccessStep() {
  const message = useRef<HTMLParagraphElement>(null);
  useEffect(() => message.current?.focus(), []);
  return (
    <div className={styles.success}>
      <span className={styles.successIcon} aria-hidden>
        <svg viewBox="0 0 24 24" width="32" height="32" focusable="false">
          <path
            d="M5 12.5l4.5 4.5L19 7.5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </span>
      <p ref={message} tabIndex={-1} role="status" className={styles.successText}>
        {LOGIN_TEXT.success}
      </p>
    </div>
  );
}
