/**
 * Preload hints for the first load of a page (decision 014). Without them a page's data waits
 * for a chain: the HTML, then the scripts, then the API answer the route's loader asks for. The
 * server knows from the address which answers the page will ask for, so the `Link` header of
 * the HTML starts them together with the scripts. (Hinting the route's chunks here as well was
 * tried, before pages were rendered on the server, and Lighthouse's simulated LCP was worse. A
 * page the server renders now lists its route's scripts in its head (decision 060): measured
 * with real throttling, the page is usable sooner and its LCP did not move.)
 */

import { artImage, PRODUCT_PAGE_IMAGE_SIZES } from '../../src/lib/art-image';

/** Every page shows the category navigation, so every page asks for the categories. */
const CATEGORIES_API = '/api/category/public';

/** The product a product page shows, or null for any other address. */
export function productIdOf(pathname: string): number | null {
  const product = /^\/products\/(\d{1,9})$/.exec(pathname);
  return product ? Number(product[1]) : null;
}

/** The answer the route's loader waits for, as the client fetches it (src/features/catalog/api). */
function routeApi(pathname: string): string | null {
  if (pathname === '/') return '/api/';
  const product = productIdOf(pathname);
  return product === null ? null : `/api/product/public/${product}`;
}

/**
 * The `Link` header values for the HTML of `pathname`. The client fetches with `fetch()` in CORS
 * mode with same-origin credentials, which is what `as=fetch; crossorigin` preloads, so the
 * preloaded answer is the one it uses. `leadImage` is the page's largest picture when the server
 * knows it (a product page's picture): it otherwise starts only once the page has rendered. An
 * illustration is preloaded as the page draws it, from its WebP variants (decision 048).
 * A page the server rendered carries its answers (decision 044): it gets only the image.
 */
export function firstLoadHints(pathname: string, leadImage?: string | null, rendered = false): string[] {
  const api = routeApi(pathname);
  const answers = rendered ? [] : [CATEGORIES_API, ...(api ? [api] : [])];
  const hints = answers.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
  if (leadImage?.startsWith('/')) {
    const { src, srcSet, sizes } = artImage(leadImage, PRODUCT_PAGE_IMAGE_SIZES, 640);
    const variants = srcSet ? `; imagesrcset="${srcSet}"; imagesizes="${sizes}"` : '';
    hints.push(`<${encodeURI(src)}>; rel=preload; as=image${variants}; fetchpriority=high`);
  }
  return hints;
}
