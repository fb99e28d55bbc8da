import type { Workbox } from 'workbox-window';

export interface RegisterOptions {
  /**
   * A new version is installed and waiting. Calling `activate` makes it take over; the page
   * reloads once it controls the page.
   */
  onWaiting: (activate: () => void) => void;
}

/**
 * Registers the service worker built from sw/sw.ts (production builds only), after the page has
 * loaded so that it never competes with the first render; workbox-window loads only then too.
 */
export function registerServiceWorker({ onWaiting }: RegisterOptions): Promise<Workbox | undefined> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  const whenLoaded =
    document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise<void>((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return whenLoaded.then(async () => {
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    // Before register(): a worker already waiting from an earlier visit is reported too.
    wb.addEventListener('waiting', () =>
      onWaiting(() => {
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      }),
    );
    // A tab left open for days still hears about new versions.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible' && navigator.onLine) void wb.update().catch(() => {});
    });
    const register = async (): Promise<void> => {
      try {
        await wb.register();
      } catch (error) {
        // The store works without a service worker; it only loses offline support until then.
        console.info('Service worker registration failed', error);
        // Most often the connection dropped just as the page registered: try again when it returns.
        window.addEventListener('online', () => void register(), { once: true });
      }
    };
    await register();
    return wb;
  });
}
