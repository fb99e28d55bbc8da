import { queryOptions } from '@tanstack/react-query';

import { customerApi } from '../../auth';
import type { OrderWithPayment } from '../types';

/** GET /api/order/:id, to follow a payment the bank has not confirmed yet. */
export const fetchOrder = (orderId: string) =>
  customerApi
    .get(`order/${encodeURIComponent(orderId)}`, { retry: 0, timeout: 10_000 })
    .json<{ success: true; data: OrderWithPayment }>()
    .then((body) => body.data);

/**
 * One order, for paying it. The key is the orders feature's detail key (`['orders', 'detail', id]`),
 * so both share one cache entry and invalidating the orders refreshes it.
 */
export const payOrderQueryOptions = (orderId: string) =>
  queryOptions({
    queryKey: ['orders', 'detail', orderId] as const,
    queryFn: () => fetchOrder(orderId),
    staleTime: 0,
    retry: (count, error) => (error as { response?: Response }).response?.status !== 404 && count < 2,
  });
