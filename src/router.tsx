import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';

import type { AuthContext } from './features/auth/session';
import { routeTree } from './routeTree.gen';

export interface RouterContext {
  queryClient: QueryClient;
  auth: AuthContext;
}

export function createAppRouter(context: RouterContext) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // React Query owns freshness; the router should always ask it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: scrollRestorationAfterFirstRender(),
  });
}

/**
 * Whether the router may move the window after it renders a location (to a saved position, or
 * to the top). After a navigation it always may. After the page's first render only if the window
 * is still at the top: otherwise the browser has restored it (a reload) or the shopper has
 * scrolled the server's page while the app started, and a jump back would pull the page from
 * under their finger, and the tap they were making with it.
 */
function scrollRestorationAfterFirstRender() {
  let first = true;
  return () => {
    // The server asks too, for a script of its own that src/ssr.tsx leaves out: the same answer.
    if (!first || typeof window === 'undefined') return true;
    first = false;
    if (window.scrollX === 0 && window.scrollY === 0) return true;
    // The router remembers a page's position for Back only if it saw the window scroll since this
    // render, and it has just forgotten the scrolls made before it: show it one, or Back from the
    // next page would open this one at the top.
    document.dispatchEvent(new Event('scroll'));
    return false;
  };
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
  interface StaticDataRouteOption {
    /**
     * Source files, as the client build's manifest names them, whose code a route's loader waits
     * for: a page the server renders lists their scripts for the browser to ask for with it
     * (decision 060), instead of once the entry has run the loader.
     */
    pageScripts?: string[];
  }
}
