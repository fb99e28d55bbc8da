import { lazy, Suspense, useEffect, useState } from 'react';

import { retryingImport } from '../../../lib/retrying-import';
import { usePopup } from '../../popups';

const loadPanel = retryingImport(() => import('./CartPanel'));
const LazyCartPanel = lazy(() => loadPanel().then((m) => ({ default: m.CartPanel })));
const LazyCartRefresh = lazy(() => loadPanel().then((m) => ({ default: m.CartRefresh })));

/**
 * Keeps the cart honest on every page (price refresh) and mounts the panel itself, with its
 * sheet, bill and dialogs, only once it is wanted. Its code is fetched while the browser is
 * idle, so the first tap on the cart opens it at once without adding to the first load. The
 * refresh comes with that code: it starts once the code is here (or the panel opens), a few
 * seconds after the page at most, and no page waits for it.
 */
export function CartPanelHost() {
  return (
    <Suspense fallback={null}>
      <CartPanelGate />
    </Suspense>
  );
}

function CartPanelGate() {
  const { isOpen } = usePopup('cart');
  const [mounted, setMounted] = useState(isOpen);
  if (isOpen && !mounted) setMounted(true);
  // The panel's code is here: the refresh can run without suspending on a download that fails.
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    // A failed download is left for the panel's own use to retry and report.
    const load = () =>
      loadPanel().then(
        () => setLoaded(true),
        () => {},
      );
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(load, 2000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(load, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);

  return (
    <>
      {(loaded || mounted) && <LazyCartRefresh panelOpen={isOpen} />}
      {mounted ? <LazyCartPanel /> : null}
    </>
  );
}
