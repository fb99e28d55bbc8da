import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';

import { stores } from '../../../db/schema';
import { adjustStock, listStoreStock } from '../../../db/stock-queries';
import { photoUrl } from '../../../domain/photo-urls';
import { may, type SignedInStaff } from '../../../domain/staff';
import { apiError, badRequest, notFound } from '../../../errors';
import { signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import { OpsStores, StockAdjusted, StockAdjustment, StockPage, StockQuery } from '../../../schemas/stock';
import { keepOutOfCaches } from '../../no-store';
import { staffChecks, staffOf } from './index';

const tags = ['ops'];

/**
 * Which store a request is about: a picker's or manager's own (asking for another is 403
 * OTHER_STORE), or the one an admin names (400 when none is named).
 */
export function storeFor(staff: SignedInStaff, asked: number | undefined): number {
  if (staff.storeId !== null) {
    if (asked !== undefined && asked !== staff.storeId) {
      throw apiError(
        'OTHER_STORE',
        'This is another dark store’s stock. You can see and change only your own store’s.',
      );
    }
    return staff.storeId;
  }
  if (asked === undefined) throw badRequest('store: choose the dark store');
  return asked;
}

/**
 * Stock per dark store in the console (decision 034): a store's list and adjustments. The same
 * checks as the rest of the console (routes/api/ops/index.ts): signed in (401), on the staff
 * (403 NOT_STAFF), a role that may (403 ROLE_NOT_ALLOWED), all before the body is validated;
 * then the store (403 OTHER_STORE).
 */
const opsStockRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  keepOutOfCaches(app);
  app.decorateRequest('staff', null);

  const staffMay = staffChecks(db);
  const readers = staffMay('stock:read');
  const adjusters = staffMay('stock:adjust');
  const forbidden = { 401: ErrorResponse, 403: ErrorResponse };

  const findStore = async (id: number) => {
    const [row] = await db
      .select({ id: stores.id, name: stores.name, city: stores.city })
      .from(stores)
      .where(eq(stores.id, id))
      .limit(1);
    return row;
  };

  app.get(
    '/api/ops/stores',
    {
      onRequest: [app.authenticate, readers],
      schema: {
        operationId: 'listOpsStores',
        tags,
        security: signedInSecurity,
        summary: 'The dark stores the staff member works in: their own, or every one for an admin',
        response: { 200: OpsStores, ...forbidden },
      },
    },
    async (request) => {
      const { storeId } = staffOf(request);
      const rows = await db
        .select({ id: stores.id, name: stores.name, city: stores.city })
        .from(stores)
        .where(storeId === null ? undefined : eq(stores.id, storeId))
        .orderBy(asc(stores.city), asc(stores.name));
      return { success: true as const, data: rows };
    },
  );

  app.get(
    '/api/ops/stock',
    {
      onRequest: [app.authenticate, readers],
      schema: {
        operationId: 'listOpsStock',
        tags,
        security: signedInSecurity,
        summary: "A dark store's stock (pickers, managers: their own store; admins: any)",
        description:
          'Every product with its count at the store (a product the store never had counts 0). ' +
          '`filter=low` or `out` narrows it, `lowFirst` puts the fewest left first. Another store than ' +
          'your own is 403 `OTHER_STORE`.',
        querystring: StockQuery,
        response: { 200: StockPage, 400: ErrorResponse, ...forbidden, 404: ErrorResponse },
      },
    },
    async (request) => {
      const { store: asked, q, filter = 'all', lowFirst = false, page = 1, pageSize = 20 } = request.query;
      const storeId = storeFor(staffOf(request), asked);
      const store = await findStore(storeId);
      if (!store) throw notFound('No such dark store');
      const { rows, total } = await listStoreStock(db, { storeId, q, filter, lowFirst, page, pageSize });
      return {
        success: true as const,
        store,
        mayAdjust: may(staffOf(request).role, 'stock:adjust'),
        data: rows.map((row) => ({
          productId: row.productId,
          name: row.name,
          brand: row.brand,
          packSize: row.packSize,
          img: row.photo ? photoUrl(row.photo, 128, 'webp') : row.image,
          sold: row.sold,
          stock: row.stock,
        })),
        total,
        page,
        pageSize,
      };
    },
  );

  app.post(
    '/api/ops/stock/adjustments',
    {
      onRequest: [app.authenticate, adjusters],
      schema: {
        operationId: 'adjustOpsStock',
        tags,
        security: signedInSecurity,
        summary: "Change a store's count of a product (managers: their own store; admins: any)",
        description:
          '`set` the count on the shelf, `receive` a delivery (adds), or `write-off` damaged or expired ' +
          'units (takes away; more than the store has is 400). Always with a reason; recorded in the audit ' +
          'log with the count before and after, in the same transaction. Shoppers served by the store see ' +
          'it at once in this process (other processes within `CATALOGUE_CACHE_MS`).',
        body: StockAdjustment,
        response: { 200: StockAdjusted, 400: ErrorResponse, ...forbidden, 404: ErrorResponse, 415: ErrorResponse },
      },
    },
    async (request) => {
      const { store: asked, productId, kind, quantity, reason } = request.body;
      const storeId = storeFor(staffOf(request), asked);
      const result = await adjustStock(
        db,
        staffOf(request),
        { storeId, productId, kind, quantity, reason: reason.trim() },
        app.clock.now(),
      );
      switch (result.outcome) {
        case 'not-found':
          throw notFound('No such product or dark store');
        case 'invalid':
          throw badRequest(result.message);
        case 'saved':
          app.catalogueCache.clear();
          return {
            success: true as const,
            data: { productId, storeId, before: result.before, stock: result.after },
          };
      }
    },
  );
};

export default opsStockRoutes;
