/**
 * Spec: 6.5 items visible and 6 scrolled by default; 3 and 3 at widths up to 1024 and up to
 * 768; 2.5 and 2 at widths up to 480. Arrows on large screens only, no dots, speed 1000 ms.
 */
export const CAROUSEL_SPEED_MS = 1000;

/** The gap between two cards, in px (keen-slider's `spacing`). */
export const CAROUSEL_SPACING_PX = 12;

export interface CarouselStep {
  perView: number;
  scroll: number;
}

export const CAROUSEL_DEFAULT: CarouselStep = { perView: 6.5, scroll: 6 };

/** Narrowest last, so that the last matching entry wins (as keen-slider applies them). */
export const CAROUSEL_BREAKPOINTS: ReadonlyArray<CarouselStep & { maxWidth: number }> = [
  { maxWidth: 1024, perView: 3, scroll: 3 },
  { maxWidth: 768, perView: 3, scroll: 3 },
  { maxWidth: 480, perView: 2.5, scroll: 2 },
];

export function carouselStepFor(width: number): CarouselStep {
  let step = CAROUSEL_DEFAULT;
  for (const bp of CAROUSEL_BREAKPOINTS) if (width <= bp.maxWidth) step = { perView: bp.perView, scroll: bp.scroll };
  return step;
}
