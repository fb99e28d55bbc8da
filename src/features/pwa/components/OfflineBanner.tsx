import { useEffect, useState } from 'react';

import { useOnline } from '../../../lib/use-online';
import * as styles from './Pwa.css';

const BACK_ONLINE_MS = 3000;

/**
 * Says when the connection drops (and that saved prices may be out of date), then briefly that
 * it is back. A live region, so screen readers hear both.
 */
export function OfflineBanner() {
  const online = useOnline();
  const [wasOffline, setWasOffline] = useState(!online);
  const [showBack, setShowBack] = useState(false);

  if (!online && !wasOffline) setWasOffline(true);
  if (online && wasOffline) {
    setWasOffline(false);
    setShowBack(true);
  }

  useEffect(() => {
    if (!showBack) return;
    const timer = window.setTimeout(() => setShowBack(false), BACK_ONLINE_MS);
    return () => window.clearTimeout(timer);
  }, [showBack]);

  return (
    <div role="status" aria-live="polite">
      {!online && (
        <p className={styles.banner}>
          You are offline. Pages you have visited still open; prices shown may be out of date.
        </p>
      )}
      {online && showBack && <p className={`${styles.banner} ${styles.bannerOnline}`}>You are back online.</p>}
    </div>
  );
}
