import { useRouterState } from '@tanstack/react-router';

/**
 * The document title from the routes' `head()`: the deepest title among the matches on screen,
 * up to the first one that is pending, failed or not found (the router's own rule for which
 * matches own the head). The router's HeadContent does the same and renders every other kind of
 * head tag too, for about 1.4 KB gzip more on the first load of `/`; the routes only set titles
 * (decision 021). A route that needs other head tags brings HeadContent back.
 */
export function DocumentTitle() {
  const title = useRouterState({
    select: (state) => {
      let found: string | undefined;
      for (const match of state.matches) {
        for (const meta of match.meta ?? []) if (meta?.title) found = meta.title;
        if (match.status !== 'success' || match._notFound) break;
      }
      return found;
    },
  });
  return title ? <title>{title}</title> : null;
}
