import { Button } from '../../../components/Button';
import * as styles from './Pwa.css';

interface Props {
  /** iOS Safari: no install prompt, only instructions. */
  ios: boolean;
  onInstall: () => void;
  onDismiss: () => void;
}

/** The invitation to add the store to the home screen (when: install-rules.ts). */
export function InstallPrompt({ ios, onInstall, onDismiss }: Props) {
  return (
    <section className={styles.prompt} aria-labelledby="pwa-install-title">
      <h2 id="pwa-install-title" className={styles.promptTitle}>
        Install QuickCart
      </h2>
      {ios ? (
        <p className={styles.promptText}>
          Add the store to your home screen: tap the Share button, then choose Add to Home Screen.
        </p>
      ) : (
        <p className={styles.promptText}>
          Add the store to your home screen to open it in one tap, even on a weak connection.
        </p>
      )}
      <div className={styles.promptActions}>
        <Button tone="outline" size="sm" onClick={onDismiss}>
          Not now
        </Button>
        {!ios && (
          <Button size="sm" onClick={onInstall}>
            Install
          </Button>
        )}
      </div>
    </section>
  );
}
