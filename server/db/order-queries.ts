import { randomUUID } from 'node:crypto';

import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';

import { computeCharges, type Charges } from '../domain/charges';
import { findServingStore, type StoreLocation } from '../domain/delivery';
import { canCancel, isOrderStatus, transition, type OrderStatus } from '../domain/order-status';
import { PAYMENT_PROVIDERS, paymentLabel, type PaymentMethodId } from '../domain/payments';
import type { Db } from './client';
import { preparedStatement } from './prepared';
import {
  addresses,
  customers,
  orderItems,
  orders,
  products,
  stores,
  walletLedger,
  type OrderAddressSnapshot,
} from './schema';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Executor = Db | Tx;

export interface OrderLineInput {
  productId: number;
  quantity: number;
  /** The price in paise the shopper was shown; a different current price refuses the order. */
  pricePaise: number;
}

export interface PlaceOrderInput {
  customerId: string;
  idempotencyKey: string;
  addressId: string;
  lines: OrderLineInput[];
  useWallet: boolean;
  paymentMethod: PaymentMethodId;
  stores: readonly StoreLocation[];
  now: Date;
}

/** A product of the order as it stands now, sent back when the order could not be placed. */
export interface CurrentLine {
  productId: number;
  name: string;
  pricePaise: number;
  mrpPaise: number;
  /** What the shopper asked for. */
  quantity: number;
  /** How many can be bought now (0: out of stock or no longer sold). */
  available: number;
  problem: 'price-changed' | 'out-of-stock' | 'not-enough-stock' | 'unavailable' | null;
}

export type PlaceOrderResult =
  | { outcome: 'placed'; order: OrderDetail; replayed: boolean }
  | { outcome: 'address-not-found' }
  | { outcome: 'unserviceable' }
  | { outcome: 'changed'; lines: CurrentLine[] };

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

/** Every write to a customer's orders or wallet first locks the customer's row: one at a time. */
async function lockCustomer(tx: Executor, customerId: string): Promise<boolean> {
  const [row] = await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
  return Boolean(row);
}

export async function walletBalancePaise(tx: Executor, customerId: string): Promise<number> {
  const [row] = await tx
    .select({ balance: sql<string | number | null>`coalesce(sum(${walletLedger.amountPaise}), 0)` })
    .from(walletLedger)
    .where(eq(walletLedger.customerId, customerId));
  return Number(row?.balance ?? 0);
}

export function addressSnapshot(row: OrderAddressSnapshot): OrderAddressSnapshot {
  return {
    tag: row.tag,
    name: row.name,
    buildingName: row.buildingName,
    floor: row.floor,
    nearBy: row.nearBy,
    locality: row.locality,
    city: row.city,
    mobile: row.mobile,
    latitude: row.latitude,
    longitude: row.longitude,
  };
}

interface ProductNow {
  id: number;
  name: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
}

/** Each line against the product as it is now: what changed since the shopper saw it. */
export function checkLines(lines: readonly OrderLineInput[], current: readonly ProductNow[]): CurrentLine[] {
  const byId = new Map(current.map((row) => [row.id, row]));
  return lines.map((line): CurrentLine => {
    const product = byId.get(line.productId);
    if (!product) {
      return { ...line, name: '', mrpPaise: line.pricePaise, available: 0, problem: 'unavailable' };
    }
    const problem =
      product.stock <= 0
        ? 'out-of-stock'
        : product.stock < line.quantity
          ? 'not-enough-stock'
          : product.pricePaise !== line.pricePaise
            ? 'price-changed'
            : null;
    return {
      productId: product.id,
      name: product.name,
      pricePaise: product.pricePaise,
      mrpPaise: product.mrpPaise,
      quantity: line.quantity,
      available: Math.max(0, product.stock),
      problem,
    };
  });
}

/** Merges repeated product ids (a client may send a product twice) and sorts by id. */
export function mergeLines(lines: readonly OrderLineInput[]): OrderLineInput[] {
  const byId = new Map<number, OrderLineInput>();
  for (const line of lines) {
    const seen = byId.get(line.productId);
    byId.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : { ...line });
  }
  return [...byId.values()].sort((a, b) => a.productId - b.productId);
}

