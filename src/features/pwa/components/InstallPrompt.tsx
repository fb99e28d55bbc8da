import { useRef } from 'react';

import { Button } from '../../../components/Button';
import { focusStandIn } from '../../../components/Dialog';
import * as styles from './Pwa.css';

interface Props {
  /** iOS Safari: no install prompt, only instructions. */
  ios: boolean;
  onInstall: () => void;
  onDismiss: () => void;
}

/** The invitation to add the store to the home screen (when: install-rules.ts). */
export function InstallPrompt({ ios, onInstall, onDismiss }: Props) {
  const ref = useRef<HTMLElement>(null);
  /** The invitation goes: focus on one of its buttons goes to the page, not to the body. */
  const leaving = (then: () => void) => () => {
    if (ref.current?.contains(document.activeElement)) focusStandIn(null);
    then();
  };
  return (
    <section ref={ref} className={styles.prompt} aria-labelledby="pwa-install-title">
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
        <Button tone="outline" size="sm" onClick={leaving(onDismiss)}>
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
