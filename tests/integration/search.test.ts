import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { rowsOf } from '../../server/db/rows';
import { categories, products, storeStock } from '../../server/db/schema';
import type { Product, ProductPage } from '../../server/schemas/product';
import { createTestApp } from '../setup/test-app';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function page(query: Record<string, string | number>): Promise<ProductPage> {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public?${search}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProductPage>();
}

const search = async (q: string, extra: Record<string, string | number> = {}) => (await page({ q, ...extra })).data;
const names = (list: Product[]) => list.map((p) => p.name);

/** Out-of-stock products come after every in-stock one; returns the two runs. */
function stockRuns(list: Product[]) {
  const firstOut = list.findIndex((p) => !p.inStock);
  const split = firstOut === -1 ? list.length : firstOut;
  expect(list.slice(split).every((p) => !p.inStock)).toBe(true);
  return [list.slice(0, split), list.slice(split)];
}

function expectOrdered<T>(list: T[], compare: (a: T, b: T) => number) {
  for (let i = 1; i < list.length; i++)
    expect(compare(list[i - 1]!, list[i]!), `items ${i - 1} and ${i}`).toBeLessThanOrEqual(0);
}

describe('GET /api/product/public: browsing', () => {
  it('answers with a page of products, the total and the paging it used', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/public' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const body = res.json<ProductPage>();
    expect(body).toMatchObject({ success: true, page: 1, pageSize: 24 });
    expect(body.data).toHaveLength(24);
    const [all] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(body.total).toBe(all!.n);
    expect(body.data[0]).toMatchObject({
      id: expect.any(Number),
      category: expect.any(String),
      subcategory: expect.any(String),
      inStock: expect.any(Boolean),
      img: expect.stringMatching(/^\/images\/products\/.+\.svg$/),
    });
  });

  it('filters by category and sub-category', async () => {
    const dairy = await page({ category: 'dairy-breakfast', pageSize: 100 });
    expect(dairy.total).toBeGreaterThan(20);
    expect(dairy.data.every((p) => p.category === 'dairy-breakfast')).toBe(true);

    const milk = await page({ category: 'dairy-breakfast', subcategory: 'milk', pageSize: 100 });
    expect(milk.total).toBeGreaterThan(3);
    expect(milk.data.every((p) => p.subcategory === 'milk')).toBe(true);

    const alone = await page({ subcategory: 'milk', pageSize: 100 });
    expect(alone.total).toBe(milk.total);
  });

  it('lists in-stock products first, then in the category page order (sub-category, then id)', async () => {
    const categories = (await ctx.app.inject({ method: 'GET', url: '/api/category/public' })).json<{
      data: { slug: string; subcategories: { slug: string }[] }[];
    }>();
    const dairy = categories.data.find((c) => c.slug === 'dairy-breakfast')!;
    const position = (p: Product) => dairy.subcategories.findIndex((s) => s.slug === p.subcategory);
    const list = (await page({ category: 'dairy-breakfast', pageSize: 100 })).data;
    for (const run of stockRuns(list)) {
      expectOrdered(run, (a, b) => position(a) - position(b) || a.id - b.id);
    }
    expect(list.some((p) => !p.inStock)).toBe(true);
  });

  it('finds products by id, for refreshing a cart', async () => {
    const [a, b] = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(2);
    const body = await page({ ids: `${b!.id},${a!.id},999999`, pageSize: 100 });
    expect(body.total).toBe(2);
    expect(body.data.map((p) => p.id).sort((x, y) => x - y)).toEqual([a!.id, b!.id]);
  });
});

describe('GET /api/product/public: sorting', () => {
  const category = 'household-essentials';

  it('price-asc: cheapest first, ties by id', async () => {
    const list = (await page({ category, sort: 'price-asc', pageSize: 100 })).data;
    for (const run of stockRuns(list)) expectOrdered(run, (a, b) => a.price - b.price || a.id - b.id);
  });

  it('price-desc: dearest first, ties by id', async () => {
    const list = (await page({ category, sort: 'price-desc', pageSize: 100 })).data;
    for (const run of stockRuns(list)) expectOrdered(run, (a, b) => b.price - a.price || a.id - b.id);
  });

  it('name: alphabetical', async () => {
    const list = (await page({ category, sort: 'name', pageSize: 100 })).data;
    const key = (p: Product) => p.name.toLowerCase();
    for (const run of stockRuns(list))
      expectOrdered(run, (a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id));
  });

  it('discount: highest discount first', async () => {
    const list = (await page({ category: 'munchies', sort: 'discount', pageSize: 100 })).data;
    for (const run of stockRuns(list)) expectOrdered(run, (a, b) => b.discount - a.discount);
    expect(list[0]!.discount).toBeGreaterThan(0);
  });

  it('sorts search results too', async () => {
    const list = await search('chips', { sort: 'price-asc' });
    expect(list.length).toBeGreaterThan(3);
    for (const run of stockRuns(list)) expectOrdered(run, (a, b) => a.price - b.price || a.id - b.id);
  });
});

