import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import type { Order } from '../../../server/schemas/order';
import { browserAuth } from '../auth';
import { orderQueryOptions } from './api/get-order';
import { ORDERS_KEY } from './api/get-orders';
import { connectOrderStream, type StreamEvent } from './order-stream';

/** The last event seen, kept while the app runs: a page opened later resumes after it. */
const lastEventId = { current: null as string | null };

/** What an event changes in a cached order, at once, before the refetch brings the rest. */
export function applyEvent(order: Order, event: StreamEvent): Order {
  if (event.kind !== 'placed' && event.kind !== 'status') return order;
  if (order.timeline.some((entry) => entry.status === event.status && entry.at === event.at)) return order;
  return {
    ...order,
    status: event.status,
    updatedAt: event.at,
    canCancel: order.canCancel && (event.status === 'processing' || event.status === 'awaiting-payment'),
    timeline: [...order.timeline, { status: event.status, at: event.at }],
  };
}

export function onOrderEvent(queryClient: QueryClient, event: StreamEvent) {
  const { queryKey } = orderQueryOptions(event.orderId);
  queryClient.setQueryData(queryKey, (order) => (order ? applyEvent(order, event) : order));
  // The rest of the order (its estimate, payment, refund) and the list come from the server.
  void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
}

/**
 * Follows the signed-in customer's orders while the calling page is open (the order page, My
 * Orders): each change lands in the React Query cache as it happens. Returns whether the stream
 * is connected now; when it is not, what the page shows may be behind.
 */
export function useOrderStream(): { connected: boolean } {
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const stream = connectOrderStream({
      open: (url) => new EventSource(url),
      onEvent: (event) => onOrderEvent(queryClient, event),
      onConnection: setConnected,
      onReconnect: () => void queryClient.invalidateQueries({ queryKey: ORDERS_KEY }),
      refreshSession: () => browserAuth.refresh(),
      lastEventId,
    });
    const online = () => stream.retryNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      stream.stop();
    };
  }, [queryClient]);

  return { connected };
}
