import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import type { OrderResponse } from '../../../../server/schemas/order';
import { orderQueryOptions } from './get-order';
import { ORDERS_KEY } from './get-orders';
import { customerApi } from '../../auth';

export const cancelOrder = (id: string, reason: string) =>
  customerApi
    .post(`order/${encodeURIComponent(id)}/cancel`, { json: { reason }, retry: 0 })
    .json<OrderResponse>()
    .then((body) => body.data);

/**
 * Cancels an order and refreshes every order query. Plain state rather than useMutation: the
 * mutation observer would join the shared vendor chunk that the first page loads.
 */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  const [isPending, setPending] = useState(false);
  async function cancel(reason: string) {
    setPending(true);
    try {
      const order = await cancelOrder(id, reason);
      queryClient.setQueryData(orderQueryOptions(id).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      return order;
    } finally {
      setPending(false);
    }
  }
  return { cancel, isPending };
}
