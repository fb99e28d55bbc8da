import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { eq } from 'drizzle-orm';

import {
  attachPhoto,
  createProduct,
  editProduct,
  findOpsProduct,
  listOpsProducts,
  listSubcategories,
  type OpsProductRecord,
  type ProductFields,
} from '../../../db/ops-catalogue';
import type { Db } from '../../../db/client';
import { stores } from '../../../db/schema';
import { findActiveStaff, listAudit } from '../../../db/staff-queries';
import { paiseToRupees, rupeesToPaise } from '../../../domain/money';
import { photoSources, photoUrl } from '../../../domain/photo-urls';
import { MAX_PHOTO_BYTES, PhotoRejected, processPhoto } from '../../../domain/photos';
import { may, STAFF_MESSAGES, type Permission, type SignedInStaff } from '../../../domain/staff';
import { apiError, badRequest, errorBody, notFound } from '../../../errors';
import { signedIn, signedInSecurity } from '../../../plugins/auth';
import { ErrorResponse } from '../../../schemas/common';
import {
  AuditPage,
  AuditQuery,
  OpsCategories,
  OpsProduct,
  OpsProductAnswer,
  OpsProductPage,
  OpsProductParams,
  OpsProductQuery,
  OpsStaleProduct,
  PhotoBody,
  ProductCreate,
  ProductEdit,
  StaffMe,
  type OpsProduct as OpsProductType,
} from '../../../schemas/ops';
import { keepOutOfCaches } from '../../no-store';
import opsOrderRoutes from './orders';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the console's staff check; null elsewhere. */
    staff: SignedInStaff | null;
  }
}

const tags = ['ops'];

