/**
 * What an order benchmark needs in the database before the server starts: customers, each with
 * a session (and a signed access token for it) and a Mumbai delivery address, and 200 products
 * with ample stock. Shared by bench/orders.ts and bench/api-load.ts.
 */
import { randomUUID } from 'node:crypto';

import { inArray } from 'drizzle-orm';

import { openDatabase } from '../server/db/client';
import { addresses, customers, products, sessions, storeStock } from '../server/db/schema';
import { seedCatalog } from '../server/db/seed/seed';
import { jwtKey, signAccessToken } from '../server/domain/tokens';

/** The server must be started with this JWT_SECRET for the prepared tokens to be accepted. */
export const BENCH_JWT_SECRET = 'bench-orders-secret-that-is-long-enough-for-hs256';

export interface Shopper {
  token: string;
  addressId: string;
}

export interface Prepared {
  shoppers: Shopper[];
  catalogue: { id: number; pricePaise: number }[];
}

/** Migrates and seeds the database (PGlite in `dataDir`, or `databaseUrl`), then adds the shoppers. */
export async function prepareShoppers(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  count: number;
}): Promise<Prepared> {
  const database = await openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.dataDir });
  try {
    await database.migrate();
    await seedCatalog(database.db);
    const { db } = database;
    const key = jwtKey(BENCH_JWT_SECRET);
    const now = new Date();
    const shoppers: Shopper[] = [];
    for (let start = 0; start < options.count; start += 200) {
      const batch = Array.from({ length: Math.min(200, options.count - start) }, (_, i) => ({
        mobile: `9${String(start + i).padStart(9, '0')}`,
      }));
      const rows = await db.insert(customers).values(batch).returning({ id: customers.id, mobile: customers.mobile });
      const families = rows.map(() => randomUUID());
      await db.insert(sessions).values(
        rows.map((row, i) => ({
          customerId: row.id,
          familyId: families[i]!,
          refreshHash: randomUUID(),
          expiresAt: new Date(now.getTime() + 86_400_000),
        })),
      );
      const placed = await db
        .insert(addresses)
        .values(
          rows.map((row) => ({
            customerId: row.id,
            tag: 'Home',
            name: 'Bench',
            buildingName: 'Flat 1',
            locality: 'Bandra West',
            city: 'Mumbai',
            latitude: 19.06,
            longitude: 72.83,
          })),
        )
        .returning({ id: addresses.id, customerId: addresses.customerId });
      const addressOf = new Map(placed.map((a) => [a.customerId, a.id]));
      for (const [i, row] of rows.entries()) {
        const { token } = await signAccessToken(
          key,
          { customerId: row.id, mobile: row.mobile, sessionFamily: families[i]! },
          now,
        );
        shoppers.push({ token, addressId: addressOf.get(row.id)! });
      }
    }
    const catalogue = await db
      .select({ id: products.id, pricePaise: products.pricePaise })
      .from(products)
      .orderBy(products.id)
      .limit(200);
    // Stock is per dark store (decision 034): ample at every store; the national sum follows.
    await db
      .update(storeStock)
      .set({ stock: 1_000_000 })
      .where(
        inArray(
          storeStock.productId,
          catalogue.map((p) => p.id),
        ),
      );
    return { shoppers, catalogue };
  } finally {
    await database.close();
  }
}

/**
 * The n-th order of a benchmark: whose, and 1 to 3 products (1 or 2 of each) at their prices;
 * paid as `paymentMethod` says (cash on delivery when not given).
 */
export function nthOrder({ shoppers, catalogue }: Prepared, n: number, paymentMethod?: 'cod' | 'upi' | 'card') {
  const shopper = shoppers[n % shoppers.length]!;
  const lines = 1 + (n % 3);
  const items = Array.from({ length: lines }, (_, i) => {
    const product = catalogue[(n * 7 + i * 31) % catalogue.length]!;
    return { productId: product.id, quantity: 1 + ((n + i) % 2), price: product.pricePaise / 100 };
  });
  return {
    token: shopper.token,
    body: JSON.stringify({ addressId: shopper.addressId, items, ...(paymentMethod && { paymentMethod }) }),
  };
}