/** What placing an order reads first, without locks; `place_order` checks it still holds. */
interface OrderContext {
  existingId: string | null;
  address: (OrderAddressSnapshot & { version: number }) | null;
  products: (ProductNow & { image: string; packSize: string })[];
  balance: number | null;
}

const orderContext = preparedStatement<OrderContext>(
  'order_context',
  sql`select
    (select o.id from ${orders} o where o.customer_id = ${sql.placeholder('customerId')}::uuid
      and o.idempotency_key = ${sql.placeholder('key')}::text) as "existingId",
    (select jsonb_build_object('tag', a.tag, 'name', a.name, 'buildingName', a.building_name, 'floor', a.floor,
        'nearBy', a.near_by, 'locality', a.locality, 'city', a.city, 'mobile', a.mobile,
        'latitude', a.latitude, 'longitude', a.longitude, 'version', a.version)
      from ${addresses} a
      where a.id = ${sql.placeholder('addressId')}::uuid and a.customer_id = ${sql.placeholder('customerId')}::uuid
    ) as address,
    (select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'image', p.image,
        'packSize', p.pack_size, 'pricePaise', p.price_paise, 'mrpPaise', p.mrp_paise, 'stock', p.stock)), '[]')
      from ${products} p where p.id = any(${sql.placeholder('ids')}::int[])) as products,
    case when ${sql.placeholder('useWallet')}::boolean then
      (select coalesce(sum(w.amount_paise), 0)::int from ${walletLedger} w
        where w.customer_id = ${sql.placeholder('customerId')}::uuid)
    end as balance`,
);

const placeOrderStatement = preparedStatement<{ result: PlaceResult }>(
  'place_order',
  sql`select place_order(${sql.join(
    [
      sql`${sql.placeholder('customerId')}::uuid`,
      sql`${sql.placeholder('key')}::text`,
      sql`${sql.placeholder('addressId')}::uuid`,
      sql`${sql.placeholder('addressVersion')}::int`,
      sql`${sql.placeholder('ids')}::int[]`,
      sql`${sql.placeholder('quantities')}::int[]`,
      sql`${sql.placeholder('prices')}::int[]`,
      sql`${sql.placeholder('mrps')}::int[]`,
      sql`${sql.placeholder('names')}::text[]`,
      sql`${sql.placeholder('images')}::text[]`,
      sql`${sql.placeholder('packSizes')}::text[]`,
      sql`${sql.placeholder('itemMrps')}::int[]`,
      sql`${sql.placeholder('balance')}::int`,
      sql`${sql.placeholder('orderId')}::uuid`,
      sql`${sql.placeholder('storeId')}::int`,
      sql`${sql.placeholder('etaMinutes')}::int`,
      sql`${sql.placeholder('address')}::jsonb`,
      sql`${sql.placeholder('paymentMethod')}::text`,
      sql`${sql.placeholder('itemsPaise')}::int`,
      sql`${sql.placeholder('mrpPaise')}::int`,
      sql`${sql.placeholder('deliveryPaise')}::int`,
      sql`${sql.placeholder('handlingPaise')}::int`,
      sql`${sql.placeholder('walletPaise')}::int`,
      sql`${sql.placeholder('totalPaise')}::int`,
      sql`${sql.placeholder('payablePaise')}::int`,
      sql`${sql.placeholder('now')}::timestamptz`,
    ],
    sql`, `,
  )}) as result`,
);

/**
 * Places an order (decision 013). First optimistically, in one statement: the order's context (an
 * order with the same key, the address, the products, the wallet) is read without locks and the
 * store, charges and item snapshots worked out from it; then `place_order` (migration 0007) locks
 * the customer's row (so a double tap waits for the first and then finds its order by the
 * idempotency key) and the products in id order (no deadlocks between orders), checks stock and
 * the prices the shopper saw, checks that nothing the charges came from changed, and writes the
 * order, its items, the stock and the wallet debit. Anything that does not match what the shopper
 * saw writes nothing. If something the shopper did not see changed in between (the wallet, by a
 * concurrent order of the same customer; an address edit; an MRP), the order is worked out once
 * more in a transaction that holds those locks from the start, where nothing can change.
 */
