import { lazy, Suspense, useEffect, useState } from 'react';

import { prefetch, retryingImport } from '../../../lib/retrying-import';
import { usePopup } from '../../popups';
import { useCartRefresh } from '../use-cart';

const loadPanel = retryingImport(() => import('./CartPanel'));
const LazyCartPanel = lazy(() => loadPanel().then((m) => ({ default: m.CartPanel })));

/**
 * Keeps the cart honest on every page (price refresh) and mounts the panel itself, with its
 * sheet, bill and dialogs, only once it is wanted. Its code is fetched while the browser is
 * idle, so the first tap on the cart opens it at once without adding to the first load.
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
  useCartRefresh(isOpen);

  useEffect(() => {
    if (typeof requestIdleCallback === 'undefined') {
      const timer = setTimeout(() => prefetch(loadPanel), 2000);
      return () => clearTimeout(timer);
    }
    const id = requestIdleCallback(() => prefetch(loadPanel), { timeout: 5000 });
    return () => cancelIdleCallback(id);
  }, []);

  return mounted ? <LazyCartPanel /> : null;
}
