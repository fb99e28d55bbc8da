import { lazy, Suspense, useEffect, useState } from 'react';

const Host = lazy(() => import('./PwaHost').then((m) => ({ default: m.PwaHost })));

/**
 * The PWA's notices and plumbing, fetched after the first render (page-weight budget). From the
 * first commit on: the server renders nothing here, and a hydrated page must start as it did.
 */
export function LazyPwaHost() {
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  return started ? (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  ) : null;
}
