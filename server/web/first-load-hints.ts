/**
 * Preload hints for the first load of a page (decision 014). Without them a page's data waits
 * for a chain: the HTML, then the scripts, then the API answer the route's loader asks for. The
 * server knows from the address which answers the page will ask for, so the `Link` header of
 * the HTML starts them together with the scripts. (Hinting the route's chunks as well was tried
 * and measured worse: on a slow link they share the bandwidth the main scripts need.)
 */

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
 * knows it (a product page's photo): it otherwise starts only once the page has rendered.
 * A page the server rendered carries its answers (decision 044): it gets only the image.
 */
export function firstLoadHints(pathname: string, leadImage?: string | null, rendered = false): string[] {
  const api = routeApi(pathname);
  const answers = rendered ? [] : [CATEGORIES_API, ...(api ? [api] : [])];
  const hints = answers.map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
  if (leadImage?.startsWith('/')) hints.push(`<${encodeURI(leadImage)}>; rel=preload; as=image; fetchpriority=high`);
  return hints;
}
