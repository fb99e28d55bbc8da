import { useNavigate, useSearch } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';

import { DialogFrame, useModalDialog } from '../../../components/Dialog';
import { usePopup } from '../../popups';
import { NeedsConnection } from '../../../components/NeedsConnection';
import { loginRedirectAtom } from '../atoms';
import { SUCCESS_REDIRECT_MS } from '../constants';
import type { Challenge } from '../login-flow';
import { useSession } from '../use-session';
import * as styles from './LoginDialog.css';
import { OtpStep } from './OtpStep';
import { PhoneStep } from './PhoneStep';
import { SuccessStep } from './SuccessStep';

type Step = 'phone' | 'otp' | 'success';

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
    <DialogFrame
      dialogRef={dialog}
      open={popup.isOpen}
      labelledBy={titleId}
      density="comfortable"
      onBackdropClick={close}
      onCancel={(event) => {
        if (!closable) event.preventDefault();
      }}
    >
      <LoginHeader
        titleId={titleId}
        title={step === 'phone' ? 'Log in or sign up' : 'OTP Verification'}
        onBack={step === 'otp' ? () => setStep('phone') : undefined}
        onClose={closable ? close : undefined}
      />
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
    </DialogFrame>
  );
}

interface LoginHeaderProps {
  titleId: string;
  title: string;
  /** Shown as a Back button when given. */
  onBack?: () => void;
  /** Shown as a Close button when given. */
  onClose?: () => void;
}

function LoginHeader({ titleId, title, onBack, onClose }: LoginHeaderProps) {
  return (
    <div className={styles.header}>
      {onBack && (
        <button type="button" className={styles.iconButton} aria-label="Back" onClick={onBack}>
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
        {title}
      </h2>
      {onClose && (
        <button type="button" className={styles.iconButton} aria-label="Close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </div>
  );
}
