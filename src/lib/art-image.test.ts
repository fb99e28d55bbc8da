import { describe, expect, it } from 'vitest';

import { artImage, artVariantUrl, parseArtFile } from './art-image';

describe('artImage', () => {
  it('draws an illustration from its WebP variants at the size given', () => {
    expect(artImage('/images/products/amul-taaza-500-ml.svg', '160px')).toEqual({
      src: '/images/products/amul-taaza-500-ml-320.webp',
      srcSet:
        '/images/products/amul-taaza-500-ml-128.webp 128w, /images/products/amul-taaza-500-ml-320.webp 320w, /images/products/amul-taaza-500-ml-640.webp 640w',
      sizes: '160px',
    });
    expect(artImage('/images/categories/munchies.svg', '56px', 128).src).toBe('/images/categories/munchies-128.webp');
  });

  it('leaves an uploaded photo, or anything not an illustration, as it is', () => {
    const photo = '/images/photos/0123456789abcdef0123456789abcdef-320.webp';
    expect(artImage(photo, '160px')).toEqual({ src: photo });
    expect(artImage('https://cdn.example/x.svg', '160px')).toEqual({ src: 'https://cdn.example/x.svg' });
    expect(artImage('/images/products/../x.svg', '160px')).toEqual({ src: '/images/products/../x.svg' });
  });
});

describe('parseArtFile', () => {
  it('reads the SVG and each variant', () => {
    expect(parseArtFile('tomato-hybrid-500-g.svg')).toEqual({ slug: 'tomato-hybrid-500-g', width: null });
    expect(parseArtFile('tomato-hybrid-500-g-640.webp')).toEqual({ slug: 'tomato-hybrid-500-g', width: 640 });
    // A slug that ends in digits is still read whole.
    expect(parseArtFile('pack-of-128-128.webp')).toEqual({ slug: 'pack-of-128', width: 128 });
    expect(parseArtFile(artVariantUrl('/images/products/a-1.svg', 320).split('/').pop()!)).toEqual({
      slug: 'a-1',
      width: 320,
    });
  });

  it('refuses a width not offered, another format or a bad name', () => {
    for (const file of ['x-100.webp', 'x-320.png', 'x-320.avif', 'X.svg', '../x.svg', 'x.svg.webp', '-320.webp', 'x']) {
      expect(parseArtFile(file), file).toBeNull();
    }
  });
});
