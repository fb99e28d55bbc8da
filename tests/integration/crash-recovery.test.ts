/**
 * Crash recovery: the real server (its own process, as in production) takes a burst of
 * simultaneous orders on low-stock products, is killed with SIGKILL in the middle of it, and is
 * started again on the same data (the PGlite directory, or the same PostgreSQL database with
 * TEST_DATABASE_URL). Afterwards every order that was acknowledged is there with its items, the
 * stock of every product adds up to its initial stock minus what the orders in the database
 * took, no stock is below zero, and retrying an acknowledged request's key answers the same order.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';

import { and, eq, inArray, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

import { openDatabase } from '../../server/db/client';
import { addresses, customers, orderItems, orders, products, sessions } from '../../server/db/schema';
import { jwtKey, signAccessToken } from '../../server/domain/tokens';
import { openTestDatabase, type TestDatabase } from '../setup/template-db';
import { startServer, type ServerProcess } from '../support/server-process';
import { setStock } from '../support/stock';

const JWT_SECRET = 'crash-recovery-secret-that-is-long-enough-for-hs256';
const CUSTOMERS = 24;
const HOT_PRODUCTS = 6;
/** Low enough that some products run out during the load (409s), high enough for many orders. */
const INITIAL_STOCK = 20;
/** Requests in flight at any moment while the server is up. */
const CONCURRENCY = 24;
/** Kill the server once this many requests have been answered (so many more are in flight). */
const KILL_AFTER_ANSWERS = 60;

interface Shopper {
  customerId: string;
  token: string;
  addressId: string;
}

interface Attempt {
  shopper: Shopper;
  key: string;
  body: { addressId: string; items: { productId: number; quantity: number; price: number }[] };
}

interface Acknowledged {
  attempt: Attempt;
  status: number;
  orderId: string;
  items: { productId: number; quantity: number }[];
}

/** The server on the test's database, as in production (its own process). */
const startOn = (testDb: TestDatabase) =>
  startServer({
    dataDir: testDb.dataDir,
    env: { DATABASE_URL: testDb.databaseUrl ?? '', JWT_SECRET, DIST_DIR: path.join(testDb.dataDir, 'no-client') },
  });

