// The offline page opens the page asked for by itself once the server can be reached again.
//
// The browser's `online` event alone is not enough: on a weak mobile signal the phone says it is
// online while requests still fail (the page was shown because one did), and then the event never
// comes. So the page asks the server for its health check, at once when the browser says it is
// back online, and every few seconds (2, 4, 8, then 15 s) while it says it is; it reloads only
// when an answer gets through. Going offline stops the tries. Opened at its own address, there
// is no other page to open.
(() => {
  if (window.location.pathname === '/offline.html') return;
  const WAITS_MS = [2000, 4000, 8000, 15000];
  let tries = 0;
  let timer;
  let probing = false;

  const schedule = () => {
    clearTimeout(timer);
    if (!navigator.onLine) return;
    timer = setTimeout(probe, WAITS_MS[Math.min(tries, WAITS_MS.length - 1)]);
  };

  const probe = async () => {
    if (probing || !navigator.onLine) return;
    probing = true;
    clearTimeout(timer);
    try {
      const response = await fetch('/healthz', { cache: 'no-store' });
      if (response.ok) {
        window.location.reload();
        return;
      }
    } catch {
      // Still cannot reach the server: try again later.
    } finally {
      probing = false;
    }
    tries += 1;
    schedule();
  };

  window.addEventListener('online', () => {
    tries = 0;
    void probe();
  });
  window.addEventListener('offline', () => clearTimeout(timer));
  schedule();
})();
