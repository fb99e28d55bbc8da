import { useCallback, useEffect, useState } from 'react';

/** '0:29': minutes and zero-padded seconds. */
export const formatCountdown = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * Spec point 4: the resend countdown. Counts whole seconds down to `initialEndsAt` (epoch ms),
 * when resend becomes available; restart(seconds) starts it again. Measured against the clock,
 * so a throttled background tab still shows the right time when it comes back.
 */
export function useResendTimer(initialEndsAt: number) {
  const [endsAt, setEndsAt] = useState(initialEndsAt);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  const counting = remaining > 0;

  // Ticks only while counting; a restart (new endsAt) starts a fresh one-second rhythm.
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [counting, endsAt]);

  const restart = useCallback((seconds: number) => {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + seconds * 1000);
  }, []);

  return { remaining, canResend: remaining === 0, restart };
}
