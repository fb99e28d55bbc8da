import { describe, expect, it } from 'vitest';

import { firstLoadHints } from './first-load-hints';

const hint = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;

describe('firstLoadHints', () => {
  it("starts the home page's products and the categories with the HTML", () => {
    expect(firstLoadHints('/')).toEqual([hint('/api/category/public'), hint('/api/')]);
  });

  it('asks for the product a product page shows', () => {
    expect(firstLoadHints('/products/42')).toEqual([hint('/api/category/public'), hint('/api/product/public/42')]);
  });

  it("preloads a product page's picture when the server knows it", () => {
    // A picture that is not an illustration (not one of ours): as it is.
    expect(firstLoadHints('/products/42', '/images/elsewhere/tomato hybrid.png')).toEqual([
      hint('/api/category/public'),
      hint('/api/product/public/42'),
      '</images/elsewhere/tomato%20hybrid.png>; rel=preload; as=image; fetchpriority=high',
    ]);
    // Only a path on this server: never a hint to another origin.
    expect(firstLoadHints('/products/42', 'https://elsewhere.example/x.svg')).toHaveLength(2);
    expect(firstLoadHints('/products/42', null)).toHaveLength(2);
  });

  it('hints no answer for a page the server rendered: they come in the page; the photo still', () => {
    expect(firstLoadHints('/', null, true)).toEqual([]);
    expect(firstLoadHints('/products/42', '/images/elsewhere/tomato.png', true)).toEqual([
      '</images/elsewhere/tomato.png>; rel=preload; as=image; fetchpriority=high',
    ]);
  });

  it('preloads an illustration as the product page draws it: the WebP variant for the screen', () => {
    expect(firstLoadHints('/products/42', '/images/products/tomato.svg', true)).toEqual([
      '</images/products/tomato-640.webp>; rel=preload; as=image; ' +
        'imagesrcset="/images/products/tomato-128.webp 128w, /images/products/tomato-320.webp 320w, /images/products/tomato-640.webp 640w"; ' +
        'imagesizes="(max-width: 520px) 100vw, 480px"; fetchpriority=high',
    ]);
  });

  it('hints only the categories elsewhere (the header shows them on every page)', () => {
    for (const pathname of ['/dairy-breakfast', '/collection', '/account/orders', '/products/abc', '/products/1/x'])
      expect(firstLoadHints(pathname), pathname).toEqual([hint('/api/category/public')]);
  });
});
