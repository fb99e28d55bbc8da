import { queryOptions } from '@tanstack/react-query';

import type { CityCheckResponse } from '../../../../server/schemas/order';
import { api } from '../../../lib/api-client';

/** Whether the store delivers to a city typed on the product page (the server's dark stores decide). */
export const cityCheckQueryOptions = (name: string) =>
  queryOptions({
    queryKey: ['delivery', 'city', name.trim().toLowerCase()] as const,
    queryFn: ({ signal }) =>
      api
        .get('delivery/city', { searchParams: { name }, signal })
        .json<CityCheckResponse>()
        .then((body) => body.data),
    staleTime: 5 * 60_000,
  });
