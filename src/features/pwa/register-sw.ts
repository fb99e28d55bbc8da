import type { Workbox } from 'workbox-window';

/**
 * Registers the service worker built from sw/sw.ts (production builds only), after the page has
 * loaded so that it never competes with the first render; workbox-window loads only then too.
 */
export function registerServiceWorker(): Promise<Workbox | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  const whenLoaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return whenLoaded.then(async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    try {
      await wb.register();
    } catch (error) {
      // The store works without a service worker; it only loses offline support.
      console.info('Service worker registration failed', error);
    }
    return wb;
  });
}
