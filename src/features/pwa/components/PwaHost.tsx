import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { canInviteInstall } from '../update-rules';
import { usePopup } from '../../popups';
import { countVisit, isIosSafari, readDismissedAt, rememberDismissal, shouldInviteInstall } from '../install-rules';
import { clearInstallEvent, startPwa, usePwaState } from '../pwa-store';
import { InstallPrompt } from './InstallPrompt';
import { NotSavedOffline } from './NotSavedOffline';
import { OfflineBanner } from './OfflineBanner';
import * as styles from './Pwa.css';
import { UpdatePrompt } from './UpdatePrompt';

/**
 * Settles once the saved query cache has been read back, or could not be: once for the page's
 * life, however often this host mounts.
 */
let restoring: Promise<void> | null = null;

/** Storage may be blocked (private mode, policies): then every visit is a first one. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches ||
  (navigator as Navigator & { standalone?: boolean }).standalone === true;

/**
 * Everything that makes the store an app, loaded after the first render: the service worker and
 * its update prompt, the saved query cache, the offline banner, the install invitation and the
 * manifest's cart shortcut (/?cart=open).
 */
export function PwaHost() {
  const queryClient = useQueryClient();
  const [restored, setRestored] = useState(false);
  const router = useRouter();
  const cart = usePopup('cart');
  const { installEvent, activateUpdate } = usePwaState();
  const [visits] = useState(() => safely(() => countVisit(localStorage, sessionStorage), 1));
  const [dismissedAt, setDismissedAt] = useState(() => safely(() => readDismissedAt(localStorage), null));
  const [ios] = useState(() => isIosSafari(navigator.userAgent, navigator.maxTouchPoints));
  const [openedAt] = useState(() => Date.now());
  const [standalone] = useState(isStandalone);
  // Opening the cart is the sign of a shopper; the invitation waits until it is closed again.
  const [openedCart, setOpenedCart] = useState(false);
  if (cart.isOpen && !openedCart) setOpenedCart(true);
  // The shopper's first touch, click, key or wheel on this page (install-rules.ts): only what a
  // person does, not a scroll the app makes.
  const [engaged, setEngaged] = useState(false);
  useEffect(() => {
    if (engaged) return;
    const inputs = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
    const onInput = () => setEngaged(true);
    for (const type of inputs) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      for (const type of inputs) window.removeEventListener(type, onInput, { capture: true });
    };
  }, [engaged]);

  useEffect(() => {
    startPwa();
    restoring ??= new Promise<void>((resolve) => {
      import('../persist-queries')
        .then(({ persistQueries }) => persistQueries(queryClient, resolve))
        .catch((error: unknown) => {
          console.info('Saved data could not be restored', error);
          resolve();
        });
    });
    let mounted = true;
    void restoring.then(() => {
      if (mounted) setRestored(true);
      // Offline, a loader that asked the network before the restore still waits for the
      // connection, whatever the restore brought: run the page's loaders again, which find it.
      const { status, matches } = router.state;
      if (onlineManager.isOnline() || (status !== 'pending' && !matches.some((match) => match.status === 'error'))) {
        return;
      }
      router.invalidate().catch((error: unknown) => console.info('The page could not be loaded again', error));
    });
    return () => {
      mounted = false;
    };
  }, [queryClient, router]);

  // The manifest's "Cart" shortcut: open the cart, then drop the parameter from the address.
  const openCart = cart.open;
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('cart') !== 'open') return;
    url.searchParams.delete('cart');
    router.history.replace(`${url.pathname}${url.search}${url.hash}`);
    void openCart();
  }, [router, openCart]);

  // Not over checkout's "Place order"; a packing-station tablet is not a shopper (decision 038).
  const invitable = useRouterState({ select: (state) => canInviteInstall(state.location.pathname) });
  const invite =
    invitable &&
    !cart.isOpen &&
    (installEvent !== null || ios) &&
    shouldInviteInstall({ visits, openedCart, engaged, dismissedAt, now: openedAt, standalone });

  const dismiss = () => {
    const now = Date.now();
    safely(() => rememberDismissal(localStorage, now), undefined);
    setDismissedAt(now);
  };

  const install = async () => {
    if (!installEvent) return;
    await installEvent.prompt();
    const { outcome } = await installEvent.userChoice;
    // The browser's prompt can be used once.
    clearInstallEvent();
    if (outcome === 'dismissed') dismiss();
  };

  return (
    <div className={styles.region}>
      <OfflineBanner />
      <NotSavedOffline restored={restored} />
      {activateUpdate ? (
        <UpdatePrompt onUpdate={activateUpdate} />
      ) : (
        invite && (
          <InstallPrompt ios={ios && installEvent === null} onInstall={() => void install()} onDismiss={dismiss} />
        )
      )}
    </div>
  );
}
