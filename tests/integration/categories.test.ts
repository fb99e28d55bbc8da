import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { categories, products } from '../../server/db/schema';
import type { CategoryListResponse } from '../../server/schemas/category';
import type { ProductPage } from '../../server/schemas/product';
import { createTestApp } from '../setup/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const NAV = [
  'vegetables-fruits',
  'dairy-breakfast',
  'munchies',
  'cold-drinks-juices',
  'instant-frozen-food',
  'tea-coffee-health-drinks',
  'bakery-biscuits',
  'personal-care',
  'household-essentials',
];

async function listCategories() {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/category/public' });
  expect(res.statusCode).toBe(200);
  return { res, body: res.json<CategoryListResponse>() };
}

describe('GET /api/category/public', () => {
  it('lists the nine navigation categories in order, cached like the product routes', async () => {
    const { res, body } = await listCategories();
    expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(body.success).toBe(true);
    expect(body.data.map((c) => c.slug)).toEqual(NAV);
    expect(body.data[0]).toMatchObject({
      name: 'Vegetables & Fruits',
      image: '/images/categories/vegetables-fruits.svg',
    });
  });

  it('puts all nine in the Grocery & Kitchen group', async () => {
    const { body } = await listCategories();
    expect(body.groups).toEqual([{ slug: 'grocery-kitchen', name: 'Grocery & Kitchen', categories: NAV }]);
  });

  it('counts products per category and sub-category, as the product listing does', async () => {
    const { body } = await listCategories();
    for (const category of body.data) {
      expect(category.productCount).toBe(category.subcategories.reduce((sum, s) => sum + s.productCount, 0));
      const listed = (
        await ctx.app.inject({ method: 'GET', url: `/api/product/public?category=${category.slug}` })
      ).json<ProductPage>();
      expect(listed.total, category.slug).toBe(category.productCount);
    }
    const [all] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(body.data.reduce((sum, c) => sum + c.productCount, 0)).toBe(all!.n);
  });

  it('gives each sub-category its image and count, in sidebar order', async () => {
    const { body } = await listCategories();
    const dairy = body.data.find((c) => c.slug === 'dairy-breakfast')!;
    expect(dairy.subcategories[0]).toMatchObject({
      slug: 'milk',
      name: 'Milk',
      image: '/images/categories/milk.svg',
      productCount: expect.any(Number),
    });
    for (const sub of dairy.subcategories) expect(sub.productCount).toBeGreaterThan(0);
  });

  it('previews up to four product images per category, in-stock products first', async () => {
    const { body } = await listCategories();
    const stock = new Map(
      (await ctx.database.db.select({ image: products.image, stock: products.stock }).from(products)).map((p) => [
        p.image,
        p.stock,
      ]),
    );
    for (const category of body.data) {
      expect(category.previewImages.length).toBeGreaterThan(0);
      expect(category.previewImages.length).toBeLessThanOrEqual(4);
      expect(new Set(category.previewImages).size).toBe(category.previewImages.length);
      for (const image of category.previewImages) {
        expect(image).toMatch(/^\/images\/products\/.+\.svg$/);
        expect(stock.get(image)).toBeGreaterThan(0);
      }
    }
    // The images are served.
    const image = body.data[0]!.previewImages[0]!;
    expect((await ctx.app.inject({ method: 'GET', url: image })).statusCode).toBe(200);
  });

  it('reflects a renamed category, in search too', async () => {
    await ctx.database.db.update(categories).set({ name: 'Nibbles & Munchies' }).where(eq(categories.slug, 'munchies'));
    const { body } = await listCategories();
    expect(body.data.find((c) => c.slug === 'munchies')?.name).toBe('Nibbles & Munchies');
    const found = (
      await ctx.app.inject({ method: 'GET', url: '/api/product/public?q=nibbles&pageSize=100' })
    ).json<ProductPage>();
    expect(found.total).toBe(body.data.find((c) => c.slug === 'munchies')!.productCount);
  });
});
