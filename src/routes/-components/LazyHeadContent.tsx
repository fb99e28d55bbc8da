import { lazy, Suspense } from 'react';

const HeadContent = lazy(() => import('./head-content'));

/**
 * The routes' `head()` tags (today only the document title), rendered by the router's
 * HeadContent once its code has loaded. index.html carries a title already, so nothing on the
 * first screen waits for it; loaded lazily it keeps about 1.4 KB gzip off the first load of `/`
 * (decision 021).
 */
export function LazyHeadContent() {
  return (
    <Suspense fallback={null}>
      <HeadContent />
    </Suspense>
  );
}
