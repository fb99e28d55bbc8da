import type { Query, QueryClient } from '@tanstack/react-query';

import type { Order, OrderListResponse } from '../../../server/schemas/order';
import { ORDERS_KEY } from './api/get-orders';

/**
 * An order is kept twice: in My Orders' pages (`['orders', 'list', page]`) and in its detail
 * (`['orders', 'detail', id]`). Opening or cancelling an order refreshes only the detail; the list
 * is marked stale but not fetched until it is shown, and offline it never is. The saved cache then
 * brought back a list saying 'Processing' for an order whose detail said 'Cancelled'. Whenever one
 * copy gets newer data, the other is brought in line.
 */

/** The list page with `order`'s entry updated from its detail; undefined when nothing changes. */
export function listWithOrder(list: OrderListResponse, order: Order): OrderListResponse | undefined {
  const index = list.data.findIndex((entry) => entry.id === order.id);
  if (index < 0) return undefined;
  const entry = list.data[index]!;
  const total = order.bill.billTotal;
  // A detail a live event marked cancelled does not know who cancelled it, or why: what the list
  // knows of that stands.
  const { cancelReason, cancelledBy } =
    order.status === 'cancelled' && order.cancelReason === null && order.cancelledBy === null ? entry : order;
  if (
    entry.status === order.status &&
    entry.total === total &&
    samePayment(entry.payment, order.payment) &&
    sameCancellation(entry, { cancelReason, cancelledBy })
  ) {
    return undefined;
  }
  const data = list.data.slice();
  const { status, payment } = order;
  data[index] = { ...entry, status, payment, cancelReason, cancelledBy, total };
  return { ...list, data };
}

/**
 * The detail with the status a newer list gave it; undefined when they agree. A changed status
 * also ends what the older detail offered (Cancel): the next fetch says what is possible now.
 */
export function orderWithEntry(order: Order, entry: OrderListResponse['data'][number]): Order | undefined {
  if (order.status === entry.status && samePayment(order.payment, entry.payment) && sameCancellation(order, entry)) {
    return undefined;
  }
  const { status, payment, cancelReason, cancelledBy } = entry;
  return { ...order, status, payment, cancelReason, cancelledBy, canCancel: false };
}

const samePayment = (a: Order['payment'], b: Order['payment']) => JSON.stringify(a) === JSON.stringify(b);

type Cancellation = Pick<Order, 'cancelReason' | 'cancelledBy'>;
const sameCancellation = (a: Cancellation, b: Cancellation) =>
  a.cancelReason === b.cancelReason && a.cancelledBy === b.cancelledBy;

const isOrderQuery = (query: Query, kind: 'list' | 'detail') =>
  query.queryKey[0] === ORDERS_KEY[0] && query.queryKey[1] === kind;

const detailKey = (id: string) => [...ORDERS_KEY, 'detail', id];

/**
 * Brings a list page and the details of its orders in line: a detail at least as new as the
 * page corrects the page's entry, a page newer than a detail corrects the detail. Each copy keeps
 * its own age (it was corrected, not fetched), so the next visit still fetches what is stale, and
 * correcting one copy never sets off a correction back.
 */
function syncList(queryClient: QueryClient, query: Query) {
  const list = query.state.data as OrderListResponse | undefined;
  if (!list) return;
  const listAge = query.state.dataUpdatedAt;
  let corrected = list;
  for (const entry of list.data) {
    const detail = queryClient.getQueryState<Order>(detailKey(entry.id));
    if (!detail?.data) continue;
    if (detail.dataUpdatedAt >= listAge) {
      corrected = listWithOrder(corrected, detail.data) ?? corrected;
    } else {
      const updated = orderWithEntry(detail.data, entry);
      if (updated) queryClient.setQueryData<Order>(detailKey(entry.id), updated, { updatedAt: detail.dataUpdatedAt });
    }
  }
  if (corrected !== list) queryClient.setQueryData(query.queryKey, corrected, { updatedAt: listAge });
}

function syncDetail(queryClient: QueryClient, query: Query) {
  const order = query.state.data as Order | undefined;
  if (!order) return;
  for (const list of queryClient.getQueryCache().findAll({ queryKey: [...ORDERS_KEY, 'list'] })) {
    const data = list.state.data as OrderListResponse | undefined;
    if (!data || query.state.dataUpdatedAt < list.state.dataUpdatedAt) continue;
    const corrected = listWithOrder(data, order);
    if (corrected) queryClient.setQueryData(list.queryKey, corrected, { updatedAt: list.state.dataUpdatedAt });
  }
}

/**
 * Keeps the list and detail copies of each order in step, whenever either gets data: fetched,
 * set (a cancel) or restored from the saved cache (a detail fetched on this page before the saved
 * list came back). Returns the unsubscribe function.
 */
export function keepOrderCopiesInStep(queryClient: QueryClient): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    const changed =
      event.type === 'added' ||
      (event.type === 'updated' && (event.action.type === 'success' || event.action.type === 'setState'));
    if (!changed) return;
    if (isOrderQuery(event.query, 'detail')) syncDetail(queryClient, event.query);
    else if (isOrderQuery(event.query, 'list')) syncList(queryClient, event.query);
  });
}
