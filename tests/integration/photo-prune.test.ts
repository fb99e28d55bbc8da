/**
 * The photo clean-up (decision 038): a photo no product has shown for longer than the longest
 * cache that names its variants is deleted, by the periodic job (logged) and by
 * `npm run ops -- photos:prune` (audited); a photo some product shows is never deleted, however
 * old, nor one shown again or replaced within the bound.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { PHOTO_LOCK_KEY, PHOTO_RETENTION_MS, prunePhotos } from '../../server/db/photo-prune';
import { auditLog, productPhotos, products } from '../../server/db/schema';
import { runOps } from '../../server/ops/cli';
import { testDatabaseUrl } from '../setup/template-db';
import { createTestApp } from '../setup/test-app';
import { photo } from '../support/images';
import { numberFactory, signIn, useAppClock, type SignedIn } from './auth-helpers';

const MINUTE = 60_000;
let ctx: Awaited<ReturnType<typeof createTestApp>>;
let manager: SignedIn;
let ids: number[];
const clock = useAppClock(() => ctx.app);
/** The app's "now" (uploads, audit records and the job read it), in ms. */
const appNow = () => ctx.app.clock.now().getTime();
const log: Record<string, unknown>[] = [];

const ops = (argv: string[], now: Date) => runOps(argv, ctx.database, ctx.config.jwtSecret, now);

/** Uploads a photo for a product through the console's API and answers its hash. */
async function upload(productId: number, width: number, height = 480): Promise<string> {
  const res = await ctx.app.inject({
    method: 'PUT',
    url: `/api/ops/products/${productId}/photo`,
    headers: { authorization: `Bearer ${manager.token}`, 'content-type': 'image/jpeg' },
    payload: await photo(width, height),
  });
  expect(res.statusCode, res.body).toBe(200);
  const hash = /\/images\/photos\/([0-9a-f]{32})-320\.webp$/.exec(res.json().data.img)?.[1];
  expect(hash).toBeTruthy();
  return hash!;
}

async function variants(hash: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(productPhotos)
    .where(eq(productPhotos.hash, hash));
  return row!.n;
}

const status = async (url: string) => (await ctx.app.inject({ method: 'GET', url })).statusCode;

beforeAll(async () => {
  ctx = await createTestApp(
    { logLevel: 'info' },
    { logStream: { write: (line) => void log.push(JSON.parse(line) as Record<string, unknown>) } },
  );
  const mobile = numberFactory('75')();
  await runOps(['staff:add', mobile, '--role', 'admin'], ctx.database, ctx.config.jwtSecret);
  manager = await signIn(ctx, mobile, '198.51.100.75');
  const rows = await ctx.database.db.select({ id: products.id }).from(products).orderBy(products.id).limit(6);
  ids = rows.map((r) => r.id);
}, 120_000);
afterAll(() => ctx.close());