async function post(server: ServerProcess, attempt: Attempt) {
  const response = await fetch(`${server.url}/api/order`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${attempt.shopper.token}`,
      'idempotency-key': attempt.key,
    },
    body: JSON.stringify(attempt.body),
  });
  const body = (await response.json()) as {
    data?: { id: string; items: { productId: number; quantity: number }[] };
    message?: string;
  };
  return { status: response.status, body };
}

describe('the server killed with SIGKILL in the middle of an order load', () => {
  let testDb: TestDatabase;
  let server: ServerProcess | undefined;
  const shoppers: Shopper[] = [];
  let hot: { id: number; pricePaise: number }[] = [];
  const acknowledged: Acknowledged[] = [];
  const unanswered: Attempt[] = [];
  const statuses = new Map<number | string, number>();

  beforeAll(async () => {
    testDb = await openTestDatabase(inject('templateDir'));
    const { db } = testDb.database;
    const key = jwtKey(JWT_SECRET);
    const now = new Date();
    const rows = await db
      .insert(customers)
      .values(Array.from({ length: CUSTOMERS }, (_, i) => ({ mobile: `98${String(i).padStart(8, '0')}` })))
      .returning({ id: customers.id, mobile: customers.mobile });
    for (const row of rows) {
      const familyId = randomUUID();
      await db.insert(sessions).values({
        customerId: row.id,
        familyId,
        refreshHash: randomUUID(),
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
      const [address] = await db
        .insert(addresses)
        .values({
          customerId: row.id,
          tag: 'Home',
          name: 'Crash Test',
          buildingName: 'Flat 1',
          locality: 'Bandra West',
          city: 'Mumbai',
          latitude: 19.06,
          longitude: 72.83,
          pincode: '400050',
        })
        .returning({ id: addresses.id });
      const { token } = await signAccessToken(
        key,
        { customerId: row.id, mobile: row.mobile, sessionFamily: familyId },
        now,
      );
      shoppers.push({ customerId: row.id, token, addressId: address!.id });
    }
    hot = await db
      .select({ id: products.id, pricePaise: products.pricePaise })
      .from(products)
      .orderBy(products.id)
      .limit(HOT_PRODUCTS);
    for (const product of hot) await setStock(db, product.id, INITIAL_STOCK);
    // PGlite is one process's database: free it for the server.
    await testDb.database.close();
  }, 120_000);

  afterAll(async () => {
    if (server) await server.stop();
    await testDb?.dispose();
  });

  let sequence = 0;
  const nextAttempt = (): Attempt => {
    const n = sequence++;
    const shopper = shoppers[n % shoppers.length]!;
    const lines = 1 + (n % 2);
    const items = Array.from({ length: lines }, (_, i) => {
      const product = hot[(n * 5 + i * 3) % hot.length]!;
      return { productId: product.id, quantity: 1 + ((n + i) % 3), price: product.pricePaise / 100 };
    });
    // Two lines may name one product; that is fine (the server merges them).
    return { shopper, key: `crash-${n}-${randomUUID()}`, body: { addressId: shopper.addressId, items } };
  };

  it('keeps every acknowledged order and the stock adds up after a restart', async () => {
    server = await startOn(testDb);
    const running = server;
    let killed = false;
    let killing: Promise<void> | undefined;
    let answered = 0;

    const worker = async () => {
      while (!killed) {
        const attempt = nextAttempt();
        try {
          const { status, body } = await post(running, attempt);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 200 || status === 201) {
            acknowledged.push({ attempt, status, orderId: body.data!.id, items: body.data!.items });
          } else if (status !== 409) {
            throw new Error(`unexpected ${status}: ${JSON.stringify(body)}`);
          }
          if (++answered >= KILL_AFTER_ANSWERS && !killing) {
            killed = true;
            killing = running.kill();
          }
        } catch (error) {
          if (!killed) throw error;
          // The connection died with the server: the order may or may not have been placed.
          statuses.set('connection lost', (statuses.get('connection lost') ?? 0) + 1);
          unanswered.push(attempt);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    await killing;
    expect(running.process.signalCode).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(0);
    // The kill landed while requests were in flight, not after the load drained.
    expect(unanswered.length).toBeGreaterThan(0);

    server = await startOn(testDb);
    const restarted = server;

    // Every acknowledged order is there, with its items, for its customer.
    for (const ack of acknowledged) {
      const response = await fetch(`${restarted.url}/api/order/${ack.orderId}`, {
        headers: { authorization: `Bearer ${ack.attempt.shopper.token}` },
      });
      expect(response.status, `order ${ack.orderId}`).toBe(200);
      const { data } = (await response.json()) as { data: { id: string; items: typeof ack.items } };
      expect(data.id).toBe(ack.orderId);
      expect(data.items.map((i) => [i.productId, i.quantity])).toEqual(ack.items.map((i) => [i.productId, i.quantity]));
    }

    // Retrying an acknowledged key answers the same order, never a second one.
    for (const ack of acknowledged) {
      const { status, body } = await post(restarted, ack.attempt);
      expect(status).toBe(200);
      expect(body.data!.id).toBe(ack.orderId);
    }
    // Retrying a request whose answer was lost: placed now (201) or found (200), or refused
    // for stock (409); never an error.
    for (const attempt of unanswered) {
      const { status } = await post(restarted, attempt);
      expect([200, 201, 409]).toContain(status);
    }

    // Stock adds up: initial minus everything the (not cancelled) orders in the database took.
    const checker =
      testDb.databaseUrl === undefined
        ? (await restarted.stop(), await openDatabase({ dataDir: testDb.dataDir }))
        : await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    testDb.database = checker;
    const { db } = checker;
    const stockNow = await db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(
        inArray(
          products.id,
          hot.map((p) => p.id),
        ),
      );
    const taken = await db
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(
        and(
          ne(orders.status, 'cancelled'),
          inArray(
            orderItems.productId,
            hot.map((p) => p.id),
          ),
        ),
      );
    const takenOf = new Map<number, number>();
    for (const row of taken) takenOf.set(row.productId, (takenOf.get(row.productId) ?? 0) + row.quantity);
    for (const product of stockNow) {
      expect(product.stock, `stock of ${product.id}`).toBeGreaterThanOrEqual(0);
      expect(product.stock, `stock of ${product.id}`).toBe(INITIAL_STOCK - (takenOf.get(product.id) ?? 0));
    }
    // Every order in the database has items (none half written).
    const orderRows = await db.select({ id: orders.id }).from(orders);
    const withItems = new Set((await db.select({ id: orderItems.orderId }).from(orderItems)).map((r) => r.id));
    expect(orderRows.every((o) => withItems.has(o.id))).toBe(true);
    expect(orderRows.length).toBeGreaterThanOrEqual(acknowledged.length);
    console.info(
      `crash recovery (${checker.kind}): ${acknowledged.length} acknowledged, ${unanswered.length} cut off, ` +
        `${orderRows.length} orders after restart, statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
  }, 120_000);
});
