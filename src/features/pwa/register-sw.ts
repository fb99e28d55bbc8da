import { Workbox } from 'workbox-window';

/** Registers the service worker built from sw/sw.ts (production builds only). */
export function registerServiceWorker(): Workbox | undefined {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return undefined;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.register().catch((error: unknown) => {
    // The store works without a service worker; it only loses offline support.
    console.info('Service worker registration failed', error);
  });
  return wb;
}
