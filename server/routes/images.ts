import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Type } from 'typebox';

import { readPhoto } from '../db/ops-catalogue';
import { categories, products } from '../db/schema';
import { parseArtFile, type ArtWidth } from '../../src/lib/art-image';
import { PHOTO_NAME_PATTERN } from '../domain/photo-urls';
import { LruCache } from '../geo/lru-cache';
import { rasterizeArt } from '../web/product-art/raster';
import { renderCategoryImage, renderProductImage } from '../web/product-art/render';
import { notFound } from '../errors';

/** An illustration: its SVG, or one of its WebP variants (decision 048). */
const ArtFile = Type.String({ pattern: '^[a-z0-9-]{1,120}(\\.svg|-[0-9]{1,4}\\.webp)$' });
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

  // WebP variants: a few kilobytes each, so 1,500 of them (the home page and a shopper's browsing
  // at three widths, many times over) stay under 10 MB. One drawing per variant at a time: a page
  // asking for 50 at once, or many visitors for one, wait for the same one.
  const variants = new LruCache<Buffer>(1500, 24 * 3600_000);
  const drawing = new Map<string, Promise<Buffer>>();
  function variant(key: string, width: ArtWidth, svg: () => Promise<string>): Promise<Buffer> {
    const kept = variants.get(`${key}:${width}`);
    if (kept) return Promise.resolve(kept);
    let pending = drawing.get(`${key}:${width}`);
    if (!pending) {
      pending = svg()
        .then((source) => rasterizeArt(source, width))
        .then((webp) => {
          variants.set(`${key}:${width}`, webp);
          return webp;
        })
        .finally(() => drawing.delete(`${key}:${width}`));
      drawing.set(`${key}:${width}`, pending);
    }
    return pending;
  }

  /**
   * Sends an illustration as its file name asks: the SVG, or a WebP variant drawn from it. The
   * cache headers go on the picture only: an error (an unknown slug) is not kept for a week.
   */
  async function sendArt(reply: FastifyReply, file: string, key: string, svg: (slug: string) => Promise<string>) {
    const art = parseArtFile(file);
    if (!art) throw notFound('Image not found');
    const [type, body] =
      art.width === null
        ? ['image/svg+xml; charset=utf-8', await svg(art.slug)]
        : ['image/webp', await variant(`${key}:${art.slug}`, art.width, () => svg(art.slug))];
    return reply
      .type(type)
      .header('Cache-Control', IMAGE_CACHE)
      .header('Content-Security-Policy', IMAGE_CSP)
      .send(body);
  }

  async function productSvg(slug: string): Promise<string> {
    const kept = rendered.get(`p:${slug}`);
    if (kept) return kept;
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
    return remember(`p:${slug}`, renderProductImage(row));
  }

  async function categorySvg(slug: string): Promise<string> {
    const kept = rendered.get(`c:${slug}`);
    if (kept) return kept;
    const [row] = await db
      .select({ slug: categories.slug, name: categories.name })
      .from(categories)
      .where(eq(categories.slug, slug))
      .limit(1);
    if (!row) throw notFound('Image not found');
    return remember(`c:${slug}`, renderCategoryImage(row));
  }

  app.get(
    '/images/products/:file',
    { schema: { hide: true, params: Type.Object({ file: ArtFile }) } },
    async (request, reply) => sendArt(reply, request.params.file, 'p', productSvg),
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
    { schema: { hide: true, params: Type.Object({ file: ArtFile }) } },
    async (request, reply) => sendArt(reply, request.params.file, 'c', categorySvg),
  );
};

export default imageRoutes;
