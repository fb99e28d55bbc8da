/**
 * The store console's API (issue 18): each role against each route, removed staff, the audit
 * log, product edits (validation, stale versions, reaching search and the product answer at
 * once), photo uploads (good JPEG and PNG, a non-image, an oversized file, a decompression
 * bomb) and the command line's staff commands.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { auditLog, products, stores } from '../../server/db/schema';
import { runOps, UsageError } from '../../server/ops/cli';
import { createTestApp } from '../setup/test-app';
import { photo, pngBomb } from '../support/images';
import { json, numberFactory, signIn, type SignedIn } from './auth-helpers';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
const nextNumber = numberFactory('74');
let ip = 1;

const ops = (argv: string[]) => runOps(argv, ctx.database, ctx.config.jwtSecret);
const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.token}` });

interface People {
  picker: SignedIn;
  manager: SignedIn;
  admin: SignedIn;
  shopper: SignedIn;
  removed: SignedIn;
}
let people: People;
let storeId: number;
let productId: number;

async function person(role?: 'picker' | 'manager' | 'admin'): Promise<SignedIn> {
  const mobile = nextNumber();
  if (role) await ops(['staff:add', mobile, '--role', role, ...(role === 'admin' ? [] : ['--store', String(storeId)])]);
  return signIn(ctx, mobile, `198.51.100.${ip++}`);
}

async function currentProduct(id = productId) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/ops/products/${id}`, headers: bearer(people.admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { version: number; price: number; mrp: number; name: string; sold: boolean };
}

const upload = (who: SignedIn, id: number, body: Buffer, type = 'image/jpeg') =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/ops/products/${id}/photo`,
    headers: { ...bearer(who), 'content-type': type },
    payload: body,
  });

beforeAll(async () => {
  ctx = await createTestApp();
  const [store] = await ctx.database.db.select({ id: stores.id }).from(stores).orderBy(stores.id).limit(1);
  storeId = store!.id;
  const [row] = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(1);
  productId = row!.id;
  people = {
    picker: await person('picker'),
    manager: await person('manager'),
    admin: await person('admin'),
    shopper: await person(),
    removed: await person('manager'),
  };
  await ops(['staff:remove', people.removed.mobile]);
}, 120_000);
afterAll(() => ctx.close());

type Who = keyof People | 'signed-out';
interface RouteCase {
  request: () => InjectOptions;
  /** The roles allowed through; everyone else staff is ROLE_NOT_ALLOWED. */
  allowed: ('picker' | 'manager' | 'admin')[];
  okStatus: number;
}

/** Every console route; the test below fails for one missing here. */
const NO_ORDER = '00000000-0000-4000-8000-000000000000';

