import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import type { Product } from '../../../../server/schemas/product';
import { api } from '../../../lib/api-client';

export const getProduct = (id: number, { signal }: { signal?: AbortSignal } = {}) =>
  api.get(`product/public/${id}`, { signal }).json<Product>();

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['products', 'detail', id] as const,
    queryFn: ({ signal }) => getProduct(id, { signal }),
  });

export const useProduct = (id: number) => useSuspenseQuery(productQueryOptions(id));
