/** The console's catalogue: reading, editing and adding products, and storing their photos. */
import { asc, count, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import type { ProcessedPhoto } from '../domain/photos';
import type { SignedInStaff } from '../domain/staff';
import type { Db, Executor } from './client';
import { PHOTO_LOCK_KEY } from './photo-prune';
import { categories, productPhotos, products, storeStock } from './schema';
import { productImagePath } from './seed/seed';
import { recordAudit } from './staff-queries';
import { setStoreStock } from './stock-queries';

const subcategories = alias(categories, 'subcategories');

export interface OpsProductRecord {
  id: number;
  slug: string;
  name: string;
  brand: string;
  packSize: string;
  categoryId: number;
  subcategoryId: number;
  categoryName: string;
  subcategoryName: string;
  pricePaise: number;
  mrpPaise: number;
  stock: number;
  sold: boolean;
  description: string;
  image: string;
  photo: string | null;
  version: number;
  updatedAt: Date;
}

/**
 * The stock a staff member sees: their store's count, or for an admin (no store) the national
 * sum (decision 034).
 */
const stockAt = (storeId: number | null) =>
  storeId === null
    ? products.stock
    : sql<number>`coalesce((select s.stock from ${storeStock} s
        where s.store_id = ${storeId} and s.product_id = ${products.id}), 0)`.mapWith(Number);

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  packSize: products.packSize,
  categoryId: products.categoryId,
  subcategoryId: products.subcategoryId,
  categoryName: categories.name,
  subcategoryName: subcategories.name,
  pricePaise: products.pricePaise,
  mrpPaise: products.mrpPaise,
  stock: products.stock,
  sold: products.sold,
  description: products.description,
  image: products.image,
  photo: products.photo,
  version: products.version,
  updatedAt: products.updatedAt,
};

function selectProducts(db: Executor, storeId: number | null) {
  return db
    .select({ ...columns, stock: stockAt(storeId) })
    .from(products)
    .innerJoin(categories, eq(products.categoryId, categories.id))
    .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id));
}

/** One product; `stock` at `storeId` (null: the national sum). */
export async function findOpsProduct(
  db: Executor,
  id: number,
  storeId: number | null = null,
): Promise<OpsProductRecord | undefined> {
  const [row] = await selectProducts(db, storeId).where(eq(products.id, id)).limit(1);
  return row;
}

