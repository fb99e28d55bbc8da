import { queryOptions } from '@tanstack/react-query';

import type { DeliveryAddress } from '../../cart';
import { api } from '../../../lib/api-client';

/** Spec point 7: GET /api/address/?customer={id} answers `{ data: Address[] }`. */
export const addressesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['addresses', customerId] as const,
    queryFn: ({ signal }) =>
      api
        .get('address/', { searchParams: { customer: customerId }, signal })
        .json<{ data: DeliveryAddress[] }>()
        .then((body) => body.data),
    staleTime: 60_000,
  });