const ROUTES: Record<string, RouteCase> = {
  'GET /api/ops/me': {
    request: () => ({ method: 'GET', url: '/api/ops/me' }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'GET /api/ops/categories': {
    request: () => ({ method: 'GET', url: '/api/ops/categories' }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'GET /api/ops/products': {
    request: () => ({ method: 'GET', url: '/api/ops/products?q=amul' }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'GET /api/ops/products/{id}': {
    request: () => ({ method: 'GET', url: `/api/ops/products/${productId}` }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'PATCH /api/ops/products/{id}': {
    // A no-op edit: allowed roles get 200 without changing anything.
    request: () => json('PATCH', `/api/ops/products/${productId}`, { version: 999_999 }),
    allowed: ['manager', 'admin'],
    okStatus: 409,
  },
  'POST /api/ops/products': {
    // Refused by validation once past the role check, so the matrix adds nothing.
    request: () => json('POST', '/api/ops/products', { name: 'x' }),
    allowed: ['manager', 'admin'],
    okStatus: 400,
  },
  'PUT /api/ops/products/{id}/photo': {
    request: () => ({
      method: 'PUT',
      url: `/api/ops/products/${productId}/photo`,
      headers: { 'content-type': 'image/jpeg' },
      payload: Buffer.from('not a photo'),
    }),
    allowed: ['manager', 'admin'],
    okStatus: 400,
  },
  'GET /api/ops/stores': {
    request: () => ({ method: 'GET', url: '/api/ops/stores' }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'GET /api/ops/stock': {
    // The staff's own store (an admin names any).
    request: () => ({ method: 'GET', url: `/api/ops/stock?store=${storeId}` }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  'POST /api/ops/stock/adjustments': {
    // Refused by validation once past the role check.
    request: () => json('POST', '/api/ops/stock/adjustments', { productId }),
    allowed: ['manager', 'admin'],
    okStatus: 400,
  },
  'GET /api/ops/audit': {
    request: () => ({ method: 'GET', url: '/api/ops/audit' }),
    allowed: ['admin'],
    okStatus: 200,
  },
  'GET /api/ops/orders': {
    request: () => ({ method: 'GET', url: '/api/ops/orders?status=active' }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 200,
  },
  // No such order: allowed roles get past the role check to a 404 (the board's own tests,
  // ops-orders.test.ts, move real orders on).
  'GET /api/ops/orders/{id}': {
    request: () => ({ method: 'GET', url: `/api/ops/orders/${NO_ORDER}` }),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 404,
  },
  'POST /api/ops/orders/{id}/advance': {
    request: () => json('POST', `/api/ops/orders/${NO_ORDER}/advance`, {}),
    allowed: ['picker', 'manager', 'admin'],
    okStatus: 404,
  },
  'POST /api/ops/orders/{id}/cancel': {
    // Refused by validation (a reason is required) once past the role check.
    request: () => json('POST', `/api/ops/orders/${NO_ORDER}/cancel`, {}),
    allowed: ['manager', 'admin'],
    okStatus: 400,
  },
};

/**
 * Routes whose answer never ends for an allowed role, so that they cannot be in the matrix (an
 * injected request would wait for ever); each names where its roles are tested.
 */
const STREAMS: Record<string, string> = {
  'GET /api/ops/orders/stream': 'ops-orders.test.ts: 401 signed out, 403 for a shopper, events for staff',
};

describe('who reaches the console', () => {
  it('lists every /api/ops route of the OpenAPI document here', async () => {
    const spec = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/ops'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual([...Object.keys(ROUTES), ...Object.keys(STREAMS)].sort());
  });

  const everyone: Who[] = ['signed-out', 'shopper', 'removed', 'picker', 'manager', 'admin'];
  for (const [route, c] of Object.entries(ROUTES)) {
    for (const who of everyone) {
      it(`${route} as ${who}`, async () => {
        const request = c.request();
        const headers = who === 'signed-out' ? {} : bearer(people[who]);
        const res = await ctx.app.inject({ ...request, headers: { ...request.headers, ...headers } });
        const body = res.json();
        if (who === 'signed-out') {
          expect(res.statusCode).toBe(401);
          expect(body.code).toBe('UNAUTHENTICATED');
        } else if (who === 'shopper' || who === 'removed') {
          expect(res.statusCode, res.body).toBe(403);
          expect(body).toEqual({
            success: false,
            code: 'NOT_STAFF',
            message: expect.stringContaining('not on the store’s staff'),
          });
        } else if (!c.allowed.includes(who)) {
          expect(res.statusCode, res.body).toBe(403);
          expect(body.code).toBe('ROLE_NOT_ALLOWED');
        } else {
          expect(res.statusCode, res.body).toBe(c.okStatus);
        }
        expect(res.headers['cache-control']).toBe('no-store');
      });
    }
  }

  it('tells staff who they are, with their store', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(people.manager) });
    expect(res.json().data).toMatchObject({
      mobile: people.manager.mobile,
      role: 'manager',
      storeId,
      storeName: expect.any(String),
      may: { editCatalogue: true, readAudit: false },
    });
    const admin = await ctx.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(people.admin) });
    expect(admin.json().data).toMatchObject({
      role: 'admin',
      storeId: null,
      may: { editCatalogue: true, readAudit: true },
    });
  });

  it('refuses a removed member on the very next request, with the session still valid', async () => {
    const member = await person('manager');
    const before = await ctx.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(member) });
    expect(before.statusCode).toBe(200);
    await ops(['staff:remove', member.mobile]);
    const after = await ctx.app.inject({ method: 'GET', url: '/api/ops/me', headers: bearer(member) });
    expect(after.statusCode).toBe(403);
    // Still a valid shopper session: the storefront works for them.
    const shopperSide = await ctx.app.inject({ method: 'GET', url: '/api/customer/me', headers: bearer(member) });
    expect(shopperSide.statusCode).toBe(200);
  });

  it('checks the role before it looks at the body (a picker with a bad edit is 403, not 400)', async () => {
    const res = await ctx.app.inject(
      json('PATCH', `/api/ops/products/${productId}`, { price: 'free' }, { headers: bearer(people.picker) }),
    );
    expect(res.statusCode).toBe(403);
  });
});

describe('the command line', () => {
  it('adds, changes and removes staff, refusing what makes no sense, and records it', async () => {
    const mobile = nextNumber();
    await expect(ops(['staff:add', mobile, '--role', 'picker'])).rejects.toThrow(/--store/);
    await expect(ops(['staff:add', mobile, '--role', 'admin', '--store', String(storeId)])).rejects.toThrow(
      /leave out --store/,
    );
    await expect(ops(['staff:add', mobile, '--role', 'picker', '--store', '99999'])).rejects.toThrow(/No store 99999/);
    await expect(ops(['staff:add', mobile, '--role', 'owner'])).rejects.toThrow(/--role must be one of/);
    await expect(ops(['staff:add', '12345', '--role', 'admin'])).rejects.toBeInstanceOf(UsageError);
    await expect(ops(['staff:remove', mobile])).rejects.toThrow(/not on the staff/);

    expect(await ops(['staff:add', `+91 ${mobile}`, '--role', 'picker', '--store', String(storeId)])).toBe(
      `${mobile} can sign in at /ops as picker (store ${storeId}).`,
    );
    expect(await ops(['staff:add', mobile, '--role', 'admin'])).toBe(
      `${mobile} is now admin (every store); was picker.`,
    );
    expect(await ops(['staff:list'])).toContain(`${mobile}  admin    every store`);
    expect(await ops(['staff:remove', mobile])).toBe(`${mobile} no longer has access to the console.`);
    expect(await ops(['staff:list'])).not.toContain(mobile);

    const records = await ctx.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} like 'staff.%' and ${auditLog.after}->>'mobile' = ${mobile}`)
      .orderBy(auditLog.id);
    expect(records.map((r) => [r.actor, r.action, r.staffId, r.before, r.after])).toEqual([
      ['cli', 'staff.add', null, null, { mobile, role: 'picker', storeId, removed: false }],
      [
        'cli',
        'staff.add',
        null,
        { mobile, role: 'picker', storeId, removed: false },
        { mobile, role: 'admin', storeId: null, removed: false },
      ],
      [
        'cli',
        'staff.remove',
        null,
        { mobile, role: 'admin', storeId: null, removed: false },
        { mobile, role: 'admin', storeId: null, removed: true },
      ],
    ]);
  });
});

describe('editing the catalogue', () => {
  const edit = (who: SignedIn, id: number, body: Record<string, unknown>) =>
    ctx.app.inject(json('PATCH', `/api/ops/products/${id}`, body, { headers: bearer(who) }));

  it('refuses bad values with a message naming the field, changing nothing', async () => {
    const before = await currentProduct();
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ version: before.version, price: before.mrp + 1 }, /^price: must not be more than the MRP$/],
      [{ version: before.version, price: 0 }, /^price: /],
      [{ version: before.version, price: 10.001 }, /^price: /],
      [{ version: before.version, mrp: -5 }, /^mrp: /],
      [{ version: before.version, name: ' ' }, /^name: /],
      [{ version: before.version, name: 'x'.repeat(121) }, /^name: /],
      [{ version: before.version, subcategoryId: 999_999 }, /^subcategoryId: no such sub-category$/],
      [{ version: before.version, stock: -1 }, /^stock: /],
      [{ version: before.version, slug: 'hacked' }, /^slug: is not allowed$/],
      [{ price: 10 }, /^version: /],
    ];
    for (const [body, message] of cases) {
      const res = await edit(people.manager, productId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect(await currentProduct()).toEqual(before);
  });

  it('puts a new price into the product answer and search at once, and records before and after', async () => {
    const [row] = await ctx.database.db
      .select({ id: products.id, name: products.name, price: products.pricePaise, mrp: products.mrpPaise })
      .from(products)
      .orderBy(products.id)
      .offset(3)
      .limit(1);
    const id = row!.id;
    // Warm every cache there is first: the next answers must not come from them.
    await ctx.app.inject({ method: 'GET', url: `/api/product/public/${id}` });
    const { version } = await currentProduct(id);
    const newPrice = row!.mrp / 100 - 1;
    const res = await edit(people.manager, id, { version, price: newPrice, name: 'Zanzibar Clove Honey' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: version + 1, price: newPrice, name: 'Zanzibar Clove Honey' });

    const product = await ctx.app.inject({ method: 'GET', url: `/api/product/public/${id}` });
    expect(product.json()).toMatchObject({ price: newPrice, name: 'Zanzibar Clove Honey' });
    const found = await ctx.app.inject({ method: 'GET', url: '/api/product/public?q=zanzibar' });
    expect(found.json().data.map((p: { id: number; price: number }) => [p.id, p.price])).toEqual([[id, newPrice]]);
    // A typo is corrected against the new name's words too (the search words trigger).
    const typo = await ctx.app.inject({ method: 'GET', url: '/api/product/public?q=zanzibr' });
    expect(typo.json().data.map((p: { id: number }) => p.id)).toContain(id);

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/ops/audit?productId=${id}`,
      headers: bearer(people.admin),
    });
    const [record] = audit.json().data;
    expect(record).toMatchObject({
      actor: 'console',
      staffMobile: people.manager.mobile,
      action: 'product.update',
      targetType: 'product',
      targetId: String(id),
      productId: id,
      before: { version, pricePaise: row!.price, name: row!.name },
      after: { version: version + 1, pricePaise: row!.mrp - 100, name: 'Zanzibar Clove Honey' },
    });
    expect(Date.now() - Date.parse(record.at)).toBeLessThan(60_000);
  });

  it('answers a stale version with 409 and the current product, and keeps the newer edit', async () => {
    const { version, mrp } = await currentProduct();
    const first = await edit(people.manager, productId, { version, price: mrp });
    expect(first.statusCode).toBe(200);
    const stale = await edit(people.admin, productId, { version, price: mrp - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      success: false,
      code: 'STALE_VERSION',
      data: { id: productId, version: version + 1, price: mrp },
    });
    expect((await currentProduct()).price).toBe(mrp);
  });

  it('two edits of the same version at once: exactly one wins', async () => {
    const { version, mrp } = await currentProduct();
    const results = await Promise.all([
      edit(people.manager, productId, { version, price: mrp - 2 }),
      edit(people.admin, productId, { version, price: mrp - 3 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('not sold: out of stock on the storefront and refused at checkout; sold again with a quantity', async () => {
    const { version } = await currentProduct();
    const res = await edit(people.manager, productId, { version, sold: false });
    expect(res.json().data).toMatchObject({ sold: false, stock: 0 });
    const shown = await ctx.app.inject({ method: 'GET', url: `/api/product/public/${productId}` });
    expect(shown.json().inStock).toBe(false);
    // Whatever comes back to it (a cancelled order) is not offered while it is not sold.
    await ctx.database.db.update(products).set({ stock: 5 }).where(eq(products.id, productId));
    expect((await currentProduct()).sold).toBe(false);
    const [row] = await ctx.database.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, productId));
    expect(row!.stock).toBe(0);
    const again = await edit(people.manager, productId, { version: version + 1, sold: true, stock: 12 });
    expect(again.json().data).toMatchObject({ sold: true, stock: 12 });
    expect((await ctx.app.inject({ method: 'GET', url: `/api/product/public/${productId}` })).json().inStock).toBe(
      true,
    );
  });

  it('adds a product that the storefront and search find at once', async () => {
    const categories = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/categories',
      headers: bearer(people.admin),
    });
    const sub = categories.json().data[0] as { id: number; parentId: number };
    const body = {
      name: 'Quokka Oat Crunch',
      brand: 'Quokka',
      packSize: '400 g',
      subcategoryId: sub.id,
      price: 149,
      mrp: 199,
      description: 'Toasted oats with jaggery.',
      stock: 30,
    };
    const refused = await ctx.app.inject(
      json('POST', '/api/ops/products', { ...body, price: 250 }, { headers: bearer(people.manager) }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('price: must not be more than the MRP');

    const res = await ctx.app.inject(json('POST', '/api/ops/products', body, { headers: bearer(people.manager) }));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({
      slug: 'quokka-oat-crunch-400-g',
      version: 1,
      price: 149,
      mrp: 199,
      stock: 30,
      photo: null,
    });
    expect(created.img).toBe('/images/products/quokka-oat-crunch-400-g.svg');
    const art = await ctx.app.inject({ method: 'GET', url: created.img });
    expect(art.statusCode).toBe(200);
    const found = await ctx.app.inject({ method: 'GET', url: '/api/product/public?q=quokka' });
    expect(found.json().data.map((p: { id: number }) => p.id)).toEqual([created.id]);
    // The same name and pack again gets the next free slug.
    const twin = await ctx.app.inject(json('POST', '/api/ops/products', body, { headers: bearer(people.admin) }));
    expect(twin.json().data.slug).toBe('quokka-oat-crunch-400-g-2');

    const audit = await ctx.app.inject({
      method: 'GET',
      url: `/api/ops/audit?productId=${created.id}`,
      headers: bearer(people.admin),
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'product.create',
        before: null,
        after: expect.objectContaining({ name: 'Quokka Oat Crunch' }),
      }),
    ]);
  });
});

describe('photos', () => {
  async function decoded(url: string) {
    const res = await ctx.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    return { type: res.headers['content-type'], meta: await sharp(res.rawPayload).metadata() };
  }

  for (const format of ['jpeg', 'png'] as const) {
    it(`turns a ${format.toUpperCase()} into AVIF and WebP at every width, shown by the storefront at once`, async () => {
      const [row] = await ctx.database.db
        .select({ id: products.id })
        .from(products)
        .orderBy(products.id)
        .offset(format === 'jpeg' ? 10 : 11)
        .limit(1);
      const id = row!.id;
      // A PNG of a photo is large and slow to make and decode: a smaller one says as much.
      const size = format === 'jpeg' ? { width: 1200, height: 900 } : { width: 800, height: 600 };
      const { version } = await currentProduct(id);
      const res = await upload(
        people.manager,
        id,
        await photo(size.width, size.height, format),
        format === 'png' ? 'application/octet-stream' : 'image/jpeg',
      );
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      expect(data.version).toBe(version + 1);
      const hash = /\/images\/photos\/([0-9a-f]{32})-320\.webp$/.exec(data.img)?.[1];
      expect(hash).toBeDefined();
      for (const width of [128, 320, 640, 960]) {
        expect(data.photo.avif).toContain(`/images/photos/${hash}-${width}.avif ${width}w`);
        expect(data.photo.webp).toContain(`/images/photos/${hash}-${width}.webp ${width}w`);
        const avif = await decoded(`/images/photos/${hash}-${width}.avif`);
        expect(avif.type).toBe('image/avif');
        expect(avif.meta).toMatchObject({ format: 'heif', compression: 'av1', width, height: width });
        const webp = await decoded(`/images/photos/${hash}-${width}.webp`);
        expect(webp.type).toBe('image/webp');
        expect(webp.meta).toMatchObject({ format: 'webp', width, height: width });
      }
      const shown = (await ctx.app.inject({ method: 'GET', url: `/api/product/public/${id}` })).json();
      expect(shown.img).toBe(data.img);
      expect(shown.photo).toEqual(data.photo);
      const listed = (await ctx.app.inject({ method: 'GET', url: `/api/product/public?ids=${id}` })).json();
      expect(listed.data[0].photo).toEqual(data.photo);

      const [record] = (
        await ctx.app.inject({ method: 'GET', url: `/api/ops/audit?productId=${id}`, headers: bearer(people.admin) })
      ).json().data;
      expect(record).toMatchObject({
        action: 'product.photo',
        staffMobile: people.manager.mobile,
        before: { version, photo: null },
        after: { version: version + 1, photo: hash, source: { format, ...size } },
      });
    });
  }

  it('refuses what is not an accepted photo with 400 IMAGE_UNREADABLE, whatever it claims to be', async () => {
    const before = await currentProduct();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><rect width="900" height="900"/></svg>',
    );
    const gif = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#c33' } })
      .gif()
      .toBuffer();
    const cases: [string, Buffer, string, RegExp][] = [
      ['text named as a JPEG', Buffer.from('hello, this is not a photo'), 'image/jpeg', /not a photo we can read/],
      ['a truncated JPEG', (await photo(800, 800)).subarray(0, 600), 'image/jpeg', /not a photo we can read/],
      ['an SVG sent as a PNG', svg, 'image/png', /SVG file cannot be used/],
      ['a GIF', gif, 'image/webp', /GIF file cannot be used/],
      ['a thumbnail', await photo(200, 150), 'image/jpeg', /too small/],
      ['a decompression bomb (12000 x 12000 in 18 kB)', pngBomb(12_000), 'image/png', /too many pixels/],
    ];
    for (const [what, body, type, message] of cases) {
      const res = await upload(people.manager, productId, body, type);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual({
        success: false,
        code: 'IMAGE_UNREADABLE',
        message: expect.stringMatching(message),
      });
    }
    expect(await currentProduct()).toEqual(before);
  });

  it('refuses a file over 10 MiB with 413 before reading it, and a form post with 415', async () => {
    const res = await upload(people.manager, productId, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('BODY_TOO_LARGE');
    const form = await upload(people.manager, productId, Buffer.from('a=1'), 'application/x-www-form-urlencoded');
    expect(form.statusCode).toBe(415);
    const multipart = await upload(people.manager, productId, Buffer.from('--x--'), 'multipart/form-data; boundary=x');
    expect(multipart.statusCode).toBe(415);
  });

  it('answers 404 for a photo that is not there, and for a name that is not a photo name', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: `/images/photos/${'0'.repeat(32)}-320.webp` })).statusCode).toBe(
      404,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/images/photos/..%2f..%2fetc-320.webp' })).statusCode).toBe(
      400,
    );
  });
});

describe('the audit log', () => {
  it('pages newest first and filters by staff member', async () => {
    const page1 = await ctx.app.inject({
      method: 'GET',
      url: '/api/ops/audit?pageSize=2',
      headers: bearer(people.admin),
    });
    const first = page1.json();
    expect(first.data).toHaveLength(2);
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id);
    const page2 = await ctx.app.inject({
      method: 'GET',
      url: `/api/ops/audit?pageSize=2&before=${first.next}`,
      headers: bearer(people.admin),
    });
    expect(page2.json().data[0].id).toBeLessThan(first.data[1].id);
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/ops/audit?mobile=${people.manager.mobile}`,
      headers: bearer(people.admin),
    });
    const records = mine.json().data as { staffMobile: string }[];
    expect(records.length).toBeGreaterThan(0);
    expect(records.every((r) => r.staffMobile === people.manager.mobile)).toBe(true);
  });

  it('is append-only in the database itself', async () => {
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'allowed',
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(ctx.database.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only/);
    expect(await refusal(ctx.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(ctx.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
  });
});

// Keeps the helper types used (LightMyRequestResponse documents what inject returns).
export type { LightMyRequestResponse };
