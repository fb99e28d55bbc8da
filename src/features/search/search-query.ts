import type { Product, ProductPage } from '../../../server/schemas/product';
import { productSearchQueryOptions } from '../catalog';
import { SEARCH_PAGE_SIZE } from './constants';
import { DEFAULT_SORT, type SortOption } from './sort-options';

/**
 * The one set of query options for a page of search results, shared by the /search loader and
 * the results list so both hit the same cache entry.
 */
export const searchResultsQueryOptions = (q: string, sort: SortOption = DEFAULT_SORT, page = 1) =>
  productSearchQueryOptions({ q, sort, page, pageSize: SEARCH_PAGE_SIZE });

/** The products of a result page. The schema types its $ref array as unknown[]; they are Products. */
export const pageProducts = (page: ProductPage | undefined): Product[] => (page?.data ?? []) as Product[];