/** Media types a photo upload may be sent as (none of them is one a cross-site form can send). */
export const PHOTO_BODY_TYPES = [
  'application/octet-stream',
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;

/** At most this many photos are decoded at once per process (each holds a 960 px master and a decoder). */
const PHOTO_SLOTS = 2;

export function toOpsProduct(row: OpsProductRecord): OpsProductType {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    brand: row.brand,
    packSize: row.packSize,
    categoryId: row.categoryId,
    subcategoryId: row.subcategoryId,
    categoryName: row.categoryName,
    subcategoryName: row.subcategoryName,
    price: paiseToRupees(row.pricePaise),
    mrp: paiseToRupees(row.mrpPaise),
    stock: row.stock,
    sold: row.sold,
    description: row.description,
    img: row.photo ? photoUrl(row.photo, 320, 'webp') : row.image,
    photo: row.photo ? photoSources(row.photo) : null,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const staffOf = (request: FastifyRequest): SignedInStaff => {
  if (!request.staff) throw apiError('NOT_STAFF', STAFF_MESSAGES.notStaff);
  return request.staff;
};

/**
 * The check an `onRequest` hook makes, on every request, that the signed-in customer is active
 * staff whose role has `permission`; the member is then `request.staff`.
 */
export const staffChecks =
  (db: Db) =>
  (permission: Permission): onRequestAsyncHookHandler =>
    async function staffCheck(request) {
      const member = await findActiveStaff(db, signedIn(request).mobile);
      if (!member) throw apiError('NOT_STAFF', STAFF_MESSAGES.notStaff);
      if (!may(member.role, permission)) throw apiError('ROLE_NOT_ALLOWED', STAFF_MESSAGES.roleNotAllowed(member.role));
      request.staff = member;
    };

/**
 * The store console's API. Every route is signed in (401 first), then checks on each request,
 * in the database, that the session's mobile is on the staff and not removed (403 NOT_STAFF) and
 * that the role may do this (403 ROLE_NOT_ALLOWED), before the body is validated.
 */
const opsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  keepOutOfCaches(app);
  app.decorateRequest('staff', null);
  app.addSchema(OpsProduct);

  const staffMay = staffChecks(db);
  const anyStaff = staffMay('catalogue:read');
  const editors = staffMay('catalogue:edit');
  const admins = staffMay('audit:read');
  await app.register(opsOrderRoutes, { staffMay });

  const forbidden = { 401: ErrorResponse, 403: ErrorResponse };

  app.get(
    '/api/ops/me',
    {
      onRequest: [app.authenticate, anyStaff],
      schema: {
        operationId: 'getOpsMe',
        tags,
        security: signedInSecurity,
        summary: 'The signed-in staff member: role, store and what the console lets them do',
        response: { 200: StaffMe, ...forbidden },
      },
    },
    async (request) => {
      const me = staffOf(request);
      const [store] =
        me.storeId === null
          ? []
          : await db.select({ name: stores.name }).from(stores).where(eq(stores.id, me.storeId)).limit(1);
      return {
        success: true as const,
        data: {
          ...me,
          storeName: store?.name ?? null,
          may: {
            editCatalogue: may(me.role, 'catalogue:edit'),
            readAudit: may(me.role, 'audit:read'),
            advanceOrders: may(me.role, 'orders:advance'),
            cancelOrders: may(me.role, 'orders:cancel'),
          },
        },
      };
    },
  );

  app.get(
    '/api/ops/categories',
    {
      onRequest: [app.authenticate, anyStaff],
      schema: {
        operationId: 'listOpsCategories',
        tags,
        security: signedInSecurity,
        summary: 'Sub-categories with their category, for the product form',
        response: { 200: OpsCategories, ...forbidden },
      },
    },
    async () => ({ success: true as const, data: await listSubcategories(db) }),
  );

  app.get(
    '/api/ops/products',
    {
      onRequest: [app.authenticate, anyStaff],
      schema: {
        operationId: 'listOpsProducts',
        tags,
        security: signedInSecurity,
        summary: 'The catalogue as the console edits it (with versions), by id',
        querystring: OpsProductQuery,
        response: { 200: OpsProductPage, 400: ErrorResponse, ...forbidden },
      },
    },
    async (request) => {
      const { q, page = 1, pageSize = 20 } = request.query;
      const { rows, total } = await listOpsProducts(db, { q, page, pageSize, storeId: staffOf(request).storeId });
      return { success: true as const, data: rows.map(toOpsProduct), total, page, pageSize };
    },
  );

  app.get(
    '/api/ops/products/:id',
    {
      onRequest: [app.authenticate, anyStaff],
      schema: {
        operationId: 'getOpsProduct',
        tags,
        security: signedInSecurity,
        summary: 'One product with its version',
        params: OpsProductParams,
        response: { 200: OpsProductAnswer, 400: ErrorResponse, ...forbidden, 404: ErrorResponse },
      },
    },
    async (request) => {
      const row = await findOpsProduct(db, request.params.id, staffOf(request).storeId);
      if (!row) throw notFound('Product not found');
      return { success: true as const, data: toOpsProduct(row) };
    },
  );

  app.patch(
    '/api/ops/products/:id',
    {
      onRequest: [app.authenticate, editors],
      schema: {
        operationId: 'editOpsProduct',
        tags,
        security: signedInSecurity,
        summary: 'Edit a product (managers and admins)',
        description:
          'Send the `version` the edit was made against and only the fields that change. Search, the ' +
          'product answers and listings see the change at once in this process (other processes within ' +
          '`CATALOGUE_CACHE_MS`); browsers within their `max-age` (decision 033). A stale `version` is ' +
          '409 `STALE_VERSION` with the current product in `data`. Recorded in the audit log.',
        params: OpsProductParams,
        body: ProductEdit,
        response: {
          200: OpsProductAnswer,
          400: ErrorResponse,
          ...forbidden,
          404: ErrorResponse,
          409: OpsStaleProduct,
          415: ErrorResponse,
        },
      },
    },
    async (request, reply) => {
      const { version, price, mrp, ...rest } = request.body;
      const changes: Partial<ProductFields> = {
        ...(rest.name !== undefined && { name: rest.name.trim() }),
        ...(rest.description !== undefined && { description: rest.description.trim() }),
        ...(price !== undefined && { pricePaise: rupeesToPaise(price) }),
        ...(mrp !== undefined && { mrpPaise: rupeesToPaise(mrp) }),
        ...(rest.subcategoryId !== undefined && { subcategoryId: rest.subcategoryId }),
        ...(rest.sold !== undefined && { sold: rest.sold }),
        ...(rest.stock !== undefined && { stock: rest.stock }),
      };
      const result = await editProduct(db, staffOf(request), request.params.id, version, changes, app.clock.now());
      switch (result.outcome) {
        case 'not-found':
          throw notFound('Product not found');
        case 'invalid':
          throw badRequest(result.message);
        case 'stale':
          return reply.code(409).send({
            ...errorBody(
              'STALE_VERSION',
              'Someone changed this product since you opened it. Check the current values and edit again.',
            ),
            data: toOpsProduct(result.current),
          });
        case 'saved':
          if (result.changed) app.catalogueCache.clear();
          return { success: true as const, data: toOpsProduct(result.product) };
      }
    },
  );

  app.post(
    '/api/ops/products',
    {
      onRequest: [app.authenticate, editors],
      schema: {
        operationId: 'createOpsProduct',
        tags,
        security: signedInSecurity,
        summary: 'Add a product (managers and admins)',
        description: 'It is drawn with a generated illustration until a photo is uploaded. Recorded in the audit log.',
        body: ProductCreate,
        response: { 201: OpsProductAnswer, 400: ErrorResponse, ...forbidden, 415: ErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const pricePaise = rupeesToPaise(body.price);
      const mrpPaise = rupeesToPaise(body.mrp);
      if (pricePaise > mrpPaise) throw badRequest('price: must not be more than the MRP');
      const created = await createProduct(
        db,
        staffOf(request),
        {
          name: body.name.trim(),
          brand: body.brand.trim(),
          packSize: body.packSize.trim(),
          subcategoryId: body.subcategoryId,
          pricePaise,
          mrpPaise,
          description: (body.description ?? '').trim(),
          sold: body.sold ?? true,
          stock: body.stock ?? 0,
        },
        app.clock.now(),
      );
      if (!created) throw badRequest('subcategoryId: no such sub-category');
      app.catalogueCache.clear();
      return reply.code(201).send({ success: true as const, data: toOpsProduct(created) });
    },
  );

  // The photo is the body itself: no form encoding, and a type a cross-site form cannot send.
  app.addContentTypeParser(
    [...PHOTO_BODY_TYPES],
    { parseAs: 'buffer', bodyLimit: MAX_PHOTO_BYTES },
    (_request, body, done) => done(null, body),
  );
  let photoSlots = PHOTO_SLOTS;
  const photoQueue: (() => void)[] = [];
  const inPhotoSlot = async <T>(work: () => Promise<T>): Promise<T> => {
    if (photoSlots === 0) await new Promise<void>((resolve) => photoQueue.push(resolve));
    else photoSlots--;
    try {
      return await work();
    } finally {
      const next = photoQueue.shift();
      if (next) next();
      else photoSlots++;
    }
  };

  app.put(
    '/api/ops/products/:id/photo',
    {
      onRequest: [app.authenticate, editors],
      bodyLimit: MAX_PHOTO_BYTES,
      config: { bodyTypes: PHOTO_BODY_TYPES },
      schema: {
        operationId: 'uploadOpsProductPhoto',
        tags,
        security: signedInSecurity,
        summary: 'Upload a product photo (managers and admins)',
        description:
          'The body is the file. Its bytes must decode as JPEG, PNG or WebP (HEIC cannot be decoded here: ' +
          'decision 033); it becomes AVIF and WebP at 128, 320, 640 and 960 px, served from ' +
          '`/images/photos/` with immutable caching, and the storefront shows it at once. Over 10 MiB is ' +
          '413; anything else that is not such a photo (a decompression bomb included) is 400 ' +
          '`IMAGE_UNREADABLE`. Recorded in the audit log.',
        params: OpsProductParams,
        consumes: [...PHOTO_BODY_TYPES],
        body: PhotoBody,
        response: {
          200: OpsProductAnswer,
          400: ErrorResponse,
          ...forbidden,
          404: ErrorResponse,
          413: ErrorResponse,
          415: ErrorResponse,
        },
      },
    },
    async (request) => {
      const upload = request.body as unknown;
      if (!Buffer.isBuffer(upload)) throw apiError('IMAGE_UNREADABLE', 'Send the photo file as the request body.');
      const exists = await findOpsProduct(db, request.params.id);
      if (!exists) throw notFound('Product not found');
      let photo;
      try {
        photo = await inPhotoSlot(() => processPhoto(upload));
      } catch (error) {
        if (error instanceof PhotoRejected) throw apiError('IMAGE_UNREADABLE', error.message);
        throw error;
      }
      const saved = await attachPhoto(db, staffOf(request), request.params.id, photo, app.clock.now());
      if (!saved) throw notFound('Product not found');
      app.catalogueCache.clear();
      return { success: true as const, data: toOpsProduct(saved) };
    },
  );

  app.get(
    '/api/ops/audit',
    {
      onRequest: [app.authenticate, admins],
      schema: {
        operationId: 'listOpsAudit',
        tags,
        security: signedInSecurity,
        summary: 'The audit log, newest first (admins)',
        querystring: AuditQuery,
        response: { 200: AuditPage, 400: ErrorResponse, ...forbidden },
      },
    },
    async (request) => {
      const { mobile, productId, before, pageSize = 25 } = request.query;
      const { rows, more } = await listAudit(db, { mobile, productId, before, limit: pageSize });
      return {
        success: true as const,
        data: rows.map((row) => ({
          id: row.id,
          at: row.at.toISOString(),
          actor: row.actor as 'console' | 'cli',
          staffId: row.staffId,
          staffMobile: row.staffMobile,
          action: row.action,
          targetType: row.targetType,
          targetId: row.targetId,
          productId: row.productId,
          before: row.before,
          after: row.after,
        })),
        next: more ? rows.at(-1)!.id : null,
      };
    },
  );
};

export default opsRoutes;
