import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

import type { Charges } from '../../domain/charges';
import type { OrderAddressSnapshot } from '../../domain/order-rules';
import { canCancel, isOrderStatus, type OrderStatus } from '../../domain/order-status';
import { paymentLabel, type PaymentMethodId } from '../../domain/payments';
import type { Db, Executor } from '../client';
import { orderItems, orders, stores } from '../schema';

export interface OrderItemDetail {
  productId: number;
  name: string;
  image: string;
  packSize: string;
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
}

export interface OrderDetail {
  id: string;
  number: number;
  status: OrderStatus;
  createdAt: Date;
  updatedAt: Date;
  etaMinutes: number;
  cancelReason: string | null;
  cancelledBy: string | null;
  paymentMethod: PaymentMethodId;
  paymentLabel: string;
  address: OrderAddressSnapshot;
  store: { name: string; city: string };
  charges: Charges;
  items: OrderItemDetail[];
  canCancel: boolean;
}

export interface OrderSummary {
  id: string;
  number: number;
  status: OrderStatus;
  createdAt: Date;
  totalPaise: number;
  itemCount: number;
}

const orderColumns = {
  id: orders.id,
  number: orders.number,
  status: orders.status,
  createdAt: orders.createdAt,
  updatedAt: orders.updatedAt,
  etaMinutes: orders.etaMinutes,
  cancelReason: orders.cancelReason,
  cancelledBy: orders.cancelledBy,
  paymentMethod: orders.paymentMethod,
  address: orders.address,
  itemsPaise: orders.itemsPaise,
  mrpPaise: orders.mrpPaise,
  deliveryPaise: orders.deliveryPaise,
  handlingPaise: orders.handlingPaise,
  walletPaise: orders.walletPaise,
  totalPaise: orders.totalPaise,
  payablePaise: orders.payablePaise,
  storeName: stores.name,
  storeCity: stores.city,
};

type OrderRowSelected = Awaited<ReturnType<typeof selectOrderRows>>[number];

const selectOrderRows = (tx: Executor) =>
  tx.select(orderColumns).from(orders).innerJoin(stores, eq(stores.id, orders.storeId));

export function toStatus(value: string): OrderStatus {
  if (!isOrderStatus(value)) throw new Error(`unknown order status ${value}`);
  return value;
}

function toDetail(row: OrderRowSelected, items: OrderItemDetail[]): OrderDetail {
  const status = toStatus(row.status);
  const method = row.paymentMethod as PaymentMethodId;
  return {
    id: row.id,
    number: row.number,
    status,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    etaMinutes: row.etaMinutes,
    cancelReason: row.cancelReason,
    cancelledBy: row.cancelledBy,
    paymentMethod: method,
    paymentLabel: paymentLabel(method, row.walletPaise, row.payablePaise),
    address: row.address,
    store: { name: row.storeName, city: row.storeCity },
    charges: {
      itemsPaise: row.itemsPaise,
      mrpPaise: row.mrpPaise,
      savingsPaise: row.mrpPaise - row.itemsPaise,
      deliveryPaise: row.deliveryPaise,
      handlingPaise: row.handlingPaise,
      totalPaise: row.totalPaise,
      walletPaise: row.walletPaise,
      payablePaise: row.payablePaise,
    },
    items,
    canCancel: canCancel(status),
  };
}

/** One of the customer's orders; undefined when it does not exist or is someone else's. */
export async function loadOrder(tx: Executor, customerId: string | null, orderId: string) {
  const [row] = await selectOrderRows(tx).where(
    customerId ? and(eq(orders.id, orderId), eq(orders.customerId, customerId)) : eq(orders.id, orderId),
  );
  if (!row) return undefined;
  const items = await tx
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      image: orderItems.image,
      packSize: orderItems.packSize,
      pricePaise: orderItems.pricePaise,
      mrpPaise: orderItems.mrpPaise,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(eq(orderItems.orderId, row.id))
    .orderBy(asc(orderItems.position));
  return toDetail(row, items);
}

/** The customer's orders, newest first. */
export async function listOrders(db: Db, customerId: string, page: number, pageSize: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        createdAt: orders.createdAt,
        totalPaise: orders.totalPaise,
        itemCount: sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
      })
      .from(orders)
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return {
    orders: rows.map((row): OrderSummary => ({
      ...row,
      status: toStatus(row.status),
      itemCount: Number(row.itemCount),
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function orderIdByNumber(db: Db, number: number): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return row?.id;
}
