import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import sharp from 'sharp';

import { ART_WIDTHS, artVariantUrl } from '../../src/lib/art-image';
import { categories, products } from '../../server/db/schema';
import { createTestApp } from '../setup/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('GET /api (the product list)', () => {
  it('answers with products from the database, prices in rupees', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const list = res.json<Array<Record<string, unknown>>>();
    expect(list.length).toBeGreaterThan(0);
    for (const product of list) {
      expect(product).toMatchObject({
        id: expect.any(Number),
        name: expect.any(String),
        price: expect.any(Number),
        discount: expect.any(Number),
        img: expect.stringMatching(/^\/images\/products\/.+\.svg$/),
        category: expect.any(String),
        subcategory: expect.any(String),
      });
    }
  });

  it('takes turns across the categories, in-stock products only at the top', async () => {
    const list = (await ctx.app.inject({ method: 'GET', url: '/api?limit=18' })).json<
      Array<{ category: string; inStock: boolean }>
    >();
    expect(list).toHaveLength(18);
    // Nine categories, two turns each: every category appears exactly twice.
    const perCategory = new Map<string, number>();
    for (const p of list) perCategory.set(p.category, (perCategory.get(p.category) ?? 0) + 1);
    expect(perCategory.size).toBe(9);
    expect([...perCategory.values()].every((n) => n === 2)).toBe(true);
    expect(list.every((p) => p.inStock)).toBe(true);
  });

  it('reflects a change made in the database', async () => {
    const [first] = await ctx.database.db.select().from(products).limit(1);
    await ctx.database.db
      .update(products)
      .set({ name: 'Renamed In Test', pricePaise: 1234, mrpPaise: 2000 })
      .where(eq(products.id, first!.id));
    const list = (await ctx.app.inject({ method: 'GET', url: '/api?limit=100' })).json<
      Array<Record<string, unknown>>
    >();
    expect(list.find((p) => p.id === first!.id)).toMatchObject({
      name: 'Renamed In Test',
      price: 12.34,
      mrp: 20,
      discount: 38,
    });
  });

  it('rejects an invalid limit with a message naming the parameter', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api?limit=abc' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('limit'),
    });
  });
});

describe('GET /api/product/public/:id', () => {
  it('answers with the product', async () => {
    const [row] = await ctx.database.db.select().from(products).limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public/${row!.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: row!.id,
      slug: row!.slug,
      category: expect.stringMatching(/^[a-z0-9-]+$/),
      subcategory: expect.stringMatching(/^[a-z0-9-]+$/),
    });
  });

  it("is a 404 'Product not found' for an unknown id", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/public/999999' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('is a 400 for a non-numeric id', async () => {
    for (const id of ['abc', '1.5', '-3', '99999999999']) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public/${id}` });
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toMatch(/id/);
    }
  });
});

describe('product images', () => {
  it('serves an SVG for a product and 404 for an unknown one', async () => {
    const [row] = await ctx.database.db.select().from(products).limit(1);
    const res = await ctx.app.inject({ method: 'GET', url: row!.image });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    expect(res.body).toContain('<svg');
    expect((await ctx.app.inject({ method: 'GET', url: '/images/products/no-such-thing.svg' })).statusCode).toBe(404);
  });

  it('draws a product or category illustration as WebP at each width the storefront asks for (decision 048)', async () => {
    const [product] = await ctx.database.db.select().from(products).limit(1);
    const [category] = await ctx.database.db.select().from(categories).limit(1);
    for (const svg of [product!.image, category!.image!]) {
      for (const width of ART_WIDTHS) {
        const res = await ctx.app.inject({ method: 'GET', url: artVariantUrl(svg, width) });
        expect(res.statusCode, `${svg} ${width}`).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
        const { format, width: drawn, height } = await sharp(res.rawPayload).metadata();
        expect({ format, drawn, height }).toEqual({ format: 'webp', drawn: width, height: width });
      }
    }
    // The same variant again is the same bytes, from memory.
    const url = artVariantUrl(product!.image, 320);
    const [first, second] = await Promise.all([
      ctx.app.inject({ method: 'GET', url }),
      ctx.app.inject({ method: 'GET', url }),
    ]);
    expect(first.rawPayload.equals(second.rawPayload)).toBe(true);
  });

  it('refuses a width it does not draw, another format, and an unknown illustration', async () => {
    const [product] = await ctx.database.db.select().from(products).limit(1);
    const base = product!.image.replace(/\.svg$/, '');
    const refused: [string, number][] = [
      [`${base}-100.webp`, 404],
      [`${base}-320.png`, 400],
      [`${base}-320.avif`, 400],
      ['/images/products/no-such-thing-320.webp', 404],
      ['/images/categories/no-such-thing-128.webp', 404],
    ];
    for (const [url, status] of refused) {
      const res = await ctx.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      // An error is not kept by browsers for a week as the pictures are.
      expect(res.headers['cache-control'] ?? '', url).not.toMatch(/max-age=[1-9]/);
    }
  });
});
