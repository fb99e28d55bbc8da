import { useSyncExternalStore } from 'react';

import { registerServiceWorker } from './register-sw';

/** Chromium's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface PwaState {
  /** The browser's deferred install prompt, when the store can be installed. */
  installEvent: BeforeInstallPromptEvent | null;
  /** A new version waits; calling this switches to it and reloads. */
  activateUpdate: (() => void) | null;
}

// An offer made before this module loaded was kept by the first script (install-offer.ts).
let state: PwaState = {
  installEvent: ((globalThis as { installOffer?: Event }).installOffer as BeforeInstallPromptEvent | undefined) ?? null,
  activateUpdate: null,
};
const listeners = new Set<() => void>();
const update = (next: Partial<PwaState>) => {
  state = { ...state, ...next };
  listeners.forEach((listener) => listener());
};

// Offers made from now on (a new one after a dismissed prompt, say). The browser's own mini-infobar
// is held back (preventDefault) so the store asks at a better moment (install-rules.ts). Not on
// the server, which renders pages without a window (src/ssr.tsx).
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    update({ installEvent: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => update({ installEvent: null }));
}

let started = false;

/** Registers the service worker, once per page. */
export function startPwa() {
  if (started) return;
  started = true;
  void registerServiceWorker({ onWaiting: (activate) => update({ activateUpdate: activate }) });
}

export const clearInstallEvent = () => update({ installEvent: null });

export const usePwaState = (): PwaState =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => state,
    () => state,
  );
