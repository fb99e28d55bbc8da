import { useRouterState } from '@tanstack/react-router';
import { useState } from 'react';

import { Button } from '../../../components/Button';
import { canOfferUpdate } from '../update-rules';
import * as styles from './Pwa.css';

interface Props {
  /** Tells the waiting worker to take over; the page reloads once it has. */
  onUpdate: () => void;
}

/** A new version is installed and waiting. Not offered at checkout (update-rules.ts). */
export function UpdatePrompt({ onUpdate }: Props) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const [later, setLater] = useState(false);
  const [updating, setUpdating] = useState(false);
  if (later || !canOfferUpdate(pathname)) return null;
  return (
    <section className={styles.prompt} aria-labelledby="pwa-update-title">
      <h2 id="pwa-update-title" className={styles.promptTitle}>
        Update available
      </h2>
      <p className={styles.promptText}>A new version of QuickCart is ready. Your cart stays as it is.</p>
      <div className={styles.promptActions}>
        <Button tone="outline" size="sm" onClick={() => setLater(true)}>
          Later
        </Button>
        <Button
          size="sm"
          disabled={updating}
          aria-busy={updating || undefined}
          onClick={() => {
            setUpdating(true);
            onUpdate();
          }}
        >
          Reload
        </Button>
      </div>
    </section>
  );
}
