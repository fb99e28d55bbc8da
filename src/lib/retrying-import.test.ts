import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ONLINE_ATTEMPTS, prefetch, retryingImport } from './retrying-import';

const networkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/CartPanel.js');

let online = true;

/** happy-dom loads no stylesheet: it answers each new link with `error`, or with `load` when told to. */
const sheetsWill = (outcome: 'load' | 'fail') => {
  (
    window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
  ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = outcome === 'load';
};

/** A stylesheet link in the head, as Vite's preload adds one. */
function stylesheet(file: string, outcome: 'loads' | 'fails') {
  sheetsWill(outcome === 'loads' ? 'load' : 'fail');
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = `http://localhost/assets/${file}`;
  document.head.append(link);
  return link;
}

beforeEach(() => {
  vi.useFakeTimers();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  sheetsWill('fail');
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.head.replaceChildren();
});

describe('retryingImport', () => {
  it('shares one download among its callers', async () => {
    const load = vi.fn(async () => 'panel');
    const loader = retryingImport(load);
    const [first, second] = await Promise.all([loader(), loader()]);
    expect([first, second, await loader()]).toEqual(['panel', 'panel', 'panel']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed download, waiting 1 s, then 2 s', async () => {
    const load = vi.fn<() => Promise<string>>();
    load.mockRejectedValueOnce(networkError()).mockRejectedValueOnce(networkError()).mockResolvedValue('panel');
    const result = retryingImport(load)();

    await vi.advanceTimersByTimeAsync(999);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('panel');
  });

  it('offline, waits for the connection however long it takes, then loads', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValueOnce(networkError()).mockResolvedValue('panel');
    online = false;
    const result = retryingImport(load)();

    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(load).toHaveBeenCalledTimes(1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await expect(result).resolves.toBe('panel');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('online, gives up after its tries, and the next call starts over', async () => {
    const load = vi.fn<() => Promise<string>>().mockRejectedValue(networkError());
    const loader = retryingImport(load);
    const result = loader();
    const settled = expect(result).rejects.toThrow('Failed to fetch dynamically imported module');
    await vi.advanceTimersByTimeAsync(60_000);
    await settled;
    expect(load).toHaveBeenCalledTimes(ONLINE_ATTEMPTS);

    load.mockResolvedValue('panel');
    await expect(loader()).resolves.toBe('panel');
    expect(load).toHaveBeenCalledTimes(ONLINE_ATTEMPTS + 1);
  });

  it('fetches a stylesheet that failed again before the next try, and drops the failed link once it loads', async () => {
    const failed = stylesheet('CartPanel.css', 'fails');
    sheetsWill('load');
    const load = vi.fn(async () => 'panel');

    await expect(retryingImport(load)()).resolves.toBe('panel');
    const [again, ...others] = document.head.querySelectorAll('link');
    expect(others).toEqual([]);
    expect(again).not.toBe(failed);
    expect([again!.rel, again!.href]).toEqual(['stylesheet', failed.href]);
  });

  it('waits for the stylesheet before the import, keeping one that fails again for the try after', async () => {
    const failed = stylesheet('Dialog.css', 'fails');
    const load = vi.fn(async () => 'panel');
    const result = retryingImport(load)();
    await vi.advanceTimersByTimeAsync(0);
    // The part must not show unstyled: no import while its stylesheet is missing.
    expect(load).not.toHaveBeenCalled();
    expect([...document.head.querySelectorAll('link')]).toEqual([failed]);

    sheetsWill('load');
    await vi.advanceTimersByTimeAsync(1000);
    await expect(result).resolves.toBe('panel');
    expect(load).toHaveBeenCalledTimes(1);
    expect(document.head.querySelectorAll('link')).toHaveLength(1);
    expect(document.head.querySelector('link')).not.toBe(failed);
  });

  it('leaves a stylesheet alone after three more failures, and refetches one taken out of the page at the head', async () => {
    const gone = stylesheet('Old.css', 'fails');
    const load = vi.fn(async () => 'footer');
    const result = retryingImport(load)();
    // Fetched again at once, after 1 s and after 2 s, each failing; then the import goes ahead.
    await vi.advanceTimersByTimeAsync(3000);
    await expect(result).resolves.toBe('footer');
    expect(load).toHaveBeenCalledTimes(1);
    const created = vi.spyOn(document, 'createElement');
    await retryingImport(async () => 'last')();
    expect(created).not.toHaveBeenCalled();

    const detached = stylesheet('Footer.css', 'fails');
    detached.remove();
    sheetsWill('load');
    await expect(retryingImport(async () => 'footer')()).resolves.toBe('footer');
    const refetched = [...document.head.querySelectorAll('link')].filter((link) => link.href === detached.href);
    expect(refetched).toHaveLength(1);
    expect(refetched[0]).not.toBe(detached);
    expect(gone.isConnected).toBe(true);
  });
});

describe('prefetch', () => {
  it('leaves a failed download to the real use, without an unhandled rejection', async () => {
    vi.useRealTimers();
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      prefetch(() => Promise.reject(networkError()));
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });
});
