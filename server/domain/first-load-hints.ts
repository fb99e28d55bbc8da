/**
 * Preload hints for the first load of a page (decision 014). Without them a page's data waits
 * for a chain: the HTML, then the scripts, then the API answer the route's loader asks for. The
 * server knows from the address which answers the page will ask for, so the `Link` header of
 * the HTML starts them together with the scripts. (Hinting the route's chunks as well was tried
 * and measured worse: on a slow link they share the bandwidth the main scripts need.)
 */

/** Every page shows the category navigation, so every page asks for the categories. */
const CATEGORIES_API = '/api/category/public';

/** The answer the route's loader waits for, as the client fetches it (src/features/catalog/api). */
function routeApi(pathname: string): string | null {
  if (pathname === '/') return '/api/';
  const product = /^\/products\/(\d{1,9})$/.exec(pathname);
  return product ? `/api/product/public/${product[1]}` : null;
}

/**
 * The `Link` header values for the HTML of `pathname`. The client fetches with `fetch()` in CORS
 * mode with same-origin credentials, which is what `as=fetch; crossorigin` preloads, so the
 * preloaded answer is the one it uses.
 */
export function firstLoadHints(pathname: string): string[] {
  const api = routeApi(pathname);
  return [CATEGORIES_API, ...(api ? [api] : [])].map((url) => `<${url}>; rel=preload; as=fetch; crossorigin`);
}
