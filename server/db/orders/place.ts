import { randomUUID } from 'node:crypto';

import { and, eq, sql } from 'drizzle-orm';

import { computeCharges, type Charges } from '../../domain/charges';
import { findServingStore, type StoreLocation } from '../../domain/delivery';
import {
  addressSnapshot,
  checkLines,
  mergeLines,
  type CurrentLine,
  type OrderAddressSnapshot,
  type OrderLineInput,
  type ProductNow,
} from '../../domain/order-rules';
import { cashOnDelivery, paymentLabel, paysOnline, type PaymentMethodId } from '../../domain/payments';
import type { GatewayId } from '../../payments/gateway';
import type { Db, Executor } from '../client';
import { lockCustomer, lockProducts } from '../locks';
import { insertOrderPayment } from '../payments';
import { preparedStatement } from '../prepared';
import { addresses, orderItems, orders, products, storeStock, walletLedger } from '../schema';
import { loadOrder, type OrderDetail, type OrderItemDetail } from './read';
import { cancelOrderIn } from './status';

export interface PlaceOrderInput {
  customerId: string;
  idempotencyKey: string;
  addressId: string;
  lines: OrderLineInput[];
  useWallet: boolean;
  paymentMethod: PaymentMethodId;
  stores: readonly StoreLocation[];
  now: Date;
  /**
   * Online payment, when a gateway is configured: an order paid by UPI or card (with something
   * left to pay after the gift card) is written awaiting payment, its stock held for
   * `holdMinutes`, and its payment row holding the lease to create the gateway order for
   * `leaseMs`. Without it such an order is refused ('online-unavailable').
   */
  online?: { gateway: GatewayId; holdMinutes: number; leaseMs: number } | null;
  /**
   * An order of the same shopper, placed for online payment from the cart as it was before it
   * changed: cancelled in the same transaction as this order is placed (its stock released first,
   * for this order to take), and kept as it was if this order cannot be placed.
   */
  replacesOrderId?: string | undefined;
}

/**
 * Why an order replaced by another records its cancellation: the order that took its place, which
 * the shopper finds in My Orders. Until that order has its number, in the same transaction (and on
 * orders replaced by earlier builds), it says only that it was replaced.
 */
export const replacedReason = (number?: number) =>
  number === undefined ? 'Replaced by a newer order' : `Replaced by order #${number}`;

export type PlaceOrderResult =
  | { outcome: 'placed'; order: OrderDetail; replayed: boolean }
  | { outcome: 'address-not-found' }
  | { outcome: 'unserviceable' }
  | { outcome: 'changed'; lines: CurrentLine[] }
  /** The idempotency key already placed an order from a different request. */
  | { outcome: 'key-reused' }
  /** UPI or card with an amount to pay, and no gateway (PAYMENT_PROVIDER=off). */
  | { outcome: 'online-unavailable' }
  /** The order to replace was paid meanwhile (or its payment is being confirmed): nothing written. */
  | { outcome: 'earlier-paid'; order: OrderDetail };

/** What placing an order reads first, without locks; `place_order` checks it still holds. */
interface OrderContext {
  existingId: string | null;
  address: (OrderAddressSnapshot & { version: number }) | null;
  /** `stock` is filled in from `stocks` once the serving store is known. */
  products: (ProductNow & { image: string; packSize: string; stocks: Record<string, number> })[];
  balance: number | null;
}

const orderContext = preparedStatement<
  OrderContext,
  { customerId: string; key: string; addressId: string; ids: number[]; useWallet: boolean }
