import { useEffect, useEffectEvent } from 'react';

/** Tries `retry` again when the browser reports the connection is back (DESIGN, section 7). */
export function useRetryWhenOnline(active: boolean, retry: () => void) {
  const onOnline = useEffectEvent(retry);
  useEffect(() => {
    if (!active) return;
    const handler = () => onOnline();
    window.addEventListener('online', handler);
    return () => window.removeEventListener('online', handler);
  }, [active]);
}
