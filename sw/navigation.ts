/**
 * Paths that must never be answered with the app shell by the navigation route: the API,
 * the API docs, generated images, the health probes and the local payment gateway's page (framed
 * by the checkout; the shell would be refused in a frame) are real server answers.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/images\//, /^\/healthz$/, /^\/readyz$/, /^\/pay\//];

export const isShellNavigation = (pathname: string): boolean => !NAVIGATION_DENYLIST.some((re) => re.test(pathname));

/** Precached; shown for a navigation the shell cannot answer while the network is down. */
export const OFFLINE_PAGE = '/offline.html';

/**
 * Pages fetched from the server while online, the precached shell only offline:
 * - the checkout, whose answer carries the Content-Security-Policy that lets the payment
 *   gateway's checkout in (decision 031). The shell carries the storefront's policy, which does not;
 * - the store console, whose code is not precached (decision 067): the shell of a worker still
 *   waiting to be replaced after a release names console files the server no longer has, and the
 *   server's page names the ones it has.
 */
export const SERVER_FIRST_PAGES: RegExp[] = [/^\/checkout\/?$/, /^\/ops(\/|$)/];

export const isServerFirstNavigation = (pathname: string): boolean =>
  SERVER_FIRST_PAGES.some((re) => re.test(pathname));

/**
 * The pages a shopper opens the app on that the server renders for everyone alike (decision 015):
 * the catalogue. Signed-in pages (account, checkout) and the store console are the shell's.
 */
const SHELL_ONLY_PAGES: RegExp[] = [/^\/(account|checkout|ops)(\/|$)/, /^\/offline\.html$/];

export const isRenderedPageNavigation = (pathname: string): boolean =>
  isShellNavigation(pathname) && !SHELL_ONLY_PAGES.some((re) => re.test(pathname));
