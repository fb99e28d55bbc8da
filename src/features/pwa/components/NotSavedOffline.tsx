import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { Button } from '../../../components/Button';
import { MessageScreen } from '../../../components/MessageScreen';
import { useOnline } from '../../../lib/use-online';
import { usePopup } from '../../popups';
import { OFFLINE_TEXT, pageIsWaiting } from '../offline-wait';
import * as styles from './Pwa.css';

const CHECK_EVERY_MS = 150;
/** Visited pages open from the saved copies in well under this; a page still waiting has none. */
const WAIT_MS = 400;

/**
 * Offline, a page never visited has nothing saved to show: its loader or query waits for the
 * connection and only a spinner turned. Once a page has waited a moment offline, this takes the
 * place of its content: it says so and offers what is saved (back, the home page, the cart). When
 * the connection returns it goes, and the page completes by itself. Not before the saved data
 * has been read back (`restored`): until then a page seen before only looks unsaved.
 */
export function NotSavedOffline({ restored }: { restored: boolean }) {
  const online = useOnline();
  const router = useRouter();
  const cart = usePopup('cart');
  const [waiting, setWaiting] = useState(false);
  // Each spell offline starts afresh.
  const [wasOnline, setWasOnline] = useState(online);
  if (wasOnline !== online) {
    setWasOnline(online);
    setWaiting(false);
  }

  useEffect(() => {
    if (online || !restored) return;
    let since: number | null = null;
    const check = () => {
      const main = document.getElementById('main');
      const now = performance.now();
      const state = router.state;
      const page = pageIsWaiting({
        routerLoading: state.status === 'pending' || state.isLoading,
        // The Spinner's live region (not its class: naming it here would cost the first load bytes).
        spinner: main?.querySelector('[role="status"][aria-live="polite"]') != null,
        heading: main?.querySelector('h1') != null,
      });
      since = page ? (since ?? now) : null;
      setWaiting(since !== null && now - since >= WAIT_MS);
    };
    const timer = window.setInterval(check, CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [online, restored, router]);

  const main = typeof document === 'undefined' ? null : document.getElementById('main');
  if (online || !waiting || !main) return null;
  return createPortal(
    <div className={styles.notSaved}>
      <MessageScreen
        title={OFFLINE_TEXT.title}
        actions={
          <>
            {router.history.canGoBack() && (
              <Button tone="outline" onClick={() => router.history.back()}>
                {OFFLINE_TEXT.back}
              </Button>
            )}
            <Button tone="outline" onClick={() => void router.navigate({ to: '/' })}>
              {OFFLINE_TEXT.home}
            </Button>
            <Button onClick={() => void cart.open()}>{OFFLINE_TEXT.cart}</Button>
          </>
        }
      >
        {OFFLINE_TEXT.body}
      </MessageScreen>
    </div>,
    main,
  );
}
