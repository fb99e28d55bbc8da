import { describe, expect, it } from 'vitest';

import { pickPreviewImages } from './catalog';

const item = (image: string, inStock = true) => ({ image, inStock });

describe('pickPreviewImages', () => {
  it('takes one product of each sub-category in turn', () => {
    expect(pickPreviewImages([[item('a1'), item('a2')], [item('b1'), item('b2')], [item('c1')]], 4)).toEqual([
      'a1',
      'b1',
      'c1',
      'a2',
    ]);
  });

  it('puts in-stock products first and never repeats an image', () => {
    expect(
      pickPreviewImages(
        [
          [item('a1', false), item('a2')],
          [item('b1'), item('b1')],
        ],
        4,
      ),
    ).toEqual(['b1', 'a2', 'a1']);
  });

  it('copes with empty sub-categories', () => {
    expect(pickPreviewImages([[], []])).toEqual([]);
  });
});
