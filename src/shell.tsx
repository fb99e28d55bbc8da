/**
 * The app shell in index.html, rendered at build time (build/vite-plugins): the real
 * header and layout as a signed-out visitor with an empty cart first sees them on `/`. The browser
 * paints it as soon as the HTML and stylesheets are in, before any script has run; React replaces
 * it with the live page on its first commit (createRoot clears the container).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { prerender } from 'react-dom/static';

import type { AuthContext } from './features/auth/session';
import { AppFrame } from './features/layout/components/AppLayout';
import type { RouterContext } from './router';

/** A visitor who has not signed in: what the shell shows until the page reads the cookie. */
export const signedOut: AuthContext = {
  getSession: () => null,
  subscribe: () => () => {},
  canRefresh: () => false,
  refresh: () => Promise.resolve(false),
  signedIn: () => {},
  signOut: () => {},
};

export async function renderShell(): Promise<string> {
  const queryClient = new QueryClient();
  const rootRoute = createRootRouteWithContext<RouterContext>()({ component: () => <AppFrame /> });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient, auth: signedOut },
  });
  await router.load();
  return prerenderApp(router, queryClient);
}

/**
 * The app's providers around a loaded router, rendered to HTML once every part is ready: the
 * shell here at build time, and pages on the server (src/ssr.tsx). A fresh atom store each time.
 */
export async function prerenderApp(
  router: AnyRouter,
  queryClient: QueryClient,
  options?: Parameters<typeof prerender>[1],
): Promise<string> {
  const { prelude } = await prerender(
    <JotaiProvider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </JotaiProvider>,
    options,
  );
  return new Response(prelude).text();
}
