import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import type { Product, ProductPage } from '../../../../server/schemas/product';
import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useOnline } from '../../../lib/use-online';
import { ProductGrid } from '../../catalog';
import { SEARCH_PAGE_SIZE } from '../constants';
import { pageProducts, searchResultsQueryOptions } from '../search-query';
import { DEFAULT_SORT, type SortOption } from '../sort-options';
import { CategoryLinks } from './CategoryLinks';
import * as styles from './SearchResults.css';
import { SortMenu } from './SortMenu';

interface Props {
  q: string;
  sort?: SortOption;
  /** How many pages of results to show. */
  pages?: number;
  onSortChange: (sort: SortOption) => void;
  onLoadMore: () => void;
  /** The cart control for each product card. */
  renderAction?: (product: Product) => ReactNode;
}

/** The /search page: results for the query in the URL, a sort menu and 'Load more'. */
export function SearchResults({ q, ...rest }: Props) {
  if (!q) {
    return (
      <section className={styles.page} aria-labelledby="search-title">
        <h1 id="search-title" className={styles.title}>
          Search
        </h1>
        <p className={styles.muted}>Type what you are looking for in the search box, or browse a category.</p>
        <CategoryLinks heading="Shop by category" />
      </section>
    );
  }
  return <Results q={q} {...rest} />;
}

/**
 * What a first page of results shows while it is asked for: the results on screen (dimmed),
 * unless the browser is offline and the words changed (those results are not for these words).
 */
export const resultsWhileWaiting =
  (q: string, online: boolean) =>
  <T,>(previous: T | undefined, previousQuery: { queryKey: readonly unknown[] } | undefined): T | undefined =>
    online || (previousQuery?.queryKey[2] as { q?: string } | undefined)?.q === q
      ? keepPreviousData(previous)
      : undefined;

function Results({ q, sort = DEFAULT_SORT, pages = 1, onSortChange, onLoadMore, renderAction }: Props) {
  // A new sort or query keeps the current results on screen (dimmed) until the next arrive, so
  // the page, and the focus on the control just used, stay put. Offline only a new sort does (the
  // same products in another order): a new query waits for the connection with the page, which
  // says it needs one, rather than showing the last query's results under its words.
  const online = useOnline();
  const firstQuery = useQuery({
    ...searchResultsQueryOptions(q, sort, 1),
    placeholderData: resultsWhileWaiting(q, online),
  });
  const first = firstQuery.data;
  if (!first) {
    return firstQuery.isError ? (
      <section className={styles.page} aria-labelledby="search-title">
        <h1 id="search-title" className={styles.title}>
          Search failed
        </h1>
        <p className={styles.muted}>We could not search right now. Check your connection and try again.</p>
        <Button onClick={() => void firstQuery.refetch()}>Try again</Button>
      </section>
    ) : (
      <Spinner label="Searching" />
    );
  }
  return (
    <ResultList
      q={q}
      sort={sort}
      pages={pages}
      first={first}
      updating={firstQuery.isPlaceholderData}
      onSortChange={onSortChange}
      onLoadMore={onLoadMore}
      renderAction={renderAction}
    />
  );
}

function ResultList({
  q,
  sort,
  pages,
  first,
  updating,
  onSortChange,
  onLoadMore,
  renderAction,
}: Required<Pick<Props, 'q' | 'sort' | 'pages'>> &
  Omit<Props, 'q' | 'sort' | 'pages'> & { first: ProductPage; updating: boolean }) {
  const lastPage = Math.max(1, Math.ceil(first.total / SEARCH_PAGE_SIZE));
  const shownPages = Math.min(pages, lastPage);
  const more = useQueries({
    queries: Array.from({ length: shownPages - 1 }, (_, index) => searchResultsQueryOptions(q, sort, index + 2)),
  });
  const products = [first, ...more.map((result) => result.data)].flatMap(pageProducts);
  const loadingMore = more.some((result) => result.isPending);
  const failed = more.some((result) => result.isError);

  if (first.total === 0) {
    return (
      <section className={styles.page} aria-labelledby="search-title">
        <h1 id="search-title" className={styles.title}>
          No results for "{q}"
        </h1>
        <p className={styles.muted}>Check the spelling or try a more general word. Or browse our categories:</p>
        <CategoryLinks heading="Shop by category" />
      </section>
    );
  }

  return (
    <section className={styles.page} aria-labelledby="search-title" aria-busy={updating}>
      <div className={styles.bar}>
        <div>
          <h1 id="search-title" className={styles.title}>
            Results for "{q}"
          </h1>
          <p className={styles.muted} role="status">
            {first.total} {first.total === 1 ? 'product' : 'products'}
            {first.correctedQuery !== undefined && (
              <>
                . Showing results for <strong className={styles.corrected}>{first.correctedQuery}</strong>: nothing
                matched "{q}" as typed.
              </>
            )}
          </p>
        </div>
        <SortMenu value={sort} onChange={onSortChange} />
      </div>
      <ProductGrid products={products} renderAction={renderAction} />
      {failed && <p className={styles.error}>Some results could not be loaded. Check your connection and try again.</p>}
      {shownPages < lastPage && (
        <div className={styles.more}>
          <Button tone="outline" onClick={onLoadMore} disabled={loadingMore}>
            {loadingMore ? 'Loading…' : 'Load more'}
          </Button>
        </div>
      )}
    </section>
  );
}
