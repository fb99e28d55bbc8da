import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import type { CategoryListResponse } from '../../../../server/schemas/category';
import { api } from '../../../lib/api-client';

export const getCategories = ({ signal }: { signal?: AbortSignal } = {}) =>
  api.get('category/public', { signal }).json<CategoryListResponse>();

/** The category tree changes rarely: keep it fresh for ten minutes. */
export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: ['categories'] as const,
    queryFn: ({ signal }) => getCategories({ signal }),
    staleTime: 10 * 60_000,
  });

export const useCategories = () => useSuspenseQuery(categoriesQueryOptions());
