/**
 * Paths that must never be answered with the app shell by the navigation route: the API,
 * the API docs, generated images and the health probes are real server answers.
 */
export const NAVIGATION_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/images\//, /^\/healthz$/, /^\/readyz$/];

export const isShellNavigation = (pathname: string): boolean => !NAVIGATION_DENYLIST.some((re) => re.test(pathname));

/** Precached; shown for a navigation the shell cannot answer while the network is down. */
export const OFFLINE_PAGE = '/offline.html';
