import type { SortOption } from '../../../server/schemas/product';
import { isSortOption } from '../../features/search';

// Apart from listing-controls.tsx: route validation runs in the main bundle, the controls
// (sort menu, cart buttons) only with the listing page.
export interface ListingSearch {
  sub?: string;
  sort?: SortOption;
}

/** Search params of a listing URL (shareable): unknown values are dropped, never an error. */
export function validateListingSearch(search: Record<string, unknown>): ListingSearch {
  const result: ListingSearch = {};
  if (typeof search.sub === 'string' && /^[a-z0-9-]{1,80}$/.test(search.sub)) result.sub = search.sub;
  if (isSortOption(search.sort) && search.sort !== 'relevance') result.sort = search.sort;
  return result;
}
