/** The console's stock per dark store (decision 034): its own module, beside api.ts. */
import { customerApi } from '../auth';
import { call } from './api';

export type StockFilter = 'all' | 'low' | 'out';
export type AdjustKind = 'set' | 'receive' | 'write-off';

export interface StockLine {
  productId: number;
  name: string;
  brand: string;
  packSize: string;
  img: string;
  sold: boolean;
  stock: number;
}

export interface StockPage {
  store: { id: number; name: string; city: string };
  mayAdjust: boolean;
  data: StockLine[];
  total: number;
  page: number;
  pageSize: number;
}

export interface OpsStore {
  id: number;
  name: string;
  city: string;
}

export const listStores = () =>
  call(() => customerApi.get('ops/stores').json<{ data: OpsStore[] }>()).then((r) => r.data);

export const listStock = (query: {
  store: number | null;
  q: string;
  filter: StockFilter;
  lowFirst: boolean;
  page: number;
}) =>
  call(() =>
    customerApi
      .get('ops/stock', {
        searchParams: {
          ...(query.store !== null && { store: query.store }),
          ...(query.q && { q: query.q }),
          filter: query.filter,
          lowFirst: query.lowFirst,
          page: query.page,
          pageSize: 20,
        },
      })
      .json<StockPage>(),
  );

export interface StockAdjusted {
  productId: number;
  storeId: number;
  before: number;
  stock: number;
}

export const adjustStock = (adjustment: {
  store: number | null;
  productId: number;
  kind: AdjustKind;
  quantity: number;
  reason: string;
}) =>
  call(() =>
    customerApi
      .post('ops/stock/adjustments', {
        json: {
          ...(adjustment.store !== null && { store: adjustment.store }),
          productId: adjustment.productId,
          kind: adjustment.kind,
          quantity: adjustment.quantity,
          reason: adjustment.reason,
        },
      })
      .json<{ data: StockAdjusted }>(),
  ).then((r) => r.data);
