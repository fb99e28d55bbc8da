import { useOnline } from '../lib/use-online';
import * as styles from './StalePriceNote.css';

/** Beside a price shown offline: it comes from this device's copy and may have changed. */
export function StalePriceNote() {
  const online = useOnline();
  if (online) return null;
  return <p className={styles.staleNote}>Saved price from your last visit; it may have changed since.</p>;
}
