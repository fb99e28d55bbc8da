import { useQuery } from '@tanstack/react-query';

import type { Category } from '../../../server/schemas/category';
import { categoriesQueryOptions } from '../catalog';

/** The categories, to offer when a search has nothing to show; never suspends. */
export function useCategoryList(): Category[] {
  const { data } = useQuery(categoriesQueryOptions());
  // The response schema types its $ref array as unknown[]; the API sends Category objects.
  return (data?.data ?? []) as Category[];
}
