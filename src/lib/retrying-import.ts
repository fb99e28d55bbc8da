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

/** How many times one stylesheet is fetched again before it is left alone (a file gone for good). */
const SHEET_TRIES = 3;
const sheetTries = new WeakMap<HTMLLinkElement, number>();

/**
 * Fetches each failed stylesheet again with a new link; the old one goes once it has loaded. The
 * import waits for them, so that a part never shows without its styles, and tries again later if
 * one fails again. A sheet is fetched at most SHEET_TRIES more times, then left alone: it may be
 * another part's, or gone for good, and must not hold up every part.
 */
const refetchFailedSheets = () =>
  Promise.all(
    [...failedSheets].map((failed) => {
      failedSheets.delete(failed);
      const tries = (sheetTries.get(failed) ?? 0) + 1;
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      if (failed.crossOrigin !== null) link.crossOrigin = failed.crossOrigin;
      link.href = failed.href;
      return new Promise<void>((resolve, reject) => {
        link.onload = () => {
          failed.remove();
          resolve();
        };
        link.onerror = () => {
          failedSheets.delete(link);
          link.remove();
          sheetTries.set(failed, tries);
          // The last try: left alone, and the import goes ahead without it.
          if (tries >= SHEET_TRIES) return resolve();
          failedSheets.add(failed);
          reject(new Error(`Unable to load ${failed.href}`));
        };
        if (failed.isConnected) failed.after(link);
        else document.head.append(link);
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
