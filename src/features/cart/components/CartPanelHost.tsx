import { useAtomValue } from 'jotai';
import { lazy, Suspense, useEffect, useState } from 'react';

import { retryingImport } from '../../../lib/retrying-import';
import { usePopup } from '../../popups';
import { cartItemsAtom } from '../atoms';

const loadPanel = retryingImport(() => import('./CartPanel'));
const LazyCartPanel = lazy(() => loadPanel().then((m) => ({ default: m.CartPanel })));
const LazyCartRefresh = lazy(() => loadPanel().then((m) => ({ default: m.CartRefresh })));

/**
 * Keeps the cart honest on every page (price refresh) and mounts the panel itself, with its
 * sheet, bill and dialogs, only once it is wanted. Its code is not part of the first load
 * (decision 070): with items in the cart it is fetched once the page has started, and the refresh
 * it carries runs as soon as it is here (the prices may have moved since the last visit); with an
 * empty cart, while the browser is idle, so that the first tap on the cart opens it at once.
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
  const hasItems = useAtomValue(cartItemsAtom).length > 0;

  useEffect(() => {
    // A failed download is left for the panel's own use to retry and report.
    const load = () =>
      loadPanel().then(
        () => setLoaded(true),
        () => {},
      );
    if (hasItems) return void load();
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(load, 2000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(load, { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, [hasItems]);

  return (
    <>
      {(loaded || mounted) && <LazyCartRefresh panelOpen={isOpen} />}
      {mounted ? <LazyCartPanel /> : null}
    </>
  );
}
