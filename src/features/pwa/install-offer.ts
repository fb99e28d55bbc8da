/**
 * Chromium offers installation (`beforeinstallprompt`) as soon as it has read the manifest, often
 * before the install invitation's code, a lazily loaded chunk, has arrived. The first script keeps
 * the offer (and holds back the browser's own mini-infobar) until the invitation takes it over
 * (pwa-store.ts). Not in the server's build, which renders pages without a window.
 */
export let earlyInstallOffer: Event | undefined;

if (!import.meta.env.SSR)
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    earlyInstallOffer = event;
  });
