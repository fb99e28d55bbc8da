import { createRootRouteWithContext, Link, Outlet, useRouter, type ErrorComponentProps } from '@tanstack/react-router';

import { Suspense, useEffect } from 'react';

import { Button } from '../components/Button';
import { MessageScreen } from '../components/MessageScreen';
import { AuthHost, validateLoginSearch } from '../features/auth';
import { AppLayout } from '../features/layout';
import { PwaHost } from '../features/pwa';
import type { RouterContext } from '../router';
import { DocumentTitle } from './-components/DocumentTitle';

export const Route = createRootRouteWithContext<RouterContext>()({
  // `?login=1&redirect=/account/orders`: the guard's way of asking for the login dialog.
  validateSearch: validateLoginSearch,
  head: () => ({ meta: [{ title: 'QuickCart: groceries delivered in minutes' }] }),
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: NotFound,
});

function RootLayout() {
  return (
    <>
      <AppLayout>
        <DocumentTitle />
        <Outlet />
        <PageStarted />
      </AppLayout>
      <AuthHost />
      {/* The service worker, install and offline state are the browser's: not rendered on the server. */}
      {!import.meta.env.SSR && <PwaHost />}
    </>
  );
}

/**
 * Marks the server's page usable (its buttons work from then) once React has taken it over: in
 * a boundary of its own, like the page's route (TanStack Router's), so that it commits when the
 * page's content is hydrated, in the pass after the header's (decision 044). A page React
 * replaced has no such element.
 */
function PageStarted() {
  return (
    <Suspense fallback={null}>
      <MarkStarted />
    </Suspense>
  );
}

function MarkStarted() {
  useEffect(() => document.querySelector('[data-prerendered]')?.removeAttribute('aria-disabled'), []);
  return null;
}

/** A module or its stylesheet that could not be downloaded (Chromium, Firefox, Safari, Vite's words). */
const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(error.message);

/** Spec point 8: a failed route render shows a generic 'Unexpected Application Error!' screen. */
export function RootError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  console.info('Route failed to render', error);
  return (
    <MessageScreen
      title="Unexpected Application Error!"
      actions={
        <>
          <Button
            onClick={() => {
              // A part of the page whose code never arrived stays failed in React until the page
              // loads again (decision 056); anything else renders again in place.
              if (isChunkLoadError(error)) return window.location.reload();
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
          <Link to="/">Go to the home page</Link>
        </>
      }
    >
      Something went wrong while showing this page. Check your connection and try again.
    </MessageScreen>
  );
}

function NotFound() {
  return (
    <MessageScreen title="Page not found" actions={<Link to="/">Continue shopping</Link>}>
      We could not find the page you were looking for. It may have moved, or the link may be mistyped.
    </MessageScreen>
  );
}
