/**
 * Chromium offers installation (`beforeinstallprompt`) as soon as it has read the manifest, often
 * before the install invitation's code, a lazily loaded chunk, has arrived. The first script keeps
 * the offer (and holds back the browser's own mini-infobar) until the invitation takes it over
 * (pwa-store.ts). Not on the server, which renders pages without a window.
 */
export let earlyInstallOffer: Event | undefined;

if (typeof window !== 'undefined')
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    earlyInstallOffer = event;
  });
