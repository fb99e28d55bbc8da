import { useId, useRef, useState } from 'react';

import { useHydrated } from '../../../lib/use-hydrated';
import { SUBSCRIPTION_STORAGE_KEY } from '../constants';
import { isValidEmail } from '../email';
import * as styles from './Footer.css';

const INVALID_EMAIL = 'Please enter a valid email address';
const SUBSCRIBED = 'Thanks for subscribing!';

function readSubscription(): string | null {
  try {
    const raw = localStorage.getItem(SUBSCRIPTION_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === 'object' && parsed !== null && 'email' in parsed && typeof parsed.email === 'string'
      ? parsed.email
      : null;
  } catch {
    return null;
  }
}

/** Newsletter sign-up, kept in this browser until there is a mailing service to send it to. */
export function SubscribeForm() {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [justSubscribed, setJustSubscribed] = useState(false);
  const [subscribed, setSubscribed] = useState(readSubscription);
  // The footer is hydrated after the page (its code loads later): until then its form would be
  // sent by the browser, and the page reloaded.
  const ready = useHydrated();

  return (
    <form
      className={styles.subscribe}
      noValidate
      aria-labelledby={`${id}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        const value = email.trim();
        if (!isValidEmail(value)) {
          setError(INVALID_EMAIL);
          setJustSubscribed(false);
          input.current?.focus();
          return;
        }
        try {
          localStorage.setItem(
            SUBSCRIPTION_STORAGE_KEY,
            JSON.stringify({ email: value, at: new Date().toISOString() }),
          );
        } catch {
          // Storage can be full or blocked; the confirmation still stands for this visit.
        }
        setSubscribed(value);
        setEmail('');
        setError(null);
        setJustSubscribed(true);
      }}
    >
      <h2 id={`${id}-title`} className={styles.columnTitle}>
        Get offers in your inbox
      </h2>
      <label htmlFor={`${id}-email`} className={styles.fieldLabel}>
        Email address
      </label>
      <div className={styles.subscribeRow}>
        <input
          ref={input}
          id={`${id}-email`}
          className={styles.emailInput}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          disabled={!ready}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message`}
          onChange={(event) => {
            setEmail(event.target.value);
            if (error) setError(null);
          }}
        />
        <button type="submit" className={styles.subscribeButton} disabled={!ready}>
          Subscribe
        </button>
      </div>
      <p id={`${id}-message`} className={error ? styles.error : styles.success} aria-live="polite">
        {error ?? (justSubscribed ? SUBSCRIBED : subscribed ? `You are subscribed as ${subscribed}.` : '')}
      </p>
    </form>
  );
}
