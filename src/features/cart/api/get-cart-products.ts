import { queryOptions, useQuery } from '@tanstack/react-query';

import type { Product, ProductPage } from '../../../../server/schemas/product';
import { api } from '../../../lib/api-client';

/** The search endpoint takes at most 100 ids and 100 results a page. */
const MAX_IDS_PER_REQUEST = 100;

/** The current state of the given products; ids the server does not know are simply absent. */
export async function getCartProducts(ids: readonly number[], { signal }: { signal?: AbortSignal } = {}) {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += MAX_IDS_PER_REQUEST) {
    chunks.push(ids.slice(start, start + MAX_IDS_PER_REQUEST));
  }
  const pages = await Promise.all(
    chunks.map((chunk) =>
      api
        .get('product/public', {
          searchParams: { ids: chunk.join(','), pageSize: MAX_IDS_PER_REQUEST },
          // Past the browser's copy (catalogue answers may be kept 60 s): the cart is brought up
          // to date when the checkout says its prices are not, and the service worker reads
          // these from the network first too (sw/caching.ts).
          cache: 'no-cache',
          signal,
        })
        .json<ProductPage>(),
    ),
  );
  // `data` is a Type.Ref('Product') array, which typebox's Static cannot resolve to Product.
  return pages.flatMap((page) => page.data as Product[]);
}

/** Prices and stock can change at any time: always ask again when the cart wants to know. */
export const cartProductsQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: ['products', 'cart', [...ids]] as const,
    queryFn: ({ signal }) => getCartProducts(ids, { signal }),
    staleTime: 0,
  });

export const useCartProducts = (ids: readonly number[], enabled = true) =>
  useQuery({ ...cartProductsQueryOptions(ids), enabled: enabled && ids.length > 0 });