>(
  'order_context',
  sql`select
    (select o.id from ${orders} o where o.customer_id = ${sql.placeholder('customerId')}::uuid
      and o.idempotency_key = ${sql.placeholder('key')}::text) as "existingId",
    (select jsonb_build_object('tag', a.tag, 'name', a.name, 'buildingName', a.building_name, 'floor', a.floor,
        'nearBy', a.near_by, 'locality', a.locality, 'city', a.city, 'mobile', a.mobile,
        'latitude', a.latitude, 'longitude', a.longitude, 'pincode', a.pincode, 'version', a.version)
      from ${addresses} a
      where a.id = ${sql.placeholder('addressId')}::uuid and a.customer_id = ${sql.placeholder('customerId')}::uuid
    ) as address,
    (select coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', p.name, 'image', p.image,
        'packSize', p.pack_size, 'pricePaise', p.price_paise, 'mrpPaise', p.mrp_paise, 'stock', 0,
        'stocks', (select coalesce(jsonb_object_agg(s.store_id, s.stock), '{}') from ${storeStock} s
          where s.product_id = p.id))), '[]')
      from ${products} p where p.id = any(${sql.placeholder('ids')}::int[])) as products,
    case when ${sql.placeholder('useWallet')}::boolean then
      (select coalesce(sum(w.amount_paise), 0)::int from ${walletLedger} w
        where w.customer_id = ${sql.placeholder('customerId')}::uuid)
    end as balance`,
);

/** The arguments of `place_order` (migration 0007) by name; PLACE_ORDER_PARAMETERS gives their order. */
interface PlaceOrderArguments {
  customerId: string;
  key: string;
  addressId: string;
  /** The address version the order was worked out from: an edit since makes the call 'stale'. */
  addressVersion: number;
  /** The lines, one array per field, in product id order. */
  ids: number[];
  quantities: number[];
  /** The prices the shopper saw, and the MRPs the charges came from. */
  prices: number[];
  mrps: number[];
  /** The item snapshots the order keeps. */
  names: string[];
  images: string[];
  packSizes: string[];
  itemMrps: number[];
  /** The wallet balance the charges came from; null when the wallet is not used. */
  balance: number | null;
  orderId: string;
  storeId: number;
  etaMinutes: number;
  /** OrderAddressSnapshot as JSON. */
  address: string;
  paymentMethod: PaymentMethodId;
  itemsPaise: number;
  mrpPaise: number;
  deliveryPaise: number;
  handlingPaise: number;
  walletPaise: number;
  totalPaise: number;
  payablePaise: number;
  /** ISO 8601. */
  now: string;
}

/** `place_order`'s parameters in their SQL order, with their SQL types. */
const PLACE_ORDER_PARAMETERS: readonly (readonly [keyof PlaceOrderArguments, string])[] = [
  ['customerId', 'uuid'],
  ['key', 'text'],
  ['addressId', 'uuid'],
  ['addressVersion', 'int'],
  ['ids', 'int[]'],
  ['quantities', 'int[]'],
  ['prices', 'int[]'],
  ['mrps', 'int[]'],
  ['names', 'text[]'],
  ['images', 'text[]'],
  ['packSizes', 'text[]'],
  ['itemMrps', 'int[]'],
  ['balance', 'int'],
  ['orderId', 'uuid'],
  ['storeId', 'int'],
  ['etaMinutes', 'int'],
  ['address', 'jsonb'],
  ['paymentMethod', 'text'],
  ['itemsPaise', 'int'],
  ['mrpPaise', 'int'],
  ['deliveryPaise', 'int'],
  ['handlingPaise', 'int'],
  ['walletPaise', 'int'],
  ['totalPaise', 'int'],
  ['payablePaise', 'int'],
  ['now', 'timestamptz'],
];

/** What `place_order` answers (migration 0007). */
type PlaceResult =
  | { outcome: 'placed'; number: number }
  | { outcome: 'replayed'; id: string }
  | { outcome: 'address-not-found' }
  | { outcome: 'changed'; products: ProductNow[] }
  | { outcome: 'stale' };

