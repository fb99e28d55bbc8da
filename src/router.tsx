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
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
