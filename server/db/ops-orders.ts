/**
 * The console's orders board (issue 18, decision 035): a store's orders with what the board
 * shows, the picking list in shelf order, and the staff's advance and cancel, each recorded in
 * the audit log in the transaction of the change. The change itself is the shared code of the
 * CLI and the shopper's cancel (`./orders/status`), never a copy of it.
 */
import { aliasedTable, and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';

import type { OrderStatus } from '../domain/order-status';
import type { SignedInStaff } from '../domain/staff';
import type { Db } from './client';
import { advanceOrder, cancelOrder, type ChangeStatusResult } from './orders/status';
import { toStatus } from './orders/read';
import { categories, customers, orderItems, orders, products, stores } from './schema';
import { recordAudit } from './staff-queries';

/** What the board shows by default: orders still to be handled in the store or on the road. */
export const ACTIVE_STATUSES: OrderStatus[] = ['processing', 'packed', 'dispatched'];

export interface BoardOrder {
  id: string;
  number: number;
  status: OrderStatus;
  storeId: number;
  storeName: string;
  mobile: string;
  createdAt: Date;
  updatedAt: Date;
  itemCount: number;
  totalPaise: number;
  paymentMethod: string;
  cancelReason: string | null;
}

export interface BoardQuery {
  /** The staff member's store; null: every store (an admin). */
  storeId: number | null;
  /** An order number or a shopper's 10-digit mobile: searches every status. */
  q?: { number?: number; mobile?: string } | undefined;
  statuses: OrderStatus[];
  limit: number;
}

const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/** Orders as the board shows them: with their store's name and the shopper's mobile. */
const boardRows = (db: Db, where: SQL | undefined) =>
  db
    .select({
      id: orders.id,
      number: orders.number,
      status: orders.status,
      storeId: orders.storeId,
      storeName: stores.name,
      mobile: customers.mobile,
      createdAt: orders.createdAt,
      updatedAt: orders.updatedAt,
      itemCount,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      cancelReason: orders.cancelReason,
    })
    .from(orders)
    .innerJoin(stores, eq(stores.id, orders.storeId))
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(where)
    .$dynamic();

export async function listBoardOrders(db: Db, query: BoardQuery): Promise<BoardOrder[]> {
  const where: SQL[] = [];
  if (query.storeId !== null) where.push(eq(orders.storeId, query.storeId));
  if (query.q) {
    const either: SQL[] = [];
    if (query.q.number !== undefined) either.push(eq(orders.number, query.q.number));
    if (query.q.mobile !== undefined) either.push(eq(customers.mobile, query.q.mobile));
    where.push(either.length === 1 ? either[0]! : or(...either)!);
  } else {
    where.push(inArray(orders.status, query.statuses));
  }
  const rows = await boardRows(db, and(...where))
    // Oldest first: the order that has waited longest is packed first.
    .orderBy(query.q ? desc(orders.number) : asc(orders.number))
    .limit(query.limit);
  return rows.map((row) => ({ ...row, status: toStatus(row.status) }));
}

/** One order of the board, if the store may see it (null store: any). */
export async function findBoardOrder(db: Db, storeId: number | null, orderId: string): Promise<BoardOrder | null> {
  const where = [eq(orders.id, orderId), ...(storeId === null ? [] : [eq(orders.storeId, storeId)])];
  const [row] = await boardRows(db, and(...where));
  return row ? { ...row, status: toStatus(row.status) } : null;
}

export interface PickLine {
  productId: number;
  name: string;
  packSize: string;
  quantity: number;
  category: string;
  subcategory: string;
}

const subcategory = aliasedTable(categories, 'subcategory');

/**
 * The picking list: the order's lines in shelf order, the order the store's aisles follow the
 * catalogue: by category position, then sub-category position, then product name (decision 035).
 */
export async function pickingList(db: Db, orderId: string): Promise<PickLine[]> {
  return db
    .select({
      productId: orderItems.productId,
      name: orderItems.name,
      packSize: orderItems.packSize,
      quantity: orderItems.quantity,
      category: categories.name,
      subcategory: subcategory.name,
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategory, eq(subcategory.id, products.subcategoryId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(categories.position), asc(subcategory.position), asc(orderItems.name), asc(orderItems.productId));
}

export type StaffChange =
  | { outcome: 'not-found' }
  | { outcome: 'refused'; message: string }
  | { outcome: 'changed'; status: OrderStatus; refundIds: string[] };

/**
 * Advances or cancels an order of the staff member's store, with its audit record, in one
 * transaction (the shared status code runs in a savepoint of it). Another store's order is
 * not found.
 */
export async function staffChangeOrder(
  db: Db,
  staff: SignedInStaff,
  orderId: string,
  change: { action: 'advance' } | { action: 'cancel'; reason: string },
  now: Date,
): Promise<StaffChange> {
  return db.transaction(async (tx): Promise<StaffChange> => {
    const scope = aliasedTable(orders, 'scope');
    const [before] = await tx
      .select({ status: scope.status, number: scope.number })
      .from(scope)
      .where(and(eq(scope.id, orderId), ...(staff.storeId === null ? [] : [eq(scope.storeId, staff.storeId)])));
    if (!before) return { outcome: 'not-found' };
    // A transaction is a Db for the shared code: its own transaction() becomes a savepoint.
    const inTx = tx as unknown as Db;
    const result: ChangeStatusResult =
      change.action === 'advance'
        ? await advanceOrder(inTx, orderId, now)
        : await cancelOrder(inTx, { customerId: null, orderId, reason: change.reason, now });
    if (result.outcome === 'not-found') return result;
    if (result.outcome === 'refused') return { outcome: 'refused', message: result.message };
    await recordAudit(tx, {
      staff,
      action: change.action === 'advance' ? 'order.advance' : 'order.cancel',
      targetType: 'order',
      targetId: orderId,
      before: { number: before.number, status: before.status },
      after: {
        number: before.number,
        status: result.order.status,
        ...(change.action === 'cancel' && { reason: change.reason }),
      },
      at: now,
    });
    return { outcome: 'changed', status: result.order.status, refundIds: result.refundIds ?? [] };
  });
}
