import { and, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';

import type { SignedInStaff, StaffRole } from '../domain/staff';
import type { Executor } from './client';
import { auditLog, staff, stores } from './schema';

/** The staff member signed in with this mobile, unless they were removed. One indexed read. */
export async function findActiveStaff(db: Executor, mobile: string): Promise<SignedInStaff | undefined> {
  const [row] = await db
    .select({ id: staff.id, mobile: staff.mobile, role: staff.role, storeId: staff.storeId })
    .from(staff)
    .where(and(eq(staff.mobile, mobile), isNull(staff.removedAt)))
    .limit(1);
  return row ? { ...row, role: row.role as StaffRole } : undefined;
}

export async function storeExists(db: Executor, id: number): Promise<boolean> {
  const [row] = await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).limit(1);
  return row !== undefined;
}

export interface StaffSnapshot extends Record<string, unknown> {
  mobile: string;
  role: StaffRole;
  storeId: number | null;
  removed: boolean;
}

const snapshot = (row: { mobile: string; role: string; storeId: number | null; removedAt: Date | null }) =>
  ({
    mobile: row.mobile,
    role: row.role as StaffRole,
    storeId: row.storeId,
    removed: row.removedAt !== null,
  }) satisfies StaffSnapshot;

/**
 * Grants access (or changes the role and store of someone already on the staff, or brings back
 * someone removed). Returns the staff id and the row before and after.
 */
export async function upsertStaff(
  db: Executor,
  grant: { mobile: string; role: StaffRole; storeId: number | null },
): Promise<{ id: string; before: StaffSnapshot | null; after: StaffSnapshot }> {
  const [previous] = await db.select().from(staff).where(eq(staff.mobile, grant.mobile)).for('update').limit(1);
  const [row] = await db
    .insert(staff)
    .values({ mobile: grant.mobile, role: grant.role, storeId: grant.storeId })
    .onConflictDoUpdate({
      target: staff.mobile,
      set: { role: grant.role, storeId: grant.storeId, removedAt: null },
    })
    .returning();
  return { id: row!.id, before: previous ? snapshot(previous) : null, after: snapshot(row!) };
}

/** Takes access away; undefined when the number is not (or no longer) on the staff. */
export async function removeStaff(
  db: Executor,
  mobile: string,
  now: Date,
): Promise<{ id: string; before: StaffSnapshot; after: StaffSnapshot } | undefined> {
  const [previous] = await db
    .select()
    .from(staff)
    .where(and(eq(staff.mobile, mobile), isNull(staff.removedAt)))
    .for('update')
    .limit(1);
  if (!previous) return undefined;
  const [row] = await db.update(staff).set({ removedAt: now }).where(eq(staff.id, previous.id)).returning();
  return { id: row!.id, before: snapshot(previous), after: snapshot(row!) };
}

export async function listStaff(db: Executor) {
  return db
    .select({ id: staff.id, mobile: staff.mobile, role: staff.role, storeId: staff.storeId })
    .from(staff)
    .where(isNull(staff.removedAt))
    .orderBy(staff.role, staff.mobile);
}

export interface AuditEntry {
  /** Null (with `actor: 'cli'`) for the server's command line. */
  staff: { id: string; mobile: string } | null;
  action: string;
  targetType: string;
  targetId: string;
  productId?: number | null;
  before: unknown;
  after: unknown;
  at?: Date;
}

/** Appends one record to the audit log (call it in the transaction of the change it records). */
export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actor: entry.staff ? 'console' : 'cli',
    staffId: entry.staff?.id ?? null,
    staffMobile: entry.staff?.mobile ?? null,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    productId: entry.productId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    ...(entry.at && { at: entry.at }),
  });
}

export interface AuditQuery {
  staffId?: string | undefined;
  /** A staff member's mobile, as the admin types it. */
  mobile?: string | undefined;
  productId?: number | undefined;
  /** Only records older than this id (the next page of a newest-first list). */
  before?: number | undefined;
  limit: number;
}

/** Newest first; one row more than asked tells the caller whether there is a next page. */
export async function listAudit(db: Executor, query: AuditQuery) {
  const filters: SQL[] = [];
  if (query.staffId) filters.push(eq(auditLog.staffId, query.staffId));
  if (query.mobile) filters.push(eq(auditLog.staffMobile, query.mobile));
  if (query.productId !== undefined) filters.push(eq(auditLog.productId, query.productId));
  if (query.before !== undefined) filters.push(lt(auditLog.id, query.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(filters.length > 0 ? and(...filters) : sql`true`)
    .orderBy(desc(auditLog.id))
    .limit(query.limit + 1);
  return { rows: rows.slice(0, query.limit), more: rows.length > query.limit };
}
