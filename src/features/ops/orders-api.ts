import type { BoardOrder as BoardOrderSchema } from '../../../server/schemas/ops-orders';
import type { Static } from 'typebox';

import { customerApi } from '../auth';
import { asOpsError } from './api';

export type BoardOrder = Static<typeof BoardOrderSchema>;
export type BoardStatus = BoardOrder['status'];

export interface PickLine {
  productId: number;
  name: string;
  packSize: string;
  quantity: number;
  category: string;
  subcategory: string;
}

/** An event of the orders stream (decision 035). */
export interface OrderStreamEvent {
  id: string;
  orderId: string;
  number: number;
  storeId: number;
  status: BoardStatus;
  kind: 'placed' | 'status' | 'payment' | 'refund';
  at: string;
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw await asOpsError(error);
  }
}

/** The board's orders; `receivedAt` lets the waited time tick on from what the server said. */
export const listBoardOrders = (filters: { q?: string; status?: string }) =>
  call(() =>
    customerApi
      .get('ops/orders', {
        searchParams: Object.fromEntries(
          Object.entries(filters).filter(([, v]) => v !== undefined && v !== ''),
        ) as Record<string, string>,
      })
      .json<{ data: BoardOrder[] }>(),
  ).then((r) => ({ orders: r.data, receivedAt: Date.now() }));

export const getPickingList = (id: string) =>
  call(() =>
    customerApi.get(`ops/orders/${id}`).json<{ data: { order: BoardOrder; shelfOrder: string; lines: PickLine[] } }>(),
  ).then((r) => r.data);

export const advanceBoardOrder = (id: string) =>
  call(() => customerApi.post(`ops/orders/${id}/advance`, { json: {} }).json<{ message: string; data: BoardOrder }>());

export const cancelBoardOrder = (id: string, reason: string) =>
  call(() =>
    customerApi.post(`ops/orders/${id}/cancel`, { json: { reason } }).json<{ message: string; data: BoardOrder }>(),
  );

export const ORDER_STREAM_URL = '/api/ops/orders/stream';