describe('photo clean-up', () => {
  it('deletes a replaced photo only after the bound, and never the photo a product shows', async () => {
    const [p, q] = ids as [number, number];
    const replaced = await upload(p, 640);
    const current = await upload(p, 600);
    const elsewhere = await upload(q, 700, 500);
    const start = appNow();
    expect(await variants(replaced)).toBe(8);

    // Within the bound a cache may still name it: nothing goes.
    const early = await prunePhotos(ctx.database.db, new Date(start + PHOTO_RETENTION_MS - MINUTE));
    expect(early).toMatchObject({ ran: true, photos: [], variants: 0 });
    expect(await variants(replaced)).toBe(8);

    // After it, the replaced photo goes; the two that products show stay.
    const late = await prunePhotos(ctx.database.db, new Date(start + PHOTO_RETENTION_MS + MINUTE));
    expect(late.photos.map((x) => x.hash)).toEqual([replaced]);
    expect(late.photos[0]).toMatchObject({ productId: p, variants: 8 });
    expect(late.variants).toBe(8);
    expect(late.bytes).toBeGreaterThan(1000);
    expect(await variants(replaced)).toBe(0);
    expect(await variants(current)).toBe(8);
    expect(await variants(elsewhere)).toBe(8);
    expect(await status(`/images/photos/${replaced}-640.avif`)).toBe(404);
    expect(await status(`/images/photos/${current}-640.avif`)).toBe(200);

    // However old, a photo a product shows is never deleted.
    const decade = await prunePhotos(ctx.database.db, new Date(start + 3650 * 24 * 60 * MINUTE));
    expect(decade.photos).toEqual([]);
    expect(await variants(current)).toBe(8);
    expect(await variants(elsewhere)).toBe(8);
    const [shown] = await ctx.database.db.select({ photo: products.photo }).from(products).where(eq(products.id, p));
    expect(shown!.photo).toBe(current);
  });

  it('keeps a photo another product still shows, and counts the bound from when the last one stopped', async () => {
    const [, , r, s] = ids as [number, number, number, number];
    // The same picture on two products: one set of variants, stored for the first.
    const shared = await upload(r, 720);
    expect(await upload(s, 720)).toBe(shared);
    await upload(r, 740);
    const afterFirst = appNow();
    expect(
      (await prunePhotos(ctx.database.db, new Date(afterFirst + PHOTO_RETENTION_MS + MINUTE))).photos.map(
        (x) => x.hash,
      ),
    ).not.toContain(shared);
    expect(await variants(shared)).toBe(8);

    // The second product moves on a week later: the bound runs from then. The manager signs in
    // again on that day (a week-old session has expired).
    clock.advance(7 * 24 * 60 * MINUTE);
    manager = await signIn(ctx, manager.mobile, '198.51.100.76');
    await upload(s, 760);
    const stoppedAt = appNow();
    const [record] = await ctx.database.db
      .select({ at: auditLog.at })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'product.photo'), eq(auditLog.productId, s)))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(record!.at.getTime()).toBeGreaterThan(afterFirst + 6 * 24 * 60 * MINUTE);
    const kept = await prunePhotos(ctx.database.db, new Date(stoppedAt + PHOTO_RETENTION_MS - MINUTE));
    expect(kept.photos.map((x) => x.hash)).not.toContain(shared);
    expect(await variants(shared)).toBe(8);
    const gone = await prunePhotos(ctx.database.db, new Date(stoppedAt + PHOTO_RETENTION_MS + MINUTE));
    expect(gone.photos.map((x) => x.hash)).toContain(shared);
    expect(await variants(shared)).toBe(0);
  });

  it('the command line deletes and audits each photo; the periodic job logs what it deleted', async () => {
    // Two products without a photo so far: only the photos uploaded here come and go.
    const [, , , , p, q] = ids as [number, number, number, number, number, number];
    const cliOld = await upload(p, 780);
    await upload(p, 800);
    const later = new Date(appNow() + PHOTO_RETENTION_MS + MINUTE);
    const printed = await ops(['photos:prune'], later);
    expect(printed).toMatch(/^Deleted 8 variants of 1 photos \(\d+ KB\) no product has shown for 8 days:/);
    expect(printed).toContain(`${cliOld}  product ${p}, last shown `);
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.prune'), eq(auditLog.targetId, cliOld)));
    expect(audited).toMatchObject({
      actor: 'cli',
      staffId: null,
      targetType: 'photo',
      productId: p,
      after: null,
      before: { variants: 8 },
    });
    expect(await ops(['photos:prune'], later)).toBe(
      'No photo to delete: every stored photo is current or was shown within 8 days.',
    );

    const jobOld = await upload(q, 820);
    await upload(q, 840);
    clock.advance(PHOTO_RETENTION_MS + MINUTE);
    const report = await ctx.app.photoPrune.run();
    expect(report.photos.map((x) => x.hash)).toEqual([jobOld]);
    expect(await variants(jobOld)).toBe(0);
    const line = log.find((entry) => String(entry.msg).startsWith('photo clean-up deleted'));
    expect(line).toMatchObject({ variants: 8, photos: [{ hash: jobOld, productId: q }] });
    // The job is no one's action: it is logged, not audited.
    expect(
      await ctx.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'photo.prune'), eq(auditLog.targetId, jobOld))),
    ).toEqual([]);
  });

  // PGlite is one connection, so only PostgreSQL can have an upload and a clean-up at once.
  it.runIf(Boolean(testDatabaseUrl()))(
    'skips a round while another process cleans up or an upload attaches a photo',
    async () => {
      const later = new Date(appNow() + 3650 * 24 * 60 * MINUTE);
      for (const lock of ['pg_advisory_xact_lock_shared', 'pg_advisory_xact_lock']) {
        await ctx.database.db.transaction(async (tx) => {
          await tx.execute(sql`select ${sql.raw(lock)}(${sql.raw(String(PHOTO_LOCK_KEY))})`);
          // Another connection of the pool, as another process would be.
          expect(await prunePhotos(ctx.database.db, later)).toEqual({ ran: false, photos: [], variants: 0, bytes: 0 });
        });
      }
      expect((await prunePhotos(ctx.database.db, later)).ran).toBe(true);
    },
  );

  it('refuses a negative retention', async () => {
    await expect(prunePhotos(ctx.database.db, new Date(), { retentionMs: -1 })).rejects.toThrow(RangeError);
  });
});
