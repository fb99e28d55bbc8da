import { createFileRoute } from '@tanstack/react-router';

import { Spinner } from '../components/Spinner';
import { AddToCartControl } from '../features/cart';
import { DEFAULT_SORT, parseSearchPageParams, searchResultsQueryOptions, SearchResults } from '../features/search';

export const Route = createFileRoute('/search')({
  validateSearch: parseSearchPageParams,
  // Only the query and the sort decide the first page; 'Load more' pages load in the component.
  loaderDeps: ({ search }) => ({ q: search.q, sort: search.sort }),
  loader: async ({ context, deps, cause }) => {
    if (!deps.q) return;
    const results = context.queryClient.ensureQueryData(searchResultsQueryOptions(deps.q, deps.sort));
    // Arriving: wait for the results. Already here (new sort or query): keep the page on screen
    // and let the results component swap them in when they come.
    if (cause === 'stay') void results.catch(() => {});
    else await results;
  },
  head: ({ match }) => ({
    meta: [{ title: match.search.q ? `Results for "${match.search.q}" | QuickCart` : 'Search | QuickCart' }],
  }),
  pendingComponent: () => <Spinner label="Searching" />,
  component: SearchPage,
});

function SearchPage() {
  const { q, sort, pages } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <SearchResults
      q={q}
      sort={sort}
      pages={pages}
      onSortChange={(next) => void navigate({ search: { q, sort: next === DEFAULT_SORT ? undefined : next } })}
      onLoadMore={() =>
        void navigate({
          search: (prev) => ({ ...prev, pages: (prev.pages ?? 1) + 1 }),
          replace: true,
          resetScroll: false,
        })
      }
      renderAction={(product) => <AddToCartControl product={product} />}
    />
  );
}
