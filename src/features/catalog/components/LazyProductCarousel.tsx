import { lazy, Suspense, useState, type ComponentProps } from 'react';

import { retryingImport } from '../../../lib/retrying-import';
import type { ProductCarousel as Carousel } from './ProductCarousel';
import { placeholder } from './LazyProductCarousel.css';

let loaded: typeof Carousel | undefined;
const load = retryingImport(() =>
  import('./ProductCarousel').then((m) => {
    loaded = m.ProductCarousel;
    return m;
  }),
);
const ProductCarouselImpl = lazy(() => load().then((m) => ({ default: m.ProductCarousel })));

/**
 * The carousel's chunk, for a route that shows one near the top to wait for in its loader: it
 * comes with the data instead of after the first render, and a page the server rendered is
 * hydrated with the carousel in the same pass, its buttons working at once (a click on a part
 * still waiting for its code would be lost).
 */
export const loadProductCarousel = (): Promise<unknown> => load();

/**
 * The carousel with keen-slider loads as its own chunk: it sits below the category tiles and
 * promos, so the page can paint before the slider's code arrives. The placeholder keeps the
 * carousel's height so nothing jumps when it does; it is the same named region, marked busy
 * (a name alone is not allowed on a plain element).
 */
export function ProductCarousel(props: ComponentProps<typeof Carousel>) {
  // The code itself once it is here, without a boundary of its own (a boundary is hydrated in a
  // later pass than the page around it); chosen once so that it never remounts.
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={<div className={placeholder} role="region" aria-busy="true" aria-label={props.label} />}>
      <ProductCarouselImpl {...props} />
    </Suspense>
  );
}