describe('GET /api/product/public: paging', () => {
  it.each(['relevance', 'price-asc', 'name', 'discount'])('page 2 continues page 1 (%s)', async (sort) => {
    const query = { category: 'dairy-breakfast', sort };
    const first = await page({ ...query, page: 1, pageSize: 10 });
    const second = await page({ ...query, page: 2, pageSize: 10 });
    const both = await page({ ...query, page: 1, pageSize: 20 });
    expect(second.total).toBe(first.total);
    expect(second.page).toBe(2);
    const ids = [...first.data, ...second.data].map((p) => p.id);
    expect(new Set(ids).size).toBe(20);
    expect(ids).toEqual(both.data.map((p) => p.id));
  });

  it('pages through search results the same way', async () => {
    const first = await page({ q: 'masala', pageSize: 5 });
    const second = await page({ q: 'masala', page: 2, pageSize: 5 });
    const both = await page({ q: 'masala', pageSize: 10 });
    expect(first.total).toBeGreaterThan(10);
    expect(second.total).toBe(first.total);
    expect([...first.data, ...second.data].map((p) => p.id)).toEqual(both.data.map((p) => p.id));
  });

  it('answers past the last page with no products and the real total', async () => {
    const body = await page({ category: 'dairy-breakfast', page: 500, pageSize: 100 });
    expect(body.data).toEqual([]);
    expect(body.total).toBeGreaterThan(0);
  });
});

describe('GET /api/product/public: bad input', () => {
  it.each([
    ['sort=cheapest', 'sort'],
    ['page=0', 'page'],
    ['page=abc', 'page'],
    ['pageSize=1000', 'pageSize'],
    ['category=Not%20A%20Slug', 'category'],
    ['ids=1,abc', 'ids'],
    ['q=' + 'x'.repeat(101), 'q'],
    ['colour=red', 'colour'],
  ])('%s is a 400 naming the parameter', async (query, parameter) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public?${query}` });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ success: boolean; message: string }>();
    expect(body.success).toBe(false);
    expect(body.message).toMatch(new RegExp(`^${parameter}\\b`));
  });

  it('lists the sort orders it accepts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/product/public?sort=cheapest' });
    expect(res.json().message).toBe('sort: must be one of relevance, price-asc, price-desc, name, discount');
  });

  it.each([
    'category=no-such-category',
    'subcategory=no-such-subcategory',
    // A sub-category slug is not a top-level category, and milk is not a munchie.
    'category=milk',
    'category=munchies&subcategory=milk',
    'subcategory=dairy-breakfast',
  ])("%s is a 404 'Category not found'", async (query) => {
    const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public?${query}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Category not found' });
  });

  it.each(["'; drop table products; --", '%_\\', "' or 1=1 --", 'milk:* | !', '((((', '*'])(
    'treats %j as text to look for',
    async (q) => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ success: true, data: expect.any(Array), total: expect.any(Number) });
      const [all] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(products);
      expect(all!.n).toBeGreaterThan(400);
    },
  );
});

it('refuses a control character in the query with a 400 naming it (issue 15)', async () => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/product/public?q=${encodeURIComponent('milk\u0000')}` });
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    success: false,
    code: 'VALIDATION_FAILED',
    message: 'q: must not contain control characters',
  });
});

/** One of the first three products found for `q` is named like `expected`. */
async function expectAmongFirstThree(q: string, expected: RegExp) {
  const list = await search(q);
  expect(
    names(list.slice(0, 3)).some((n) => expected.test(n)),
    names(list.slice(0, 5)).join(', '),
  ).toBe(true);
}

