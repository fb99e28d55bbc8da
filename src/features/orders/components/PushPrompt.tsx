import { useEffect, useState } from 'react';

import { Button } from '../../../components/Button';
import type { Order } from '../../../../server/schemas/order';
import { allowNotifications, PUSH_ASKED_KEY, pushSupported, syncPushSubscription } from '../push';
import * as styles from './Orders.css';

/** An order younger than this is 'just placed': the moment to offer notifications about it. */
const JUST_PLACED_MS = 30 * 60_000;

export const PUSH_TEXT = {
  question: 'Get a notification when your order is on the way and when it arrives?',
  allow: 'Allow notifications',
  notNow: 'Not now',
  on: 'Notifications are on for your orders.',
  blocked: 'Notifications are blocked. You can allow them in your browser’s site settings.',
  failed: 'We could not turn on notifications. Please try again later.',
} as const;

/**
 * Offers notifications on the page of an order just placed (issue 19): after the first order and
 * never before; the browser's own prompt opens only when the shopper presses Allow. Where the
 * shopper allowed them already, the browser's subscription is sent again quietly (the server
 * forgets it on sign-out).
 */
export function PushPrompt({ order }: { order: Order }) {
  const [outcome, setOutcome] = useState<'on' | 'blocked' | 'failed' | null>(null);
  const [dismissed, setDismissed] = useState(() => !pushSupported() || localStorage.getItem(PUSH_ASKED_KEY) !== null);
  const [busy, setBusy] = useState(false);
  const permission = pushSupported() ? Notification.permission : 'denied';

  useEffect(() => {
    if (permission === 'granted')
      syncPushSubscription().catch((error: unknown) => console.info('Push sync failed', error));
  }, [permission]);

  // Whether the order was just placed when the page opened (the offer does not vanish mid-read).
  const [recent] = useState(() => Date.now() - new Date(order.placedAt).getTime() < JUST_PLACED_MS);
  const justPlaced = recent && order.status !== 'delivered' && order.status !== 'cancelled';

  if (outcome) {
    return (
      <p className={outcome === 'on' ? styles.notice : styles.error} role="status">
        {PUSH_TEXT[outcome]}
      </p>
    );
  }
  if (dismissed || permission !== 'default' || !justPlaced) return null;

  return (
    <div className={styles.payBox} role="group" aria-label="Order notifications">
      <p>{PUSH_TEXT.question}</p>
      <div className={styles.actions}>
        <Button
          disabled={busy}
          onClick={() => {
            setBusy(true);
            void allowNotifications().then((result) => {
              setBusy(false);
              setOutcome(result);
            });
          }}
        >
          {PUSH_TEXT.allow}
        </Button>
        <Button
          tone="outline"
          onClick={() => {
            localStorage.setItem(PUSH_ASKED_KEY, '1');
            setDismissed(true);
            // The offer goes with the button pressed: the focus goes to the page, not its body.
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
        >
          {PUSH_TEXT.notNow}
        </Button>
      </div>
    </div>
  );
}
