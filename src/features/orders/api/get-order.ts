import { queryOptions } from '@tanstack/react-query';

import type { OrderResponse } from '../../../../server/schemas/order';
import { ORDERS_KEY } from './get-orders';
import { customerApi } from '../../auth';

export const getOrder = (id: string, { signal }: { signal?: AbortSignal } = {}) =>
  customerApi
    .get(`order/${encodeURIComponent(id)}`, { signal, retry: { limit: 1, statusCodes: [408, 502, 503, 504] } })
    .json<OrderResponse>()
    .then((body) => body.data);

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', id] as const,
    queryFn: ({ signal }) => getOrder(id, { signal }),
    staleTime: 10_000,
    // 'Order not found.' is an answer, not a failure worth retrying.
    retry: (count, error) => (error as { response?: Response }).response?.status !== 404 && count < 2,
  });