export async function placeOrder(db: Db, input: PlaceOrderInput): Promise<PlaceOrderResult> {
  const lines = mergeLines(input.lines);
  const first = await attemptOrder(db, input, lines, false);
  if (first !== 'stale') return first;
  return db.transaction(async (tx) => {
    if (!(await lockCustomer(tx, input.customerId))) return { outcome: 'address-not-found' };
    await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, input.addressId), eq(addresses.customerId, input.customerId)))
      .for('share');
    await tx
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((line) => line.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for('update');
    const again = await attemptOrder(tx, input, lines, true);
    if (again === 'stale') throw new Error("an order's context changed while it was locked");
    return again;
  });
}

/** One go at placing the order; 'stale' when what it was worked out from changed meanwhile. */
async function attemptOrder(
  executor: Executor,
  input: PlaceOrderInput,
  lines: OrderLineInput[],
  inTransaction: boolean,
): Promise<PlaceOrderResult | 'stale'> {
  const ids = lines.map((line) => line.productId);
  const [context] = await orderContext(executor, {
    customerId: input.customerId,
    key: input.idempotencyKey,
    addressId: input.addressId,
    ids,
    useWallet: input.useWallet,
  });
  if (!context) throw new Error('the order context statement returned no row');
  if (context.existingId) return replayed(executor, input.customerId, context.existingId);
  const { address } = context;
  if (!address) return { outcome: 'address-not-found' };
  const served = findServingStore(address, input.stores);
  if (!served.serviceable) return { outcome: 'unserviceable' };
  const checked = checkLines(lines, context.products);
  if (checked.some((line) => line.problem !== null)) return { outcome: 'changed', lines: checked };

  const byId = new Map(context.products.map((row) => [row.id, row]));
  const charges = computeCharges(
    lines.map((line) => {
      const product = byId.get(line.productId)!;
      return { pricePaise: product.pricePaise, mrpPaise: product.mrpPaise, quantity: line.quantity };
    }),
    context.balance ?? 0,
  );
  const items = lines.map((line): OrderItemDetail => {
    const product = byId.get(line.productId)!;
    return {
      productId: product.id,
      name: product.name,
      image: product.image,
      packSize: product.packSize,
      pricePaise: product.pricePaise,
      mrpPaise: Math.max(product.mrpPaise, product.pricePaise),
      quantity: line.quantity,
    };
  });
  const snapshot = addressSnapshot(address);
  const orderId = randomUUID();
  const provider = PAYMENT_PROVIDERS[input.paymentMethod];
  const place = async (on: Executor) => {
    const [row] = await placeOrderStatement(on, {
      customerId: input.customerId,
      key: input.idempotencyKey,
      addressId: input.addressId,
      addressVersion: address.version,
      ids,
      quantities: lines.map((line) => line.quantity),
      prices: lines.map((line) => line.pricePaise),
      mrps: lines.map((line) => byId.get(line.productId)!.mrpPaise),
      names: items.map((item) => item.name),
      images: items.map((item) => item.image),
      packSizes: items.map((item) => item.packSize),
      itemMrps: items.map((item) => item.mrpPaise),
      balance: context.balance,
      orderId,
      storeId: served.store.id,
      etaMinutes: served.etaMinutes,
      address: JSON.stringify(snapshot),
      paymentMethod: input.paymentMethod,
      itemsPaise: charges.itemsPaise,
      mrpPaise: charges.mrpPaise,
      deliveryPaise: charges.deliveryPaise,
      handlingPaise: charges.handlingPaise,
      walletPaise: charges.walletPaise,
      totalPaise: charges.totalPaise,
      payablePaise: charges.payablePaise,
      now: input.now.toISOString(),
    });
    const result = row!.result;
    if (result.outcome !== 'placed') return result;
    const payment = await provider.authorize({
      orderId,
      orderNumber: result.number,
      amountPaise: charges.payablePaise,
    });
    // Inside a transaction (see authorizeInTransaction) this rolls the order back.
    if (payment.status === 'failed') throw new Error(`payment failed: ${payment.message}`);
    return result;
  };
  const result =
    provider.authorizeInTransaction && !inTransaction
      ? await executor.transaction((tx) => place(tx))
      : await place(executor);
  switch (result.outcome) {
    case 'replayed':
      return replayed(executor, input.customerId, result.id);
    case 'address-not-found':
      return { outcome: 'address-not-found' };
    case 'changed':
      return { outcome: 'changed', lines: checkLines(lines, result.products) };
    case 'stale':
      return 'stale';
    case 'placed':
      break;
  }
  // Built from what was just written rather than read back.
  const order: OrderDetail = {
    id: orderId,
    number: result.number,
    status: 'processing',
    createdAt: input.now,
    updatedAt: input.now,
    etaMinutes: served.etaMinutes,
    cancelReason: null,
    cancelledBy: null,
    paymentMethod: input.paymentMethod,
    paymentLabel: paymentLabel(input.paymentMethod, charges.walletPaise, charges.payablePaise),
    address: snapshot,
    store: { name: served.store.name, city: served.store.city },
    charges,
    items,
    canCancel: true,
  };
  return { outcome: 'placed', order, replayed: false };
}