describe('search: what shoppers type', () => {
  it('an empty or blank query is no text filter', async () => {
    const all = await page({});
    expect((await page({ q: '' })).total).toBe(all.total);
    expect((await page({ q: '   ' })).total).toBe(all.total);
  });

  it('a query that matches nothing is an empty page', async () => {
    expect(await page({ q: 'xyzzyqwv' })).toMatchObject({ data: [], total: 0 });
    expect(await page({ q: '%_\\' })).toMatchObject({ data: [], total: 0 });
  });

  it.each([
    ['tomatoe', /tomato/i],
    ['bananna', /banana/i],
    ['panner', /paneer/i],
    ['maggie', /maggi/i],
    ['coffe', /coffee/i],
    ['biscut', /biscuit/i],
    ['choclate', /chocolate/i],
  ])('corrects the typo %s', async (q, expected) => {
    const list = await search(q);
    expect(
      names(list.slice(0, 3)).every((n) => expected.test(n)),
      names(list.slice(0, 5)).join(', '),
    ).toBe(true);
  });

  it.each([
    // 'catch' (the spice brand) is as many edits away: both are listed.
    ['catchup', /ketchup/i],
    ['kashew', /cashew/i],
    ['kornflakes', /corn flakes/i],
  ])('corrects %s, spelled by sound with another first letter (among the first three)', (q, expected) =>
    expectAmongFirstThree(q, expected),
  );

  it('says what a corrected search is for, and only then', async () => {
    // Nothing matches 'tomatoe' or 'bananna' as typed: the results are for the correction, said so.
    expect(await page({ q: 'Tomatoe' })).toMatchObject({ correctedQuery: 'tomato' });
    expect(await page({ q: 'fresh bananna', pageSize: 6 })).toMatchObject({ correctedQuery: 'fresh banana' });
    // Matched as typed ('poha' is in a description), a plain word, no result, or only some of the
    // words (the fallback): nothing to say.
    for (const q of ['poha', 'tomato', 'xyzzyqwv', 'amul xyzzyqwv']) {
      expect(await page({ q }), q).not.toHaveProperty('correctedQuery');
    }
    // Hindi in Devanagari is searched in Latin letters ('मैगी' as 'maigi', corrected to maggi):
    // found, but not said as a typo of what the shopper typed.
    const maggi = await page({ q: 'मैगी' });
    expect(maggi.total).toBeGreaterThan(0);
    expect(maggi).not.toHaveProperty('correctedQuery');
  });

  it.each([
    // Curry Leaves' description mentions poha; the floor cleaner's alias 'pocha' is one letter away.
    ['poha', /^Curry Leaves$/, /Lizol/],
    // 'paper' is two letters away, but a typo rarely changes the first letter (nor does spelling by sound here).
    ['diaper', undefined, /Paper Boat/],
  ])('takes %s as typed, not for a typo of another word', async (q, first, never) => {
    const list = await search(q);
    expect(
      list.some((p) => never.test(p.name)),
      names(list).join(', '),
    ).toBe(false);
    if (first) expect(list[0]?.name, names(list).join(', ')).toMatch(first);
  });

  it("corrects a typo that only begins another word: 'magi' (the start of 'magic') meant Maggi", async () => {
    const list = await search('magi');
    expect(
      names(list.slice(0, 5)).some((n) => /^Maggi /.test(n)),
      names(list.slice(0, 5)).join(', '),
    ).toBe(true);
  });

  it.each([
    ['aloo', /^potato$/i],
    ['pyaz', /^onion$/i],
    ['kela', /banana/i],
    ['atta', /atta/i],
    ['chawal', /rice/i],
    ['haldi', /turmeric/i],
    ['jeera', /jeera/i],
    ['mirch', /chilli/i],
    ['adrak', /ginger/i],
    ['lehsun', /garlic/i],
    ['palak', /spinach/i],
    ['bhindi', /lady finger/i],
    ['gobi', /cauliflower/i],
    ['cheeni', /sugar/i],
    ['namak', /salt/i],
  ])('understands the Hinglish %s', async (q, expected) => {
    const list = await search(q);
    expect(list[0]?.name, names(list.slice(0, 5)).join(', ')).toMatch(expected);
  });

  it("finds by a synonym what only a description names: 'aloo chips' lists the potato chips, 'laung' the cloves", async () => {
    // Lay's says "potato chips" in its description only; cloves are in descriptions only.
    const alooChips = names(await search('aloo chips', { pageSize: 50 }));
    expect(alooChips.filter((name) => /^Lay's /.test(name)).length).toBeGreaterThan(1);
    expect((await search('laung')).length).toBeGreaterThan(0);
  });

  it.each([
    ['matar', /peas/i],
    ['doodh', /milk/i],
    ['dahi', /dahi|curd/i],
    ['namkeen', /bhujia|sev|mix/i],
  ])('understands the Hinglish %s (among the first three)', (q, expected) => expectAmongFirstThree(q, expected));

  it.each([
    ['doodh', 'milk'],
    ['dahi', 'curd-yogurt'],
    ['namkeen', 'namkeen-bhujia'],
    ['chai', 'tea'],
    ['sabun', 'bath-body'],
  ])('%s finds the %s sub-category first', async (q, subcategory) => {
    const list = await search(q);
    expect(list.slice(0, 4).map((p) => p.subcategory)).toEqual(Array(4).fill(subcategory));
  });

  it.each([
    ['आलू', /^potato$/i],
    ['प्याज', /^onion$/i],
    ['टमाटर', /tomato/i],
    ['चावल', /rice/i],
    ['चीनी', /sugar/i],
    ['नमक', /salt/i],
    // A consonant's 'a' Hindi does not say is not read: adrak and lahsun, not adarak and lahasun.
    ['अदरक', /ginger/i],
    ['लहसुन', /garlic/i],
  ])('understands the Hindi %s, written as shoppers type it in Latin letters', async (q, expected) => {
    const list = await search(q);
    expect(list[0]?.name, names(list.slice(0, 5)).join(', ')).toMatch(expected);
  });

  it.each([
    ['दूध', /milk/i],
    ['दही', /dahi|curd/i],
    ['नमकीन', /bhujia|sev|mix/i],
    ['आटा', /atta/i],
    ['जीरा', /jeera/i],
    ['कॉफ़ी', /coffee/i],
    ['मूंगफली', /peanut/i],
    ['aata', /atta/i],
    ['jira', /jeera/i],
    ['kofi', /coffee/i],
    ['mungfali', /peanut/i],
    ['मुर्गी', /chicken/i],
    ['murga', /chicken/i],
    ['फल', /fruit/i],
    ['हरभरा', /chana/i],
  ])('understands %s, in Hindi or as shoppers spell it (among the first three)', (q, expected) =>
    expectAmongFirstThree(q, expected),
  );

  it.each([
    ['tom', /tomato/i],
    ['ban', /banana/i],
    ['amu', /^amul /i],
    ['hald', /haldiram|turmeric/i],
  ])('completes the prefix %s', async (q, expected) => {
    const list = await search(q);
    expect(
      names(list.slice(0, 3)).every((n) => expected.test(n)),
      names(list.slice(0, 5)).join(', '),
    ).toBe(true);
  });

  it('needs every word of a multi-word query', async () => {
    const amulMilk = await search('amul milk');
    expect(amulMilk.length).toBeGreaterThan(3);
    expect(amulMilk.every((p) => p.brand === 'Amul')).toBe(true);
    expect(amulMilk.slice(0, 4).every((p) => p.subcategory === 'milk')).toBe(true);

    const laysChips = await search('lays chips');
    expect(laysChips.length).toBeGreaterThan(1);
    expect(laysChips.every((p) => p.brand === "Lay's")).toBe(true);

    expect(names(await search("lay's classic salted"))[0]).toBe("Lay's Classic Salted Chips");
  });

  it('reads a pack size however it is typed: 1l, 1 ltr and 1 l find the same 1 L pack', async () => {
    const spaced = await search('amul milk 1 l');
    expect(spaced.length).toBeGreaterThan(0);
    expect(spaced.every((p) => p.brand === 'Amul' && p.packSize === '1 L')).toBe(true);
    for (const typed of ['Amul milk 1L', 'amul milk 1 ltr', 'amul milk 1litre']) {
      expect(names(await search(typed)), typed).toEqual(names(spaced));
    }
  });

  it('finds a pack of pieces however the count is written: pc or pcs', async () => {
    // The catalogue writes '1 pc' (Papaya) and '3 pcs' (Kiwi). Every word must match: a page of
    // whatever has some of them (the fallback) would list papaya for any spelling.
    for (const typed of ['papaya 1 pc', 'papaya 1 pcs']) {
      const found = await search(typed);
      expect(names(found), typed).toContain('Papaya');
      expect(
        found.every((p) => p.packSize === '1 pc'),
        typed,
      ).toBe(true);
    }
    for (const typed of ['kiwi 3 pc', 'kiwi 3pcs']) {
      const found = await search(typed);
      expect(names(found), typed).toContain('Kiwi');
      expect(
        found.every((p) => p.packSize === '3 pcs'),
        typed,
      ).toBe(true);
    }
  });

  it('shows what has some of the words when nothing has all of them', async () => {
    const list = await search('amul xyzzyqwv');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.brand === 'Amul')).toBe(true);
  });

  it('ranks an exact name first, whole words before prefixes, and the own category first', async () => {
    expect((await search('butter'))[0]?.name).toBe('Amul Butter');
    const milk = names(await search('milk', { pageSize: 50 }));
    expect(milk[0]).toMatch(/milk$/i);
    expect(milk.indexOf('Amul Taaza Toned Milk')).toBeLessThan(milk.indexOf('Britannia Milk Bikis'));
    // 'Milk' whole word before 'Milkshake' and Milky Mist (prefixes only).
    expect(milk.indexOf('Britannia Milk Bikis')).toBeLessThan(milk.indexOf("Hershey's Chocolate Milkshake"));
  });

  it('combines a query with a category', async () => {
    const list = await search('milk', { category: 'bakery-biscuits' });
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((p) => p.category === 'bakery-biscuits')).toBe(true);
    expect(list[0]?.name).toMatch(/milk/i);
  });

  it('lists out-of-stock matches after in-stock ones', async () => {
    const list = await search('peas');
    expect(list.some((p) => !p.inStock)).toBe(true);
    stockRuns(list);
  });

  it('finds a renamed product by its new name at once, typos included', async () => {
    const [row] = await ctx.database.db.select().from(products).where(eq(products.slug, 'kiwi-3-pcs'));
    await ctx.database.db.update(products).set({ name: 'Zespri Sungold Kiwifruit' }).where(eq(products.id, row!.id));
    expect((await search('sungold'))[0]?.id).toBe(row!.id);
    expect((await search('sungolt'))[0]?.id).toBe(row!.id);
  });
});

