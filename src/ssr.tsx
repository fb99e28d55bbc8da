/**
 * Server rendering of a catalogue page as a visitor who has not signed in first sees it
 * (decision 015): the server's page worker (server/ssr/page-worker.mjs) renders the address
 * with the app's own routes, loaders and components, so the HTML of a first visit already shows
 * the products and their photos. The answers the loaders got go with it, and the browser hydrates
 * the page from them (decision 044, src/main.tsx) instead of building it again.
 *
 * The loaders fetch the API as the browser does, by relative URL; the worker gives them the
 * server's own address as the base.
 */
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';

import { categoriesQueryOptions } from './features/catalog';
import type { PageData } from './lib/page-data';
import { createAppRouter } from './router';
import { prerenderApp, signedOut } from './shell';

export interface RenderedPage {
  /** The root's content: what goes inside `<div id="root">`. */
  html: string;
  /** The page's `<title>` text, when the route sets one. */
  title: string | null;
  /** The answers it was rendered from, as the JSON of a data block (src/lib/page-data.ts). */
  data: string;
  /** The ids of the routes it matched: the server lists their scripts in the page (decision 060). */
  routes: string[];
  /** Source files whose scripts its routes' loaders wait for (their `staticData.pageScripts`). */
  scripts: string[];
}

/**
 * Renders `url` (path and query), or returns null when the page is not one to render on the
 * server: no route, a missing product, a loader that failed or a render that took too long. The
 * HTML has no scripts (the CSP allows none inline; the router's own helpers are left out).
 */
export async function renderPage(url: string, { timeoutMs = 1500 } = {}): Promise<RenderedPage | null> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  try {
    const router = createAppRouter({ queryClient, auth: signedOut });
    router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [url] }), isServer: true });
    // The loaders' own API calls give up after 3.6 s (api-client.ts); the page does sooner. The
    // header and footer of every page list the categories: with them in the page's answers, the
    // browser's first render is the server's on every page (decision 044).
    const loaded = await Promise.race([
      Promise.all([router.load(), queryClient.prefetchQuery(categoriesQueryOptions())]).then(() => true),
      new Promise<false>((resolve) => deadline.addEventListener('abort', () => resolve(false))),
    ]);
    if (!loaded) return null;
    // No match, a not-found page (a missing product, an unknown address), a failed loader or a
    // redirect (a signed-in page sends a visitor to log in, which leaves no matches).
    const { matches, location } = router.state;
    if (matches.length === 0 || matches.some((match) => match.status !== 'success' || match._notFound)) return null;
    if (location.pathname !== new URL(url, 'http://page').pathname) return null;
    const errors: unknown[] = [];
    const rendered = await prerenderApp(router, queryClient, {
      signal: deadline,
      // All in place: React would otherwise send a large part after a placeholder, to be
      // swapped in by an inline script, which the CSP refuses.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => {
        errors.push(error);
      },
    });
    // Too slow, a part that failed (it would show its fallback until the app starts) or one
    // still waiting: the shell is better than half a page.
    if (deadline.aborted) return null;
    if (errors.length > 0 || /<!--\$[?!]-->/.test(rendered)) {
      throw new Error(`part of ${url} did not render: ${errors.map(String).join('; ') || 'a part is pending'}`);
    }
    const title = /<title>([^<]*)<\/title>/.exec(rendered)?.[1] ?? null;
    // Head elements React hoists to the front go into the page's head, not its body; scripts stay out.
    const html = rendered.replace(/<title>[^<]*<\/title>|<meta [^>]*>|<script\b[\s\S]*?<\/script>/g, '');
    const answers: PageData = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'success')
      .map((query) => [query.queryKey, query.state.data, query.state.dataUpdatedAt]);
    return {
      html,
      title,
      data: JSON.stringify(answers),
      routes: matches.map((match) => match.routeId),
      scripts: matches.flatMap((match) => match.staticData.pageScripts ?? []),
    };
  } finally {
    queryClient.clear();
  }
}
