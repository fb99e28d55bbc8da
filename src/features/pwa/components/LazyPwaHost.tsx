import { lazy, Suspense } from 'react';

const Host = lazy(() => import('./PwaHost').then((m) => ({ default: m.PwaHost })));

/** The PWA's notices and plumbing, fetched after the first render (page-weight budget). */
export function LazyPwaHost() {
  return (
    <Suspense fallback={null}>
      <Host />
    </Suspense>
  );
}
