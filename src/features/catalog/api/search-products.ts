import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useQuery,
  useSuspenseQuery,
} from '@tanstack/react-query';

import type { ProductPage, ProductSearchQuery } from '../../../../server/schemas/product';
import { api } from '../../../lib/api-client';

export type ProductFilters = ProductSearchQuery;

function toSearchParams(filters: ProductFilters): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params[key] = value;
  }
  return params;
}

export const searchProducts = (filters: ProductFilters, { signal }: { signal?: AbortSignal } = {}) =>
  api.get('product/public', { searchParams: toSearchParams(filters), signal }).json<ProductPage>();

export const productSearchQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: ['products', 'search', toSearchParams(filters)] as const,
    queryFn: ({ signal }) => searchProducts(filters, { signal }),
  });

export const useProductSearch = (filters: ProductFilters) => useSuspenseQuery(productSearchQueryOptions(filters));

/** For type-ahead: keeps showing the previous answer while the next one loads. */
export const useProductSuggestions = (q: string, enabled: boolean) =>
  useQuery({
    ...productSearchQueryOptions({ q, pageSize: 6 }),
    enabled: enabled && q.trim().length > 0,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });

/** Pages of a listing, for infinite scroll. */
export const productListInfiniteOptions = (filters: Omit<ProductFilters, 'page'>) =>
  infiniteQueryOptions({
    queryKey: ['products', 'list', toSearchParams(filters)] as const,
    queryFn: ({ signal, pageParam }) => searchProducts({ ...filters, page: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
