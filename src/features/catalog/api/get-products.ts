import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';

import type { Product } from '../../../../server/schemas/product';
import { api } from '../../../lib/api-client';

/** Spec point 7: a GET on the API base path answers with the product list. */
export const getProducts = ({ signal }: { signal?: AbortSignal } = {}) => api.get('', { signal }).json<Product[]>();

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: ['products', 'home'] as const,
    queryFn: ({ signal }) => getProducts({ signal }),
  });

export const useProducts = () => useSuspenseQuery(productsQueryOptions());
