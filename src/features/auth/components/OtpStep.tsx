import { useId, type FormEvent, type KeyboardEvent } from 'react';

import { Button } from '../../../components/Button';
import { LOGIN_TEXT } from '../constants';
import { AUTH_ERRORS } from '../errors';
import { useOnline } from '../../../lib/use-online';
import { visibleProblem, type Challenge } from '../login-flow';
import { COUNTRY_PREFIX } from '../phone';
import { useCodeEntry } from '../use-code-entry';
import { formatCountdown } from '../use-resend-timer';
import * as styles from './LoginDialog.css';
import { OtpInput } from './OtpInput';

interface OtpStepProps {
  mobile: string;
  challenge: Challenge;
  onResent: (challenge: Challenge) => void;
  /** The server says this code can no longer be used. */
  onCodeEnded: () => void;
  onVerified: () => void;
}

/** The second login step: the six-digit code, its resend countdown, and verifying it. */
export function OtpStep(props: OtpStepProps) {
  const { mobile, challenge } = props;
  const entry = useCodeEntry(props);
  const { digits, timer } = entry;
  const online = useOnline();
  const problem = visibleProblem(entry.problem, online);
  const messageId = useId();
  const complete = /^\d{6}$/.test(entry.code);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void entry.submitCode(entry.code);
  };

  // Enter with boxes still empty: the submit button is disabled, so say what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Enter' && !complete) {
      event.preventDefault();
      entry.setProblem({ message: AUTH_ERRORS.otpIncomplete, network: false });
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
          entry.setDigits(next);
          if (entry.problem && !entry.problem.network) entry.setProblem(null);
        }}
        firstBoxRef={entry.firstBox}
        invalid={Boolean(problem)}
        describedBy={problem ? messageId : undefined}
      />
      {problem && (
        <p id={messageId} className={styles.error} role="alert">
          {problem.message}
        </p>
      )}
      {entry.notice && (
        <p className={styles.notice} role="status">
          {entry.notice}
        </p>
      )}
      <Button
        type="submit"
        className={styles.submit}
        disabled={!complete || entry.verifying}
        aria-busy={entry.verifying || undefined}
      >
        Verify
      </Button>
      <ResendRow
        canResend={timer.canResend}
        remaining={timer.remaining}
        pending={entry.resending}
        onResend={() => void entry.resendCode()}
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
