import type { SortOption } from '../../../server/schemas/product';
import { DEFAULT_SORT, isSortOption } from '../../features/search';

// Apart from listing-controls.tsx: route validation runs in the main bundle, the controls
// (sort menu, cart buttons) only with the listing page.
export interface ListingSearch {
  sub?: string;
  sort?: SortOption;
}

/**
 * Search params of a listing URL (shareable): unknown values are dropped, never an error. Each key
 * is returned even when dropped (as undefined): TanStack Router lays the result over the URL's own
 * params, so a key left out keeps its raw value ('?sort=bogus' reached the API, a 400 and an error
 * page).
 */
export function validateListingSearch(search: Record<string, unknown>): ListingSearch {
  return {
    sub: typeof search.sub === 'string' && /^[a-z0-9-]{1,80}$/.test(search.sub) ? search.sub : undefined,
    sort: isSortOption(search.sort) && search.sort !== DEFAULT_SORT ? search.sort : undefined,
  };
}
