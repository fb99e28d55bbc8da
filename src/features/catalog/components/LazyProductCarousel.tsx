import { lazy, Suspense, type ComponentProps } from 'react';

import type { ProductCarousel as Carousel } from './ProductCarousel';
import { placeholder } from './LazyProductCarousel.css';

const ProductCarouselImpl = lazy(() => import('./ProductCarousel').then((m) => ({ default: m.ProductCarousel })));

/**
 * The carousel with keen-slider loads as its own chunk: it sits below the category tiles and
 * promos, so the page can paint before the slider's code arrives. The placeholder keeps the
 * carousel's height so nothing jumps when it does; it is the same named region, marked busy
 * (a name alone is not allowed on a plain element).
 */
export function ProductCarousel(props: ComponentProps<typeof Carousel>) {
  return (
    <Suspense fallback={<div className={placeholder} role="region" aria-busy="true" aria-label={props.label} />}>
      <ProductCarouselImpl {...props} />
    </Suspense>
  );
}
