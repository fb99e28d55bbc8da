import { useEffect, useState } from 'react';

import { useOnline } from '../../../lib/use-online';
import { placedAt } from '../format';
import * as styles from './Orders.css';

/** How long the live stream may be down before the page says its status may be behind. */
const GRACE_MS = 5000;

/**
 * Offline, or cut off from the live stream for a while: the order page shows the last status it
 * knows, and says when it last heard (issue 19). It catches up by itself when the connection is
 * back (the stream replays what was missed and the order is fetched again).
 */
export function StaleNote({ connected, updatedAt }: { connected: boolean; updatedAt: number }) {
  const online = useOnline();
  const [cutOff, setCutOff] = useState(false);
  useEffect(() => {
    if (connected) return;
    const timer = setTimeout(() => setCutOff(true), GRACE_MS);
    return () => {
      clearTimeout(timer);
      setCutOff(false);
    };
  }, [connected]);
  if (online && !cutOff) return null;
  const when = placedAt(new Date(updatedAt).toISOString());
  return (
    <p className={styles.stale} role="status">
      Last updated {when.date} at {when.time}.{' '}
      {online ? 'Reconnecting for the latest status…' : 'You are offline: this may not be the latest status.'}
    </p>
  );
}
