/**
 * Chromium offers installation (`beforeinstallprompt`) as soon as it has read the manifest, often
 * before the install invitation's code, a lazily loaded chunk, has arrived. The first script keeps
 * the offer on `window.installOffer` (and holds back the browser's own mini-infobar) until the
 * invitation takes it over (pwa-store.ts). Not in the server's build, which has no window. A
 * window property rather than a module export: the first load has no bytes to spare (decision 039).
 */
if (!import.meta.env.SSR)
  addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    (window as { installOffer?: Event }).installOffer = event;
  });
