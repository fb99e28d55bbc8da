/**
 * Deleting product photo variants nobody can ask for any more (decision 038). A variant's name
 * carries its upload's hash and is cached as immutable, so once a product moves to another photo
 * its old variants are only named by what still holds an old copy of the catalogue: the longest
 * such copy is the service worker's catalogue cache (7 days, sw/caching.ts). A photo no product
 * has shown for longer than PHOTO_RETENTION_MS is deleted; the current photo of any product never.
 */
import { sql } from 'drizzle-orm';

import type { Executor } from './client';
import { rowsOf } from './rows';
import { recordAudit } from './staff-queries';

const DAY = 24 * 60 * 60 * 1000;

/**
 * How long a photo stays after the last product stopped showing it: the service worker's
 * catalogue cache (7 days, the longest cache that names a variant; the saved query cache keeps
 * 1 day, a browser 60 s, a rendered page 10 s) and a day more for clocks and stragglers.
 * photo-prune.test.ts holds it above every one of those.
 */
export const PHOTO_RETENTION_MS = 8 * DAY;

/** How often each server process tries the clean-up (one of them runs it: an advisory lock). */
export const PHOTO_PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Taken by the clean-up (exclusively, without waiting) and by an upload that attaches a photo
 * (shared), so a photo re-uploaded while it is being deleted cannot lose its variants.
 */
export const PHOTO_LOCK_KEY = 7_201_938;

export interface PrunedPhoto {
  hash: string;
  /** The product whose upload stored it first. */
  productId: number;
  variants: number;
  bytes: number;
  /** When a product last showed it (its last audit record or its upload, whichever is later). */
  lastShownAt: Date;
}

export interface PruneReport {
  /** False when another process (or an upload) held the lock: nothing was looked at. */
  ran: boolean;
  photos: PrunedPhoto[];
  variants: number;
  bytes: number;
}

/**
 * Deletes the variants of every photo that no product points to and none has pointed to since
 * `now - retentionMs`. When a photo stopped being shown is the latest of its variants' upload time
 * and the audit records of photo changes naming it (before or after): every change of a product's
 * photo is audited in its own transaction (decision 033). With `audit`, each deleted photo gets an
 * audit record (the command line); the periodic job logs instead (its actor is not a person).
 */
export async function prunePhotos(
  db: Executor,
  now: Date,
  { retentionMs = PHOTO_RETENTION_MS, audit = false }: { retentionMs?: number; audit?: boolean } = {},
): Promise<PruneReport> {
  if (!(Number.isFinite(retentionMs) && retentionMs >= 0)) throw new RangeError('retentionMs must be 0 or more');
  const cutoff = new Date(now.getTime() - retentionMs);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${sql.raw(String(PHOTO_LOCK_KEY))}) as locked`),
    );
    if (!lock?.locked) return { ran: false, photos: [], variants: 0, bytes: 0 };
    const rows = rowsOf<{
      hash: string;
      product_id: number;
      variants: number | string;
      bytes: number | string;
      last_shown_at: Date | string;
    }>(
      await tx.execute(sql`
        with unshown as (
          select pp.hash, min(pp.product_id) as product_id, max(pp.created_at) as stored_at
          from product_photos pp
          where not exists (select 1 from products p where p.photo = pp.hash)
          group by pp.hash
        ), stale as (
          select u.hash, u.product_id,
            greatest(u.stored_at, (
              select max(a.at) from audit_log a
              where a.action = 'product.photo'
                and (a.before ->> 'photo' = u.hash or a.after ->> 'photo' = u.hash)
            )) as last_shown_at
          from unshown u
        ), deleted as (
          delete from product_photos pp
          using stale s
          where pp.hash = s.hash and s.last_shown_at < ${cutoff.toISOString()}::timestamptz
          returning pp.hash, octet_length(pp.body) as bytes
        )
        select d.hash, s.product_id, count(*) as variants, sum(d.bytes) as bytes, s.last_shown_at
        from deleted d join stale s on s.hash = d.hash
        group by d.hash, s.product_id, s.last_shown_at
        order by d.hash`),
    );
    const photos: PrunedPhoto[] = rows.map((r) => ({
      hash: r.hash,
      productId: Number(r.product_id),
      variants: Number(r.variants),
      bytes: Number(r.bytes),
      lastShownAt: new Date(r.last_shown_at),
    }));
    if (audit) {
      for (const photo of photos) {
        await recordAudit(tx, {
          staff: null,
          action: 'photo.prune',
          targetType: 'photo',
          targetId: photo.hash,
          productId: photo.productId,
          before: { variants: photo.variants, bytes: photo.bytes, lastShownAt: photo.lastShownAt.toISOString() },
          after: null,
          at: now,
        });
      }
    }
    return {
      ran: true,
      photos,
      variants: photos.reduce((n, p) => n + p.variants, 0),
      bytes: photos.reduce((n, p) => n + p.bytes, 0),
    };
  });
}
