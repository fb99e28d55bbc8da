import { useEffect, useRef } from 'react';

import { LOGIN_TEXT } from '../constants';
import * as styles from './LoginDialog.css';

/** The last login step: 'Login successful! Redirecting...', focused so that it is announced. */
export function SuccessStep() {
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
