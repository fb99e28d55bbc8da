import { queryOptions } from '@tanstack/react-query';

import type { DeliveryAddress } from '../../cart';
import { customerApi } from '../../auth';

/** Spec point 7: GET /api/address/?customer={id} answers `{ data: Address[] }`. */
export const addressesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: ['addresses', customerId] as const,
    queryFn: ({ signal }) =>
      customerApi
        .get('address/', { searchParams: { customer: customerId }, signal })
        .json<{ data: DeliveryAddress[] }>()
        .then((body) => body.data),
    staleTime: 60_000,
  });
