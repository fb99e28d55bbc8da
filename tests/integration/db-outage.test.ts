/**
 * The database going away and coming back (PostgreSQL only: PGlite lives inside the process).
 * The app talks to PostgreSQL through a TCP relay that the test can cut: while it is cut,
 * /readyz says 503 and API calls answer a clear 503; once it is back, everything recovers by
 * itself, without a restart.
 */
import net from 'node:net';
import path from 'node:path';

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';

import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase, type Database } from '../../server/db/client';
import { openTestDatabase, testDatabaseUrl, type TestDatabase } from '../setup/template-db';

/** A TCP relay to PostgreSQL that can be cut (every connection dropped, new ones refused). */
function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  return {
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)),
      ),
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const onPostgres = Boolean(testDatabaseUrl());

describe.runIf(onPostgres)('when PostgreSQL becomes unreachable', () => {
  let testDb: TestDatabase;
  let database: Database;
  let proxy: ReturnType<typeof relay>;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    testDb = await openTestDatabase(inject('templateDir'));
    const direct = new URL(testDb.databaseUrl!);
    proxy = relay(direct);
    const port = await proxy.listen();
    const viaRelay = new URL(direct);
    viaRelay.hostname = '127.0.0.1';
    viaRelay.port = String(port);
    database = await openDatabase({ databaseUrl: viaRelay.toString(), dataDir: testDb.dataDir });
    const config = loadConfig(
      {},
      {
        env: 'test',
        dataDir: testDb.dataDir,
        databaseUrl: viaRelay.toString(),
        jwtSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
        distDir: path.join(testDb.dataDir, 'no-client'),
        logLevel: 'silent',
      },
    );
    app = await buildApp({ config, database, closeDatabase: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => {});
    await proxy?.close();
    await testDb?.dispose();
  });

  it('reports 503 from /readyz and the API, then recovers by itself', async () => {
    expect((await app.inject('/readyz')).statusCode).toBe(200);
    expect((await app.inject('/api/product/public/1')).statusCode).toBe(200);

    proxy.cut();
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', message: 'The database is not reachable' });
    const read = await app.inject('/api/product/public/1');
    expect(read.statusCode).toBe(503);
    expect(read.json()).toEqual({
      success: false,
      code: 'SERVICE_UNAVAILABLE',
      message: 'Service temporarily unavailable. Please try again.',
    });
    expect(read.headers['retry-after']).toBeDefined();
    const write = await app.inject({
      method: 'POST',
      url: '/api/customer/public',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ mobile: '9876512345' }),
    });
    expect(write.statusCode).toBe(503);

    proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered !== 200; attempt++) {
      recovered = (await app.inject('/readyz')).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(200);
    const again = await app.inject('/api/product/public/1');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id: 1 });
  }, 60_000);

  it('a connection lost inside a transaction fails that transaction, and the process carries on', async () => {
    // A transaction keeps its pool client checked out between statements: the cut reaches it there.
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await tx.execute(sql`select 1`);
    });
    await expect(transaction).rejects.toThrow();
    proxy.restore();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered !== 200; attempt++) {
      recovered = (await app.inject('/readyz')).statusCode;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(recovered).toBe(200);
    expect((await app.inject('/api/product/public/2')).statusCode).toBe(200);
  }, 60_000);
});
