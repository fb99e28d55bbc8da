import { useEffect, useState } from 'react';

import { formatTime } from '../../../lib/india-time';

/** mm:ss left until `until` (never below 0). */
export function timeLeft(until: number, now: number): string {
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Until when an unpaid order holds its items, and the time left, ticking; `onExpired` once it runs out. */
export function PayBy({ payBy, onExpired }: { payBy: string; onExpired?: () => void }) {
  const until = Date.parse(payBy);
  const [now, setNow] = useState(() => Date.now());
  const over = now >= until;
  useEffect(() => {
    if (over) {
      onExpired?.();
      return;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when the time runs out
  }, [over]);
  const at = formatTime(until);
  if (over) return <p>The time to pay has run out.</p>;
  return (
    <p>
      Your items are held for you until {at}:{' '}
      <strong role="timer" aria-live="off" style={{ fontVariantNumeric: 'tabular-nums' }}>
        {timeLeft(until, now)}
      </strong>{' '}
      left to pay.
    </p>
  );
}
