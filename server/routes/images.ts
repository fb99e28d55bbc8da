import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';

import { readPhoto } from '../db/ops-catalogue';
import { categories, products } from '../db/schema';
import { PHOTO_NAME_PATTERN } from '../domain/photo-urls';
import { LruCache } from '../geo/lru-cache';
import { renderCategoryImage, renderProductImage } from '../web/product-art/render';
import { notFound } from '../errors';

const Slug = Type.String({ pattern: '^[a-z0-9-]{1,120}\\.svg$' });
const IMAGE_CACHE = 'public, max-age=604800, stale-while-revalidate=2592000';
/** A photo variant's name carries its content hash: the bytes at a name never change. */
const PHOTO_CACHE = 'public, max-age=31536000, immutable';
const PhotoName = Type.String({ pattern: PHOTO_NAME_PATTERN });
// SVG can carry script; these answers are images only, so lock them down completely.
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Product and category artwork, drawn from catalogue data and cached hard by browsers and the SW. */
const imageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database;
  const subcategories = alias(categories, 'subcategories');
  const rendered = new Map<string, string>();

  function remember(key: string, svg: string) {
    if (rendered.size >= 2000) rendered.delete(rendered.keys().next().value!);
    rendered.set(key, svg);
    return svg;
  }

  app.get(
    '/images/products/:file',
    { schema: { hide: true, params: Type.Object({ file: Slug }) } },
    async (request, reply) => {
      const slug = request.params.file.slice(0, -4);
      let svg = rendered.get(`p:${slug}`);
      if (!svg) {
        const [row] = await db
          .select({
            slug: products.slug,
            name: products.name,
            brand: products.brand,
            packSize: products.packSize,
            category: categories.slug,
            subcategory: subcategories.slug,
          })
          .from(products)
          .innerJoin(categories, eq(products.categoryId, categories.id))
          .innerJoin(subcategories, eq(products.subcategoryId, subcategories.id))
          .where(eq(products.slug, slug))
          .limit(1);
        if (!row) throw notFound('Image not found');
        svg = remember(`p:${slug}`, renderProductImage(row));
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', IMAGE_CACHE)
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(svg);
    },
  );

  // Uploaded photos (decision 033): stored in the database, so every process serves them; the
  // most asked-for stay in memory (a variant is a few kilobytes; 500 of them, a few megabytes).
  const photos = new LruCache<{ contentType: string; body: Buffer }>(500, 24 * 3600_000);
  app.get(
    '/images/photos/:name',
    { schema: { hide: true, params: Type.Object({ name: PhotoName }) } },
    async (request, reply) => {
      const { name } = request.params;
      let photo = photos.get(name);
      if (!photo) {
        const row = await readPhoto(db, name);
        if (!row) throw notFound('Image not found');
        photo = { contentType: row.contentType, body: Buffer.from(row.body) };
        photos.set(name, photo);
      }
      return reply
        .type(photo.contentType)
        .header('Cache-Control', PHOTO_CACHE)
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(photo.body);
    },
  );

  app.get(
    '/images/categories/:file',
    { schema: { hide: true, params: Type.Object({ file: Slug }) } },
    async (request, reply) => {
      const slug = request.params.file.slice(0, -4);
      let svg = rendered.get(`c:${slug}`);
      if (!svg) {
        const [row] = await db
          .select({ slug: categories.slug, name: categories.name })
          .from(categories)
          .where(eq(categories.slug, slug))
          .limit(1);
        if (!row) throw notFound('Image not found');
        svg = remember(`c:${slug}`, renderCategoryImage(row));
      }
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('Cache-Control', IMAGE_CACHE)
        .header('Content-Security-Policy', IMAGE_CSP)
        .send(svg);
    },
  );
};

export default imageRoutes;
