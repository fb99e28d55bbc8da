import { lazy, startTransition, Suspense, useEffect, useState } from 'react';

import { retryingImport } from '../../../lib/retrying-import';

const Host = lazy(retryingImport(() => import('./PwaHost').then((m) => ({ default: m.PwaHost }))));

/**
 * The PWA's notices and plumbing, fetched after the first render (page-weight budget). A page
 * the server rendered has nothing here, so its hydration (decision 044) renders nothing here
 * either; the host comes in a render of its own after that commit, a transition that yields to
 * the browser (not the synchronous render React gives a store whose value differs from the
 * server's, which made the start's longest task after the hydration, issue 20).
 */
export function LazyPwaHost() {
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => startTransition(() => setInBrowser(true)), []);
  return inBrowser ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
