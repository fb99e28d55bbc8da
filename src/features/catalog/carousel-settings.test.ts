import { describe, expect, it } from 'vitest';

import { carouselStepFor } from './carousel-settings';

describe('carouselStepFor', () => {
  it.each([
    [1440, 6.5, 6],
    [1025, 6.5, 6],
    [1024, 3, 3],
    [800, 3, 3],
    [768, 3, 3],
    [481, 3, 3],
    [480, 2.5, 2],
    [360, 2.5, 2],
  ])('at %i px shows %d and scrolls %d', (width, perView, scroll) => {
    expect(carouselStepFor(width)).toEqual({ perView, scroll });
  });
});
