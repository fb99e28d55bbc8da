import 'keen-slider/keen-slider.min.css';

import { useKeenSlider } from 'keen-slider/react';
import { useMemo, useState, type ReactNode } from 'react';

import type { Product } from '../../../../server/schemas/product';
import {
  CAROUSEL_BREAKPOINTS,
  CAROUSEL_DEFAULT,
  CAROUSEL_SPACING_PX as SPACING,
  CAROUSEL_SPEED_MS,
  carouselStepFor,
} from '../carousel-settings';
import { ProductCard } from './ProductCard';
import * as styles from './ProductCarousel.css';

interface Props {
  products: Product[];
  label: string;
  renderAction?: (product: Product) => ReactNode;
}

const breakpoints = Object.fromEntries(
  CAROUSEL_BREAKPOINTS.map((bp) => [
    `(max-width: ${bp.maxWidth}px)`,
    { slides: { perView: bp.perView, spacing: SPACING } },
  ]),
);

/** A horizontal product strip (keen-slider): no dots, arrows on large screens only. */
export function ProductCarousel({ products, label, renderAction }: Props) {
  const [position, setPosition] = useState({ index: 0, maxIndex: 0 });
  const [sliderRef, slider] = useKeenSlider<HTMLUListElement>({
    mode: 'snap',
    rubberband: false,
    defaultAnimation: { duration: CAROUSEL_SPEED_MS },
    slides: { perView: CAROUSEL_DEFAULT.perView, spacing: SPACING },
    breakpoints,
    // Called on every frame of a drag or a slide: the arrows change only at the ends.
    detailsChanged(s) {
      const { rel: index, maxIdx: maxIndex } = s.track.details;
      setPosition((now) => (now.index === index && now.maxIndex === maxIndex ? now : { index, maxIndex }));
    },
  });

  // The cards do not change with the slider's state (where it stands, the arrows' ends): without this, each
  // of those changes drew every card again, 24 of them on `/` just after the page was hydrated.
  const slides = useMemo(
    () =>
      products.map((product) => (
        <li key={product.id} className={`keen-slider__slide ${styles.slide}`}>
          <ProductCard product={product} action={renderAction?.(product)} />
        </li>
      )),
    [products, renderAction],
  );

  const move = (direction: 1 | -1) => {
    const instance = slider.current;
    if (!instance) return;
    const { scroll } = carouselStepFor(window.innerWidth);
    const target = Math.max(
      0,
      Math.min(instance.track.details.maxIdx, instance.track.details.rel + direction * scroll),
    );
    instance.moveToIdx(target, true, { duration: CAROUSEL_SPEED_MS });
  };

  return (
    <div className={styles.root} role="region" aria-roledescription="carousel" aria-label={label}>
      <button
        type="button"
        className={styles.prev}
        onClick={() => move(-1)}
        disabled={position.index <= 0}
        aria-label="Previous products"
      >
        ‹
      </button>
      {/* The CSS layout stands in for each slide until keen-slider has placed it (styles.slide). */}
      <ul ref={sliderRef} className={`keen-slider ${styles.track}`}>
        {slides}
      </ul>
      <button
        type="button"
        className={styles.next}
        onClick={() => move(1)}
        disabled={position.index >= position.maxIndex}
        aria-label="Next products"
      >
        ›
      </button>
    </div>
  );
}
