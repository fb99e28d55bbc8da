import { and, eq, inArray, sql } from 'drizzle-orm';

import { computeCharges, type Charges } from '../../domain/charges';
import { findServingStore, type StoreLocation } from '../../domain/delivery';
import { checkLines, mergeLines, type CurrentLine, type OrderLineInput } from '../../domain/order-rules';
import type { Db } from '../client';
import { addresses, orderItems, orderPayments, orders, products, storeStock } from '../schema';
import { walletBalancePaise } from '../wallet';

export interface Quote {
  lines: CurrentLine[];
  charges: Charges;
  balancePaise: number;
  /** Null when no address was given; otherwise whether and how soon it is served. */
  delivery: ReturnType<typeof findServingStore> | null;
  addressFound: boolean;
}

/**
 * What the order would cost now, without taking anything: current prices and stock (at the
 * store that serves the address) of each
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
    /** An unpaid order this one would replace (placeOrder's `replacesOrderId`): its held stock counts. */
    replacesOrderId?: string | undefined;
  },
): Promise<Quote> {
  const lines = mergeLines(input.lines);
  const [current, balancePaise, address, held] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        pricePaise: products.pricePaise,
        mrpPaise: products.mrpPaise,
        stock: products.stock,
        stocks: sql<Record<string, number>>`(select coalesce(jsonb_object_agg(s.store_id, s.stock), '{}')
          from ${storeStock} s where s.product_id = ${products.id})`,
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
    input.replacesOrderId ? heldBy(db, input.customerId, input.replacesOrderId) : Promise.resolve([]),
  ]);
  const delivery = address ? findServingStore(address, input.stores) : null;
  // The serving store's stock (decision 034); without a served address, the national view.
  if (delivery?.serviceable) {
    for (const row of current) row.stock = row.stocks[String(delivery.store.id)] ?? 0;
  }
  // What the order being replaced holds goes back on the shelf when this one is placed.
  for (const line of held) {
    if (delivery?.serviceable && delivery.store.id !== line.storeId) continue;
    const row = current.find((product) => product.id === line.productId);
    if (row) row.stock += line.quantity;
  }
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
    delivery,
    addressFound: Boolean(address),
  };
}

/** The stock an unpaid order of this customer holds, by product and store (none once paid or cancelled). */
const heldBy = (db: Db, customerId: string, orderId: string) =>
  db
    .select({ productId: orderItems.productId, quantity: orderItems.quantity, storeId: orders.storeId })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(orderPayments, eq(orderPayments.orderId, orders.id))
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.customerId, customerId),
        eq(orders.status, 'awaiting-payment'),
        inArray(orderPayments.state, ['awaiting', 'failed']),
      ),
    );
