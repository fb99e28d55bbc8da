import { and, asc, count, desc, eq, sql } from 'drizzle-orm';

import type { Charges } from '../../domain/charges';
import type { OrderAddressSnapshot } from '../../domain/order-rules';
import { canCancel, isOrderStatus, type OrderStatus } from '../../domain/order-status';
import { expectedBy, timelineOf, type TimelineEntry } from '../../domain/order-timeline';
import { paymentLabel, type PaymentMethodId, type PaymentState } from '../../domain/payments';
import type { Db, Executor } from '../client';
import { orderEvents, orderItems, orderPayments, orders, stores } from '../schema';

export interface OrderItemDetail {
  productId: number;
  name: string;
  image: string;
  packSize: string;
  pricePaise: number;
  mrpPaise: number;
  quantity: number;
}

/** How an order is paid and where its payment stands (issue 17; the API's `payment`). */
export interface OrderPaymentDetail {
  method: PaymentMethodId | 'gift-card';
  state: PaymentState;
  /** Paid or to pay online (or on delivery): the order's payable amount. */
  amountPaise: number;
  paidAt: Date | null;
  failureReason: string | null;
  /** When the stock hold ends, while the payment is awaited or failed. */
  payBy: Date | null;
  /** The order's refunds together (more than one only after a double or late payment). */
  refund: { amountPaise: number; state: 'pending' | 'processed' | 'failed'; updatedAt: Date } | null;
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
  payment: OrderPaymentDetail;
  /** When it was placed and reached each status since (issue 19). */
  timeline: TimelineEntry[];
  /** When it should be at the door; null when there is nothing to wait for. */
  expectedBy: Date | null;
}

export interface OrderSummary {
  id: string;
  number: number;
  status: OrderStatus;
  createdAt: Date;
  totalPaise: number;
  itemCount: number;
  paymentLabel: string;
  payment: OrderPaymentDetail;
  cancelReason: string | null;
  cancelledBy: string | null;
}

/** The refunds of an order, summed (null when none), as one jsonb value. */
const refundSummary = sql<{ amountPaise: number; states: string[]; updatedAt: string } | null>`(
  select jsonb_build_object('amountPaise', sum(r.amount_paise)::int, 'states', jsonb_agg(r.state), 'updatedAt', max(r.updated_at))
  from refunds r where r.order_id = ${orders.id} having count(*) > 0)`;

/**
 * The columns an order's payment is read from besides the order's method, wallet and payable
 * amounts (orders left-joined with order_payments).
 */
const paymentColumns = {
  onlineState: orderPayments.state,
  paidAt: orderPayments.paidAt,
  failureReason: orderPayments.failureReason,
  holdUntil: orderPayments.holdUntil,
  refund: refundSummary,
};

type PaymentColumns = {
  paymentMethod: string;
  walletPaise: number;
  payablePaise: number;
  onlineState: string | null;
  paidAt: Date | null;
  failureReason: string | null;
  holdUntil: Date | null;
  refund: { amountPaise: number; states: string[]; updatedAt: string } | null;
};

/** An order's `payment`, from its row (see paymentColumns). */
export function toPayment(row: PaymentColumns): OrderPaymentDetail {
  const method = row.paymentMethod as PaymentMethodId;
  const state: PaymentState =
    row.onlineState !== null
      ? (row.onlineState as PaymentState)
      : row.payablePaise === 0
        ? 'not-required'
        : method === 'cod'
          ? 'due-on-delivery'
          : 'awaiting';
  const refund = row.refund && {
    amountPaise: row.refund.amountPaise,
    state: row.refund.states.includes('failed')
      ? ('failed' as const)
      : row.refund.states.every((s) => s === 'processed')
        ? ('processed' as const)
        : ('pending' as const),
    updatedAt: new Date(row.refund.updatedAt),
  };
  return {
    method: row.payablePaise === 0 ? 'gift-card' : method,
    state,
    amountPaise: row.payablePaise,
    paidAt: row.paidAt,
    failureReason: state === 'failed' ? row.failureReason : null,
    payBy: state === 'awaiting' || state === 'failed' ? row.holdUntil : null,
    refund,
  };
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
  ...paymentColumns,
};

type OrderRowSelected = Awaited<ReturnType<typeof selectOrderRows>>[number];

const selectOrderRows = (tx: Executor) =>
  tx
    .select(orderColumns)
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id));

export function toStatus(value: string): OrderStatus {
  if (!isOrderStatus(value)) throw new Error(`unknown order status ${value}`);
  return value;
}

function toDetail(row: OrderRowSelected, items: OrderItemDetail[], events: EventRow[]): OrderDetail {
  const status = toStatus(row.status);
  const timeline = timelineOf(events, { status, createdAt: row.createdAt, updatedAt: row.updatedAt });
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
    payment: toPayment(row),
    timeline,
    expectedBy: expectedBy(timeline, status, row.etaMinutes),
  };
}

type EventRow = { kind: string; status: string; at: Date };

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
  const events = await tx
    .select({ kind: orderEvents.kind, status: orderEvents.status, at: orderEvents.at })
    .from(orderEvents)
    .where(eq(orderEvents.orderId, row.id))
    .orderBy(asc(orderEvents.id));
  return toDetail(row, items, events);
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
        paymentMethod: orders.paymentMethod,
        walletPaise: orders.walletPaise,
        payablePaise: orders.payablePaise,
        cancelReason: orders.cancelReason,
        cancelledBy: orders.cancelledBy,
        ...paymentColumns,
      })
      .from(orders)
      .leftJoin(orderPayments, eq(orderPayments.orderId, orders.id))
      .where(eq(orders.customerId, customerId))
      .orderBy(desc(orders.createdAt), desc(orders.number))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(eq(orders.customerId, customerId)),
  ]);
  return {
    orders: rows.map((row): OrderSummary => ({
      id: row.id,
      number: row.number,
      status: toStatus(row.status),
      createdAt: row.createdAt,
      totalPaise: row.totalPaise,
      itemCount: Number(row.itemCount),
      paymentLabel: paymentLabel(row.paymentMethod as PaymentMethodId, row.walletPaise, row.payablePaise),
      payment: toPayment(row),
      cancelReason: row.cancelReason,
      cancelledBy: row.cancelledBy,
    })),
    total: Number(total?.n ?? 0),
  };
}

export async function orderIdByNumber(db: Db, number: number): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return row?.id;
}
