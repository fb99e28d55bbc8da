import './styles/global.css';
// First, so that an early install offer is kept for the invitation (issue 20).
import './features/pwa/install-offer';

import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as JotaiProvider } from 'jotai';
import { startTransition, StrictMode, useLayoutEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';

// The address keys that sign-out removes are declared on the first page: a module imported for
// its side effect, so package.json's sideEffects lists it. Address changes made offline resume by
// their keys: the saved cache's restore and the address book register them before they need them
// (not here, where their chunk and its nine dependencies would be asked for in the first long task).
import './features/address/register';
// The checkout's stored attempt, removed on sign-out like the address keys.
import './features/payment/register';
import { browserAuth } from './features/auth/session';
import { createQueryClient } from './lib/query-client';
import { PAGE_DATA_ID, type PageData } from './lib/page-data';
import { nextTask } from './lib/next-task';
import { createAppRouter } from './router';

// The start is cut into tasks, each short enough to leave the main thread to the shopper's taps
// and the browser's paints between them (issue 20): evaluating the modules above, building the
// router from its route tree, then taking the page's answers and loading the route. (Not with a
// top-level await: the build would then split the entry's modules into a chunk each.)
void start();

async function start() {
  await nextTask();
  const queryClient = createQueryClient();
  const router = createAppRouter({ queryClient, auth: browserAuth });
  await nextTask();

  const app = (
    <StrictMode>
      <JotaiProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
          <CatchUpWithHistory router={router} />
        </QueryClientProvider>
      </JotaiProvider>
    </StrictMode>
  );
  const prerendered = document.querySelector<HTMLElement>('[data-prerendered]');
  const pageData = document.getElementById(PAGE_DATA_ID);
  // A page the server rendered brings the answers its loaders got (decision 044): the app starts
  // from them instead of asking the API again.
  for (const [queryKey, data, updatedAt] of pageData ? (JSON.parse(pageData.textContent!) as PageData) : []) {
    queryClient.setQueryData(queryKey, data, { updatedAt });
  }

  if (prerendered && pageData && rendersAsServer()) {
    // A first visit: the router loads the route's chunks, and React adopts the server's DOM
    // instead of building it again, in a transition that yields to the browser.
    // As the server rendered it: without the Suspense boundaries the router puts around a page that
    // the browser renders alone (TanStack Router's own hydration sets the same).
    router.ssr = { manifest: undefined };
    void router.load().then(() =>
      startTransition(() => {
        hydrateRoot(prerendered, app, {
          // A difference from the server's render is redrawn on the spot; it is worth a warning
          // (browser tests look for them), not an error.
          onRecoverableError: (error, info) =>
            console.warn('The page differed from the server render:', error, info.componentStack),
        });
      }),
    );
  } else {
    // The route's chunks and answers are asked for now, not after React's first commit (where the
    // router would start them): they come while React starts (decision 044).
    void router.load();
    // The browser first paints (and reports) the HTML the server or the build sent (decision 015);
    // the first render replaces it in a transition, done in short slices that leave the main thread
    // free between them.
    requestAnimationFrame(() =>
      setTimeout(() => startTransition(() => createRoot(document.getElementById('root')!).render(app))),
    );
  }
}

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * TanStack Router follows Back and Forward once its Transitioner has mounted, and at that mount it
 * loads the address only if no load has run; ours has (started before React, above). A step back
 * or forward in between, a shopper tapping Back while the page hydrates, would leave the page on
 * the address it left: load the one the history is at. Its effect runs after the Transitioner's,
 * which is in the sibling before it (decision 064).
 */
function CatchUpWithHistory({ router }: { router: AppRouter }) {
  useLayoutEffect(() => {
    router.updateLatestLocation();
    if (router.latestLocation.href !== router.state.location.href) void router.load();
  }, [router]);
  return null;
}

/**
 * Whether this browser would render what the server rendered: a visitor with nothing stored (no
 * cart, place, dismissed offer) and no session, as the server renders every page.
 */
function rendersAsServer(): boolean {
  try {
    return localStorage.length === 0 && !browserAuth.getSession();
  } catch {
    return false;
  }
}
