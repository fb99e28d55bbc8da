import { and, eq, inArray, sql } from 'drizzle-orm';

import { computeCharges, type Charges } from '../../domain/charges';
import { findServingStore, type StoreLocation } from '../../domain/delivery';
import { checkLines, mergeLines, type CurrentLine, type OrderLineInput } from '../../domain/order-rules';
import type { Db } from '../client';
import { addresses, products, storeStock } from '../schema';
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
  ]);
  const delivery = address ? findServingStore(address, input.stores) : null;
  // The serving store's stock (decision 034); without a served address, the national view.
  if (delivery?.serviceable) {
    for (const row of current) row.stock = row.stocks[String(delivery.store.id)] ?? 0;
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