/** What `place_order` answers (migration 0007). */
type PlaceResult =
  | { outcome: 'placed'; number: number }
  | { outcome: 'replayed'; id: string }
  | { outcome: 'address-not-found' }
  | { outcome: 'changed'; products: ProductNow[] }
  | { outcome: 'stale' };

async function replayed(executor: Executor, customerId: string, orderId: string): Promise<PlaceOrderResult> {
  const order = await loadOrder(executor, customerId, orderId);
  return { outcome: 'placed', order: order!, replayed: true };
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

function toStatus(value: string): OrderStatus {
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

export interface OrderSummary {
  id: string;
  number: number;
  status: OrderStatus;
  createdAt: Date;
  totalPaise: number;
  itemCount: number;
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

export type ChangeStatusResult =
  | { outcome: 'changed'; order: OrderDetail }
  | { outcome: 'not-found' }
  | { outcome: 'refused'; message: string; order: OrderDetail };

/**
 * Cancels a processing order: the stock goes back on the shelf and any wallet payment back to
 * the wallet, in one transaction. `customerId` null is the store (ops command).
 */
export async function cancelOrder(
  db: Db,
  input: { customerId: string | null; orderId: string; reason: string; now: Date },
): Promise<ChangeStatusResult> {
  return db.transaction(async (tx): Promise<ChangeStatusResult> => {
    const [head] = await tx
      .select({ customerId: orders.customerId })
      .from(orders)
      .where(
        input.customerId
          ? and(eq(orders.id, input.orderId), eq(orders.customerId, input.customerId))
          : eq(orders.id, input.orderId),
      );
    if (!head) return { outcome: 'not-found' };
    await lockCustomer(tx, head.customerId);
    const [row] = await tx
      .select({
        status: orders.status,
        walletPaise: orders.walletPaise,
        number: orders.number,
        paymentMethod: orders.paymentMethod,
        payablePaise: orders.payablePaise,
      })
      .from(orders)
      .where(eq(orders.id, input.orderId))
      .for('update');
    const step = transition(toStatus(row!.status), 'cancel');
    if (!step.ok) {
      return { outcome: 'refused', message: step.message, order: (await loadOrder(tx, null, input.orderId))! };
    }
    await tx
      .update(orders)
      .set({
        status: step.next,
        cancelReason: input.reason,
        cancelledBy: input.customerId ? 'customer' : 'store',
        updatedAt: input.now,
      })
      .where(eq(orders.id, input.orderId));
    const lines = await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, input.orderId))
      .orderBy(asc(orderItems.productId));
    // Locked in id order, as orders lock them, so a cancel and an order never deadlock.
    await tx
      .select({ id: products.id })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((line) => line.productId),
        ),
      )
      .orderBy(asc(products.id))
      .for('update');
    const values = sql.join(
      lines.map((line) => sql`(${line.productId}::int, ${line.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${products} set stock = ${products.stock} + v.qty
      from (values ${values}) as v(id, qty) where ${products.id} = v.id`);
    if (row!.walletPaise > 0) {
      await tx.insert(walletLedger).values({
        customerId: head.customerId,
        amountPaise: row!.walletPaise,
        kind: 'refund',
        orderId: input.orderId,
        createdAt: input.now,
      });
    }
    await PAYMENT_PROVIDERS[row!.paymentMethod as PaymentMethodId].refund({
      orderId: input.orderId,
      orderNumber: row!.number,
      amountPaise: row!.payablePaise,
    });
    return { outcome: 'changed', order: (await loadOrder(tx, null, input.orderId))! };
  });
}

