import { lazy, Suspense, useSyncExternalStore } from 'react';

import { retryingImport } from '../../../lib/retrying-import';

const Host = lazy(retryingImport(() => import('./PwaHost').then((m) => ({ default: m.PwaHost }))));

const unchanging = () => () => {};

/**
 * The PWA's notices and plumbing, fetched after the first render (page-weight budget). A page
 * the server rendered has nothing here: hydrating it (decision 044) renders nothing first too,
 * then the host (React renders again when the browser's value differs from the server's).
 */
export function LazyPwaHost() {
  const inBrowser = useSyncExternalStore(
    unchanging,
    () => true,
    () => false,
  );
  return inBrowser ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
