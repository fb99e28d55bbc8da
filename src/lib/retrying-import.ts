/**
 * Code-split parts of the page arrive over the shopper's connection, which on mobile data drops
 * for a moment now and then (decision 056). Left alone, one failed download does lasting harm:
 * React keeps a lazy component's failure, so the page falls to its error screen, and Vite's
 * preload never asks again for a stylesheet that failed, so the part shows unstyled ever after.
 */

/** Stylesheet links whose download failed, to be fetched again before the next import. */
const failedSheets = new Set<HTMLLinkElement>();

if (typeof document !== 'undefined') {
  // `error` does not bubble; seen while capturing, from the links Vite adds and any other.
  document.addEventListener(
    'error',
    (event) => {
      const link = event.target;
      if (link instanceof HTMLLinkElement && link.rel === 'stylesheet') failedSheets.add(link);
    },
    true,
  );
}

/** Fetches each failed stylesheet again with a new link; the old one goes once it has loaded. */
const refetchFailedSheets = () =>
  Promise.all(
    [...failedSheets].map((failed) => {
      failedSheets.delete(failed);
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = failed.href;
      return new Promise<void>((resolve, reject) => {
        link.onload = () => {
          failed.remove();
          resolve();
        };
        link.onerror = () => {
          failedSheets.delete(link);
          link.remove();
          failedSheets.add(failed);
          reject(new Error(`Unable to load ${failed.href}`));
        };
        failed.after(link);
      });
    }),
  );

/** Failed tries allowed while the browser says it is online (about 15 s of backing off). */
export const ONLINE_ATTEMPTS = 5;
const FIRST_WAIT_MS = 1000;

/**
 * Waits before the next try: for the connection to come back when the browser is offline (a wait
 * that does not count as a try), else 1, 2, 4, 8 s, ending early if the connection returns.
 */
const waitToRetry = (onlineFailures: number) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = navigator.onLine ? setTimeout(done, FIRST_WAIT_MS * 2 ** (onlineFailures - 1)) : undefined;
    window.addEventListener('online', done);
  });

/**
 * A loader for a code-split part that shares one download among its callers and tries again when
 * the download fails: while offline it waits for the connection, online it gives up after
 * `ONLINE_ATTEMPTS` failures (a file that is gone after a release), and the next call starts over.
 * Failed stylesheets are fetched again before each try.
 */
export function retryingImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  const attempt = async (): Promise<T> => {
    for (let onlineFailures = 0; ;) {
      try {
        if (failedSheets.size > 0) await refetchFailedSheets();
        return await load();
      } catch (error) {
        if (typeof window === 'undefined') throw error;
        if (navigator.onLine && ++onlineFailures >= ONLINE_ATTEMPTS) throw error;
        await waitToRetry(Math.max(onlineFailures, 1));
      }
    }
  };
  return () =>
    (pending ??= attempt().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/** Starts a download ahead of need; a failure is left for the real use to retry and report. */
export const prefetch = (load: () => Promise<unknown>) => {
  load().catch(() => {});
};
