import { queryOptions } from '@tanstack/react-query';

import type { OrderListResponse } from '../../../../server/schemas/order';
import { customerApi } from '../../auth';

/** Every order query starts with this key, so a change to any order refreshes them all. */
export const ORDERS_KEY = ['orders'] as const;

export const ORDERS_PAGE_SIZE = 10;

export const getOrders = (page: number, { signal }: { signal?: AbortSignal } = {}) =>
  customerApi.get('order', { searchParams: { page, pageSize: ORDERS_PAGE_SIZE }, signal }).json<OrderListResponse>();

export const ordersQueryOptions = (page = 1) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', page] as const,
    queryFn: ({ signal }) => getOrders(page, { signal }),
    // Statuses move on in the store and checkout adds orders: look again on every visit (the
    // cached list shows meanwhile).
    staleTime: 0,
  });
