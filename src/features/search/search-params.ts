import { DEFAULT_SORT, isSortOption, type SortOption } from './sort-options';

export interface SearchPageParams {
  /** What the shopper typed; empty when the page is opened without a query. */
  q: string;
  /** Omitted from the URL when it is the default, relevance. */
  sort?: SortOption;
  /** How many result pages are shown ('Load more'), so Back returns to the same list. */
  pages?: number;
}

const MAX_QUERY_LENGTH = 100;
const MAX_PAGES = 50;

/**
 * validateSearch for /search: anything unexpected in the URL falls back to a sane default. Every
 * key is returned, undefined when dropped: TanStack Router lays the result over the URL's own
 * params, so a key left out would keep its raw value ('?sort=bogus' reached the API).
 */
export function parseSearchPageParams(search: Record<string, unknown>): SearchPageParams {
  const rawQ = typeof search.q === 'string' ? search.q : typeof search.q === 'number' ? String(search.q) : '';
  const pages = Number(search.pages);
  return {
    q: rawQ.trim().slice(0, MAX_QUERY_LENGTH),
    sort: isSortOption(search.sort) && search.sort !== DEFAULT_SORT ? search.sort : undefined,
    pages: Number.isInteger(pages) && pages > 1 ? Math.min(pages, MAX_PAGES) : undefined,
  };
}