const placeOrderStatement = preparedStatement<{ result: PlaceResult }, PlaceOrderArguments>(
  'place_order',
  sql`select place_order(${sql.join(
    PLACE_ORDER_PARAMETERS.map(([name, type]) => sql`${sql.placeholder(name)}::${sql.raw(type)}`),
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
  if (input.replacesOrderId) return placeReplacing(db, input, lines, input.replacesOrderId);
  const first = await attemptOrder(db, input, lines, false);
  if (first !== 'stale') return first;
  return db.transaction(async (tx) => {
    if (!(await lockCustomerAndAddress(tx, input))) return { outcome: 'address-not-found' };
    await lockProducts(
      tx,
      lines.map((line) => line.productId),
    );
    const again = await attemptOrder(tx, input, lines, true);
    if (again === 'stale') throw new Error("an order's context changed while it was locked");
    return again;
  });
}

/**
 * Takes the customer's lock (false when there is no such customer) and holds the address as it is
 * (an edit waits), as an order placed under locks needs before it works itself out again.
 */
async function lockCustomerAndAddress(tx: Executor, input: Pick<PlaceOrderInput, 'customerId' | 'addressId'>) {
  if (!(await lockCustomer(tx, input.customerId))) return false;
  await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, input.addressId), eq(addresses.customerId, input.customerId)))
    .for('share');
  return true;
}

/** Carries the answer of an order that could not be placed out of its transaction, rolling it back. */
class NotPlaced extends Error {
  constructor(readonly result: PlaceOrderResult) {
    super('the order was not placed: the order it replaces is kept');
  }
}

/**
 * Places an order that replaces an unpaid one, in one transaction under the customer's lock: the
 * unpaid order is cancelled (its stock back on the shelf), then this one placed from the stock
 * that leaves. One that a payment reached meanwhile is not cancelled, and nothing is placed; one
 * already cancelled (its hold ran out) or unknown is nothing to replace. Anything that stops this
 * order (stock, prices) rolls the cancellation back too: the shopper never ends up with neither.
 */
async function placeReplacing(
  db: Db,
  input: PlaceOrderInput,
  lines: OrderLineInput[],
  replacedId: string,
): Promise<PlaceOrderResult> {
  try {
    return await db.transaction(async (tx): Promise<PlaceOrderResult> => {
      if (!(await lockCustomerAndAddress(tx, input))) return { outcome: 'address-not-found' };
      // Both orders' products, in one id order, as every order locks them (no deadlock).
      const held = await tx
        .select({ productId: orderItems.productId })
        .from(orderItems)
        .innerJoin(orders, eq(orders.id, orderItems.orderId))
        .where(and(eq(orderItems.orderId, replacedId), eq(orders.customerId, input.customerId)));
      await lockProducts(tx, [
        ...new Set([...lines.map((line) => line.productId), ...held.map((row) => row.productId)]),
      ]);
      const cancelled = await cancelOrderIn(tx, {
        customerId: input.customerId,
        orderId: replacedId,
        reason: replacedReason(),
        now: input.now,
        unpaidOnly: true,
      });
      if (cancelled.outcome === 'refused' && cancelled.order.status !== 'cancelled') {
        return { outcome: 'earlier-paid', order: cancelled.order };
      }
      const result = await attemptOrder(tx, input, lines, true);
      if (result === 'stale') throw new Error("an order's context changed while it was locked");
      if (result.outcome !== 'placed') throw new NotPlaced(result);
      // Named once the new order has its number (the cancellation had to release the stock first).
      if (cancelled.outcome === 'changed') {
        await tx
          .update(orders)
          .set({ cancelReason: replacedReason(result.order.number) })
          .where(eq(orders.id, replacedId));
      }
      return result;
    });
  } catch (error) {
    if (error instanceof NotPlaced) return error.result;
    throw error;
  }
}

/** An order worked out from its context, ready to be written. */
interface WorkedOut {
  orderId: string;
  charges: Charges;
  items: OrderItemDetail[];
  address: OrderAddressSnapshot;
  served: Extract<ReturnType<typeof findServingStore>, { serviceable: true }>;
}

/** One go at placing the order; 'stale' when what it was worked out from changed meanwhile. */
async function attemptOrder(
  executor: Executor,
  input: PlaceOrderInput,
  lines: OrderLineInput[],
  inTransaction: boolean,
): Promise<PlaceOrderResult | 'stale'> {
  const [context] = await orderContext(executor, {
    customerId: input.customerId,
    key: input.idempotencyKey,
    addressId: input.addressId,
    ids: lines.map((line) => line.productId),
    useWallet: input.useWallet,
  });
  if (!context) throw new Error('the order context statement returned no row');
  if (context.existingId) return replayed(executor, input, lines, context, context.existingId);
  const { address } = context;
  if (!address) return { outcome: 'address-not-found' };
  const served = findServingStore(address, input.stores);
  if (!served.serviceable) return { outcome: 'unserviceable' };
  // Stock is the serving store's (decision 034).
  for (const row of context.products) row.stock = row.stocks[String(served.store.id)] ?? 0;
  const checked = checkLines(lines, context.products);
  if (checked.some((line) => line.problem !== null)) return { outcome: 'changed', lines: checked };

  const order = workOut(context, lines, served);
  const online = paysOnline(input.paymentMethod, order.charges.payablePaise);
  if (online && !input.online) return { outcome: 'online-unavailable' };
  const provider = cashOnDelivery;
  const place = async (on: Executor) => {
    const [row] = await placeOrderStatement(on, placeOrderArguments(input, lines, context, order));
    const result = row!.result;
    if (result.outcome !== 'placed') return result;
    if (online) {
      // Same transaction as place_order: the order is never seen processing, nor without its payment.
      await on.update(orders).set({ status: 'awaiting-payment' }).where(eq(orders.id, order.orderId));
      await insertOrderPayment(on, {
        orderId: order.orderId,
        gateway: input.online!.gateway,
        method: input.paymentMethod as 'upi' | 'card',
        amountPaise: order.charges.payablePaise,
        holdMinutes: input.online!.holdMinutes,
        leaseMs: input.online!.leaseMs,
        now: input.now,
      });
      return result;
    }
    const payment = await provider.authorize({
      orderId: order.orderId,
      orderNumber: result.number,
      amountPaise: order.charges.payablePaise,
    });
    // Inside a transaction (see authorizeInTransaction) this rolls the order back.
    if (payment.status === 'failed') throw new Error(`payment failed: ${payment.message}`);
    return result;
  };
  const result =
    (online || provider.authorizeInTransaction) && !inTransaction
      ? await executor.transaction((tx) => place(tx))
      : await place(executor);
  switch (result.outcome) {
    case 'replayed':
      return replayed(executor, input, lines, context, result.id);
    case 'address-not-found':
      return { outcome: 'address-not-found' };
    case 'changed':
      return { outcome: 'changed', lines: checkLines(lines, result.products) };
    case 'stale':
      return 'stale';
    case 'placed':
      return { outcome: 'placed', order: placedOrder(input, order, result.number), replayed: false };
  }
}

/** The store, charges and item snapshots of an order whose lines all passed checkLines. */
function workOut(context: OrderContext, lines: OrderLineInput[], served: WorkedOut['served']): WorkedOut {
  const byId = new Map(context.products.map((row) => [row.id, row]));
  const product = (line: OrderLineInput) => byId.get(line.productId)!;
  const charges = computeCharges(
    lines.map((line) => ({
      pricePaise: product(line).pricePaise,
      mrpPaise: product(line).mrpPaise,
      quantity: line.quantity,
    })),
    context.balance ?? 0,
  );
  const items = lines.map((line): OrderItemDetail => {
    const { id, name, image, packSize, pricePaise, mrpPaise } = product(line);
    return {
      productId: id,
      name,
      image,
      packSize,
      pricePaise,
      mrpPaise: Math.max(mrpPaise, pricePaise),
      quantity: line.quantity,
    };
  });
  return { orderId: randomUUID(), charges, items, address: addressSnapshot(context.address!), served };
}

function placeOrderArguments(
  input: PlaceOrderInput,
  lines: OrderLineInput[],
  context: OrderContext,
  order: WorkedOut,
): PlaceOrderArguments {
  const mrpOf = new Map(context.products.map((row) => [row.id, row.mrpPaise]));
  const { charges, items } = order;
  return {
    customerId: input.customerId,
    key: input.idempotencyKey,
    addressId: input.addressId,
    addressVersion: context.address!.version,
    ids: lines.map((line) => line.productId),
    quantities: lines.map((line) => line.quantity),
    prices: lines.map((line) => line.pricePaise),
    mrps: lines.map((line) => mrpOf.get(line.productId)!),
    names: items.map((item) => item.name),
    images: items.map((item) => item.image),
    packSizes: items.map((item) => item.packSize),
    itemMrps: items.map((item) => item.mrpPaise),
    balance: context.balance,
    orderId: order.orderId,
    storeId: order.served.store.id,
    etaMinutes: order.served.etaMinutes,
    address: JSON.stringify(order.address),
    paymentMethod: input.paymentMethod,
    itemsPaise: charges.itemsPaise,
    mrpPaise: charges.mrpPaise,
    deliveryPaise: charges.deliveryPaise,
    handlingPaise: charges.handlingPaise,
    walletPaise: charges.walletPaise,
    totalPaise: charges.totalPaise,
    payablePaise: charges.payablePaise,
    now: input.now.toISOString(),
  };
}

/** The order just written, built from what was written rather than read back. */
function placedOrder(input: PlaceOrderInput, order: WorkedOut, number: number): OrderDetail {
  const { charges, served } = order;
  const online = paysOnline(input.paymentMethod, charges.payablePaise);
  return {
    id: order.orderId,
    number,
    status: online ? 'awaiting-payment' : 'processing',
    createdAt: input.now,
    updatedAt: input.now,
    etaMinutes: served.etaMinutes,
    cancelReason: null,
    cancelledBy: null,
    paymentMethod: input.paymentMethod,
    paymentLabel: paymentLabel(input.paymentMethod, charges.walletPaise, charges.payablePaise),
    address: order.address,
    store: { name: served.store.name, city: served.store.city },
    charges,
    items: order.items,
    canCancel: true,
    payment: {
      method: charges.payablePaise === 0 ? 'gift-card' : input.paymentMethod,
      state: charges.payablePaise === 0 ? 'not-required' : online ? 'awaiting' : 'due-on-delivery',
      amountPaise: charges.payablePaise,
      paidAt: null,
      failureReason: null,
      payBy: online ? new Date(input.now.getTime() + input.online!.holdMinutes * 60_000) : null,
      refund: null,
    },
    // What the insert's event says (the trigger writes it with the order's created_at).
    timeline: [{ status: online ? 'awaiting-payment' : 'processing', at: input.now }],
    expectedBy: online ? null : new Date(input.now.getTime() + served.etaMinutes * 60_000),
  };
}

/**
 * The order a repeated idempotency key placed, when the repeat asks for the same order; else
 * 'key-reused' (issue 15). The order keeps no copy of its request, so the repeat is compared with
 * what the order holds: its lines (product, quantity, the price the shopper saw), the address
 * (the saved address as it is now against the order's snapshot of it), the payment method, and
 * whether the gift card balance paid a share (a repeat asking for it when there is no balance to
 * use asks for the same order).
 */
async function replayed(
  executor: Executor,
  input: PlaceOrderInput,
  lines: OrderLineInput[],
  context: OrderContext,
  orderId: string,
): Promise<PlaceOrderResult> {
  const order = (await loadOrder(executor, input.customerId, orderId))!;
  return sameRequest(order, input, lines, context)
    ? { outcome: 'placed', order, replayed: true }
    : { outcome: 'key-reused' };
}

export function sameRequest(
  order: OrderDetail,
  input: Pick<PlaceOrderInput, 'paymentMethod' | 'useWallet'>,
  lines: readonly OrderLineInput[],
  context: Pick<OrderContext, 'address' | 'balance'>,
): boolean {
  const items = [...order.items].sort((a, b) => a.productId - b.productId);
  const sameLines =
    items.length === lines.length &&
    items.every(
      (item, index) =>
        item.productId === lines[index]!.productId &&
        item.quantity === lines[index]!.quantity &&
        item.pricePaise === lines[index]!.pricePaise,
    );
  // An order placed before its address had a PIN code (migration 0010 filled it since) is still
  // the same address: compare without the PIN code then.
  const now = context.address && addressSnapshot(context.address);
  if (now && order.address.pincode === undefined) delete now.pincode;
  const sameAddress = now !== null && JSON.stringify(now) === JSON.stringify(addressSnapshot(order.address));
  const usedWallet = order.charges.walletPaise > 0;
  const sameWallet = usedWallet === input.useWallet || (input.useWallet && !usedWallet && !context.balance);
  return sameLines && sameAddress && order.paymentMethod === input.paymentMethod && sameWallet;
}