describe('GET /api/product/public: equal scores', () => {
  it('ranks the shorter name first, whatever the ids', async () => {
    const db = ctx.database.db;
    const [onion] = await db.select().from(products).where(eq(products.slug, 'onion-1-kg'));
    const like = {
      brand: 'Fresh',
      categoryId: onion!.categoryId,
      subcategoryId: onion!.subcategoryId,
      packSize: '1 kg',
      mrpPaise: 5000,
      pricePaise: 4500,
      stock: 20,
      image: onion!.image,
    };
    // The longer name is added first, so its id is the lower one.
    const added = await db
      .insert(products)
      .values([
        { ...like, slug: 'qzvlem-gourd-long', name: 'Qzvlem Gourd Long Variety' },
        { ...like, slug: 'qzvlem-gourd', name: 'Qzvlem Gourd' },
      ])
      .returning({ id: products.id });
    expect(added[0]!.id).toBeLessThan(added[1]!.id);
    expect(names(await search('qzvlem'))).toEqual(['Qzvlem Gourd', 'Qzvlem Gourd Long Variety']);
  });
});

describe('search reads product_search, kept by triggers on products (decision 040)', () => {
  it('follows a change of price, stock or sub-category at once, and matches products row for row', async () => {
    const db = ctx.database.db;
    const [milk] = await search('milk', { sort: 'price-asc' });
    const target = (await search('milk', { sort: 'price-desc' }))[0]!;
    expect(target.id).not.toBe(milk!.id);

    // The dearest becomes the cheapest.
    await db.update(products).set({ pricePaise: 100 }).where(eq(products.id, target.id));
    expect((await search('milk', { sort: 'price-asc' }))[0]?.id).toBe(target.id);

    // Sold out at every store: after every in-stock match.
    await db.update(storeStock).set({ stock: 0 }).where(eq(storeStock.productId, target.id));
    const list = (await page({ q: 'milk', sort: 'price-asc', pageSize: 100 })).data;
    const [inStock, out] = stockRuns(list);
    expect(inStock!.map((p) => p.id)).not.toContain(target.id);
    expect(out!.map((p) => p.id)).toContain(target.id);

    // Moved to another sub-category: found there, no longer in the old one.
    const [chips] = await db.select().from(categories).where(eq(categories.slug, 'chips-crisps'));
    const [moved] = await db
      .update(products)
      .set({ categoryId: chips!.parentId!, subcategoryId: chips!.id })
      .where(eq(products.id, target.id))
      .returning({ id: products.id });
    expect(moved?.id).toBe(target.id);
    const inChips = await page({ subcategory: 'chips-crisps', q: 'milk', pageSize: 100 });
    expect(inChips.data.map((p) => p.id)).toContain(target.id);

    // Every row the same as products derives it.
    const [drift] = rowsOf<{ n: number }>(
      await db.execute(sql`
      select count(*)::int as n from products p full join product_search s on s.product_id = p.id
      where s.product_id is null or p.id is null
        or (s.category_id, s.subcategory_id, s.in_stock, s.name, s.name_key, s.price_paise, s.mrp_paise, s.search_vector, s.search_keys)
          is distinct from (p.category_id, p.subcategory_id, p.stock > 0, p.name, lower(p.name) collate "C", p.price_paise, p.mrp_paise, p.search_vector, p.search_keys)`),
    );
    expect(drift?.n).toBe(0);
  });
});
