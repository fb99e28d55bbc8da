import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { OrderResponse } from '../../../../server/schemas/order';
import { orderQueryOptions } from './get-order';
import { ORDERS_KEY } from './get-orders';
import { customerApi } from '../../auth';

export const cancelOrder = (id: string, reason: string) =>
  customerApi
    .post(`order/${encodeURIComponent(id)}/cancel`, { json: { reason }, retry: 0 })
    .json<OrderResponse>()
    .then((body) => body.data);

/** Cancels an order and refreshes every order query; `cancel(reason)` resolves with the order. */
export function useCancelOrder(id: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (reason: string) => cancelOrder(id, reason),
    onSuccess: async (order) => {
      queryClient.setQueryData(orderQueryOptions(id).queryKey, order);
      await queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });
  return { cancel: mutation.mutateAsync, isPending: mutation.isPending };
}