/** A page of the catalogue for the console: by name, brand or id; newest edits do not reorder it. */
export async function listOpsProducts(
  db: Db,
  query: { q?: string | undefined; page: number; pageSize: number; storeId?: number | null },
): Promise<{ rows: OpsProductRecord[]; total: number }> {
  const q = query.q?.trim();
  let where: SQL | undefined;
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const byText = or(ilike(products.name, pattern), ilike(products.brand, pattern))!;
    where = /^\d{1,9}$/.test(q) ? or(byText, eq(products.id, Number(q))) : byText;
  }
  const [rows, [counted]] = await Promise.all([
    selectProducts(db, query.storeId ?? null)
      .where(where ?? sql`true`)
      .orderBy(asc(products.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(products)
      .where(where ?? sql`true`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Sub-categories with their parent, for the edit form's category choice. */
export async function listSubcategories(db: Db) {
  const parents = alias(categories, 'parents');
  return db
    .select({ id: categories.id, name: categories.name, parentId: parents.id, parentName: parents.name })
    .from(categories)
    .innerJoin(parents, eq(categories.parentId, parents.id))
    .where(isNotNull(categories.parentId))
    .orderBy(asc(parents.position), asc(categories.position), asc(categories.id));
}

async function parentOf(db: Executor, subcategoryId: number): Promise<number | null> {
  const [row] = await db
    .select({ parentId: categories.parentId })
    .from(categories)
    .where(eq(categories.id, subcategoryId))
    .limit(1);
  return row?.parentId ?? null;
}

/** The editable fields, as the console and the audit log see them. */
export interface ProductFields {
  name: string;
  description: string;
  pricePaise: number;
  mrpPaise: number;
  subcategoryId: number;
  sold: boolean;
  stock: number;
}

export const editableFields = (row: OpsProductRecord): ProductFields => ({
  name: row.name,
  description: row.description,
  pricePaise: row.pricePaise,
  mrpPaise: row.mrpPaise,
  subcategoryId: row.subcategoryId,
  sold: row.sold,
  stock: row.stock,
});

export type EditOutcome =
  | { outcome: 'not-found' }
  | { outcome: 'stale'; current: OpsProductRecord }
  | { outcome: 'invalid'; message: string; current: OpsProductRecord }
  | { outcome: 'saved'; product: OpsProductRecord; changed: boolean };

/**
 * Applies an edit made against `version`, in one transaction with its audit record. The row is
 * locked first, so two edits of the same version cannot both pass the check.
 */
export async function editProduct(
  db: Db,
  actor: SignedInStaff,
  id: number,
  version: number,
  changes: Partial<ProductFields>,
  now: Date,
): Promise<EditOutcome> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
      .limit(1);
    if (!locked) return { outcome: 'not-found' };
    const current = (await findOpsProduct(tx, id, actor.storeId))!;
    if (current.version !== version) return { outcome: 'stale', current };
    const before = editableFields(current);
    const next: ProductFields = { ...before, ...changes };
    if (!next.sold) next.stock = 0;
    if (next.pricePaise > next.mrpPaise) {
      return { outcome: 'invalid', message: 'price: must not be more than the MRP', current };
    }
    // An admin sees the national sum and has no store of their own: stock changes per store.
    if (actor.storeId === null && next.sold && next.stock !== before.stock) {
      return { outcome: 'invalid', message: 'stock: change it per dark store in Stock (/api/ops/stock)', current };
    }
    let categoryId = current.categoryId;
    if (next.subcategoryId !== before.subcategoryId) {
      const parent = await parentOf(tx, next.subcategoryId);
      if (parent === null) return { outcome: 'invalid', message: 'subcategoryId: no such sub-category', current };
      categoryId = parent;
    }
    const changedKeys = (Object.keys(next) as (keyof ProductFields)[]).filter((key) => next[key] !== before[key]);
    if (changedKeys.length === 0) return { outcome: 'saved', product: current, changed: false };
    await tx
      .update(products)
      .set({
        name: next.name,
        description: next.description,
        pricePaise: next.pricePaise,
        mrpPaise: next.mrpPaise,
        categoryId,
        subcategoryId: next.subcategoryId,
        sold: next.sold,
        version: sql`${products.version} + 1`,
        updatedAt: now,
      })
      .where(eq(products.id, id));
    // Stock is kept per store (decision 034): not sold empties every store's shelf; a count is
    // the editor's store's, or every store's for an admin.
    if (!next.sold) await setStoreStock(tx, id, null, 0);
    else if (next.stock !== before.stock) await setStoreStock(tx, id, actor.storeId, next.stock);
    const pick = (fields: ProductFields) => Object.fromEntries(changedKeys.map((key) => [key, fields[key]]));
    await recordAudit(tx, {
      staff: actor,
      action: 'product.update',
      targetType: 'product',
      targetId: String(id),
      productId: id,
      before: { version: current.version, ...pick(before) },
      after: {
        version: current.version + 1,
        ...pick(next),
        ...(changedKeys.includes('stock') && { stockAt: actor.storeId ?? 'every store' }),
      },
      at: now,
    });
    return { outcome: 'saved', product: (await findOpsProduct(tx, id, actor.storeId))!, changed: true };
  });
}

export interface NewProduct extends ProductFields {
  brand: string;
  packSize: string;
}

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'product';

/** Adds a product (with its audit record); null when the sub-category does not exist. */
export async function createProduct(
  db: Db,
  actor: SignedInStaff,
  fields: NewProduct,
  now: Date,
): Promise<OpsProductRecord | null> {
  return db.transaction(async (tx) => {
    const categoryId = await parentOf(tx, fields.subcategoryId);
    if (categoryId === null) return null;
    const base = slugify(`${fields.name} ${fields.packSize}`);
    // A slug already taken gets the first free numbered suffix.
    const taken = new Set(
      (
        await tx
          .select({ slug: products.slug })
          .from(products)
          .where(or(eq(products.slug, base), ilike(products.slug, `${base}-%`)))
      ).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    const [row] = await tx
      .insert(products)
      .values({
        slug,
        name: fields.name,
        brand: fields.brand,
        packSize: fields.packSize,
        categoryId,
        subcategoryId: fields.subcategoryId,
        pricePaise: fields.pricePaise,
        mrpPaise: fields.mrpPaise,
        stock: 0,
        sold: fields.sold,
        description: fields.description,
        image: productImagePath(slug),
        updatedAt: now,
        createdAt: now,
      })
      .returning({ id: products.id });
    // A manager's new product is stocked at their store; an admin's at every store (decision 034).
    if (fields.sold && fields.stock > 0) await setStoreStock(tx, row!.id, actor.storeId, fields.stock);
    const created = (await findOpsProduct(tx, row!.id, actor.storeId))!;
    await recordAudit(tx, {
      staff: actor,
      action: 'product.create',
      targetType: 'product',
      targetId: String(created.id),
      productId: created.id,
      before: null,
      after: {
        slug,
        brand: fields.brand,
        packSize: fields.packSize,
        ...editableFields(created),
        stockAt: actor.storeId ?? 'every store',
      },
      at: now,
    });
    return created;
  });
}

/**
 * Stores a processed photo's variants and makes it the product's photo (a new version), with
 * its audit record. Variants of the same upload already stored are kept as they are; the
 * previous photo's variants stay too, since pages and caches may still name them, until the
 * clean-up deletes them (photo-prune.ts).
 */
export async function attachPhoto(
  db: Db,
  actor: SignedInStaff,
  id: number,
  photo: ProcessedPhoto,
  now: Date,
): Promise<OpsProductRecord | undefined> {
  return db.transaction(async (tx) => {
    // Shared with other uploads, exclusive with the clean-up: a photo re-uploaded while the
    // clean-up deletes it would otherwise be pointed to with no variants left (decision 038).
    await tx.execute(sql`select pg_advisory_xact_lock_shared(${sql.raw(String(PHOTO_LOCK_KEY))})`);
    const [locked] = await tx
      .select({ id: products.id, photo: products.photo, version: products.version })
      .from(products)
      .where(eq(products.id, id))
      .for('update')
      .limit(1);
    if (!locked) return undefined;
    await tx
      .insert(productPhotos)
      .values(
        photo.variants.map((v) => ({
          name: v.name,
          hash: photo.hash,
          productId: id,
          contentType: v.contentType,
          width: v.width,
          height: v.height,
          body: v.body,
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
    await tx
      .update(products)
      .set({ photo: photo.hash, version: sql`${products.version} + 1`, updatedAt: now })
      .where(eq(products.id, id));
    await recordAudit(tx, {
      staff: actor,
      action: 'product.photo',
      targetType: 'product',
      targetId: String(id),
      productId: id,
      before: { version: locked.version, photo: locked.photo },
      after: {
        version: locked.version + 1,
        photo: photo.hash,
        source: photo.source,
        bytes: Object.fromEntries(photo.variants.map((v) => [v.name.slice(33), v.body.length])),
      },
      at: now,
    });
    return findOpsProduct(tx, id, actor.storeId);
  });
}

/** One stored photo variant by its name, or undefined. */
export async function readPhoto(db: Db, name: string) {
  const [row] = await db
    .select({ contentType: productPhotos.contentType, body: productPhotos.body })
    .from(productPhotos)
    .where(eq(productPhotos.name, name))
    .limit(1);
  return row;
}
