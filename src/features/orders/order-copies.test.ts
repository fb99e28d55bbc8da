import { dehydrate, hydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { Order, OrderListResponse } from '../../../server/schemas/order';
import { keepOrderCopiesInStep } from './order-copies';

const ID = '3f0c1b8e-2a4d-4e6f-8a1b-9c2d3e4f5a6b';
const OTHER = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const payment = { method: 'cod', label: 'Cash on delivery', state: 'due' } as unknown as Order['payment'];

const order = (status: Order['status'], extra: Partial<Order> = {}): Order =>
  ({
    id: ID,
    number: 7,
    status,
    canCancel: status === 'processing',
    cancelReason: status === 'cancelled' ? 'Ordered by mistake' : null,
    cancelledBy: status === 'cancelled' ? 'customer' : null,
    bill: { billTotal: 70 },
    payment,
    ...extra,
  }) as unknown as Order;

const list = (status: Order['status']): OrderListResponse => ({
  success: true,
  page: 1,
  pageSize: 10,
  total: 2,
  data: [
    {
      id: ID,
      number: 7,
      status,
      placedAt: '2026-11-25T06:00:00.000Z',
      total: 70,
      itemCount: 1,
      payment,
      cancelReason: status === 'cancelled' ? 'Ordered by mistake' : null,
      cancelledBy: status === 'cancelled' ? 'customer' : null,
    },
    {
      id: OTHER,
      number: 6,
      status: 'dispatched',
      placedAt: '2026-11-24T06:00:00.000Z',
      total: 40,
      itemCount: 2,
      payment,
      cancelReason: null,
      cancelledBy: null,
    },
  ],
});

const LIST_KEY = ['orders', 'list', 1];
const DETAIL_KEY = ['orders', 'detail', ID];

let queryClient: QueryClient;
let stop: () => void;
beforeEach(() => {
  queryClient = new QueryClient();
  stop = keepOrderCopiesInStep(queryClient);
});
afterEach(() => {
  stop();
  queryClient.clear();
});

describe('the list and the detail of an order stay in step', () => {
  it('a detail fetched after the list updates the list entry (cancelled elsewhere, seen on the detail)', async () => {
    queryClient.setQueryData(LIST_KEY, list('processing'));
    await queryClient.fetchQuery({ queryKey: DETAIL_KEY, queryFn: async () => order('cancelled') });
    const entries = queryClient.getQueryData<OrderListResponse>(LIST_KEY)!.data;
    expect(entries.map((entry) => [entry.id, entry.status, entry.cancelledBy, entry.cancelReason])).toEqual([
      [ID, 'cancelled', 'customer', 'Ordered by mistake'],
      [OTHER, 'dispatched', null, null],
    ]);
  });

  it('a detail a live event marked cancelled keeps who cancelled it, and why, as the list knows them', () => {
    queryClient.setQueryData(LIST_KEY, list('cancelled'));
    queryClient.setQueryData(DETAIL_KEY, order('cancelled', { cancelReason: null, cancelledBy: null }));
    expect(queryClient.getQueryData<OrderListResponse>(LIST_KEY)!.data[0]).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      cancelReason: 'Ordered by mistake',
    });
  });

  it('a cancel that sets the detail by hand updates the list too', () => {
    queryClient.setQueryData(LIST_KEY, list('processing'));
    queryClient.setQueryData(DETAIL_KEY, order('processing'));
    queryClient.setQueryData(DETAIL_KEY, order('cancelled'));
    expect(queryClient.getQueryData<OrderListResponse>(LIST_KEY)!.data[0]!.status).toBe('cancelled');
  });

  it('a list fetched after the detail updates an older detail, which no longer offers Cancel', async () => {
    queryClient.setQueryData(DETAIL_KEY, order('processing'), { updatedAt: Date.now() - 60_000 });
    await queryClient.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => list('dispatched') });
    const detail = queryClient.getQueryData<Order>(DETAIL_KEY)!;
    expect(detail.status).toBe('dispatched');
    expect(detail.canCancel).toBe(false);
    // And a newer list saying who cancelled an order, and why, says so on its detail too.
    await queryClient.fetchQuery({ queryKey: LIST_KEY, queryFn: async () => list('cancelled'), staleTime: 0 });
    expect(queryClient.getQueryData<Order>(DETAIL_KEY)).toMatchObject({
      status: 'cancelled',
      cancelledBy: 'customer',
      cancelReason: 'Ordered by mistake',
    });
    // Still older than the list: the next visit fetches it again for the rest of what changed.
    expect(queryClient.getQueryState(DETAIL_KEY)!.dataUpdatedAt).toBeLessThan(
      queryClient.getQueryState(LIST_KEY)!.dataUpdatedAt,
    );
  });

  it('a list older than the detail leaves the detail alone', () => {
    queryClient.setQueryData(LIST_KEY, list('processing'), { updatedAt: Date.now() - 60_000 });
    queryClient.setQueryData(DETAIL_KEY, order('cancelled'));
    queryClient.setQueryData(LIST_KEY, list('processing'), { updatedAt: Date.now() - 60_000 });
    expect(queryClient.getQueryData<Order>(DETAIL_KEY)!.status).toBe('cancelled');
  });

  it('a list restored from the saved cache, older than a detail fetched on this page, is corrected', async () => {
    // The last visit saved the list while the order was processing.
    const earlier = new QueryClient();
    earlier.setQueryData(LIST_KEY, list('processing'), { updatedAt: Date.now() - 60_000 });
    const saved = dehydrate(earlier);
    // This page fetched the detail (cancelled since) before the saved cache came back.
    await queryClient.fetchQuery({ queryKey: DETAIL_KEY, queryFn: async () => order('cancelled') });
    hydrate(queryClient, saved);
    expect(queryClient.getQueryData<OrderListResponse>(LIST_KEY)!.data[0]!.status).toBe('cancelled');
    // Corrected, not fetched: still as old as it was, so the next visit fetches it.
    expect(queryClient.getQueryState(LIST_KEY)!.dataUpdatedAt).toBeLessThan(Date.now() - 50_000);
  });

  it('copies that agree are left as they are', () => {
    const page = list('processing');
    queryClient.setQueryData(LIST_KEY, page);
    queryClient.setQueryData(DETAIL_KEY, order('processing'));
    expect(queryClient.getQueryData(LIST_KEY)).toBe(page);
  });
});