/** Moves an order one step on (processing -> dispatched -> delivered): store staff only. */
export async function advanceOrder(db: Db, orderId: string, now: Date): Promise<ChangeStatusResult> {
  return db.transaction(async (tx): Promise<ChangeStatusResult> => {
    const [row] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) return { outcome: 'not-found' };
    const step = transition(toStatus(row.status), 'advance');
    if (!step.ok) return { outcome: 'refused', message: step.message, order: (await loadOrder(tx, null, orderId))! };
    await tx.update(orders).set({ status: step.next, updatedAt: now }).where(eq(orders.id, orderId));
    return { outcome: 'changed', order: (await loadOrder(tx, null, orderId))! };
  });
}

export async function orderIdByNumber(db: Db, number: number): Promise<string | undefined> {
  const [row] = await db.select({ id: orders.id }).from(orders).where(eq(orders.number, number));
  return row?.id;
}

export async function listStores(db: Executor): Promise<StoreLocation[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      city: stores.city,
      latitude: stores.latitude,
      longitude: stores.longitude,
      radiusKm: stores.radiusKm,
    })
    .from(stores)
    .where(eq(stores.active, true))
    .orderBy(asc(stores.city), asc(stores.id));
}

export interface Quote {
  lines: CurrentLine[];
  charges: Charges;
  balancePaise: number;
  /** Null when no address was given; otherwise whether and how soon it is served. */
  delivery: ReturnType<typeof findServingStore> | null;
  addressFound: boolean;
}

/**
 * What the order would cost now, without taking anything: current prices and stock of each
 * line (with the same problems placeOrder would refuse), the bill of what can be bought, the
 * wallet and the address's serviceability.
 */
export async function quoteOrder(
  db: Db,
  input: {
    customerId: string;
    addressId?: string | undefined;
    lines: OrderLineInput[];
    useWallet: boolean;
    stores: readonly StoreLocation[];
  },
): Promise<Quote> {
  const lines = mergeLines(input.lines);
  const [current, balancePaise, address] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        mrpPaise: products.mrpPaise,
        stock: products.stock,
      })
      .from(products)
      .where(
        inArray(
          products.id,
          lines.map((line) => line.productId),
        ),
      ),
    walletBalancePaise(db, input.customerId),
    input.addressId
      ? db
          .select({ latitude: addresses.latitude, longitude: addresses.longitude })
          .from(addresses)
          .where(and(eq(addresses.id, input.addressId), eq(addresses.customerId, input.customerId)))
          .then((rows) => rows[0])
      : Promise.resolve(undefined),
  ]);
  const checked = checkLines(lines, current);
  const charges = computeCharges(
    checked
      .filter((line) => line.available > 0)
      .map((line) => ({
        pricePaise: line.pricePaise,
        mrpPaise: line.mrpPaise,
        quantity: Math.min(line.quantity, line.available),
      })),
    input.useWallet ? balancePaise : 0,
  );
  return {
    lines: checked,
    charges,
    balancePaise,
    delivery: address ? findServingStore(address, input.stores) : null,
    addressFound: Boolean(address),
  };
}

/**
 * For a deleted account: orders stay (they are the store's records) but lose who and where:
 * only the city of the delivery address is kept.
 */
export async function anonymiseOrders(db: Db, customerId: string) {
  await db.execute(sql`
    update ${orders} set address = jsonb_build_object(
      'tag', '', 'name', '', 'buildingName', '', 'floor', null, 'nearBy', null, 'locality', '',
      'city', ${orders.address}->>'city', 'mobile', null, 'latitude', 0, 'longitude', 0)
    where ${orders.customerId} = ${customerId}`);
}

/** Everything about a customer's orders, newest first, for the account's data export. */
export async function exportOrders(db: Db, customerId: string): Promise<OrderDetail[]> {
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.customerId, customerId))
    .orderBy(desc(orders.createdAt));
  const details: OrderDetail[] = [];
  for (const { id } of ids) details.push((await loadOrder(db, customerId, id))!);
  return details;
}
