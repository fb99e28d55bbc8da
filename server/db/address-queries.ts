import { and, asc, count, eq, sql } from 'drizzle-orm';

import { MAX_ADDRESSES_PER_CUSTOMER, type AddressValue } from '../domain/address';
import type { Db } from './client';
import { addresses, customers, type AddressRow } from './schema';

const ownAddress = (customerId: string, addressId: string) =>
  and(eq(addresses.id, addressId), eq(addresses.customerId, customerId));

/** A customer's addresses, oldest first (the order they were saved in). */
export function listAddresses(db: Db, customerId: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(asc(addresses.createdAt), asc(addresses.id));
}

export type AddOutcome =
  | { outcome: 'added'; address: AddressRow }
  /** The same id was already saved by this customer: a replayed offline add. */
  | { outcome: 'existing'; address: AddressRow }
  | { outcome: 'limit' }
  /** The id is taken by someone else's address. */
  | { outcome: 'taken' };

/**
 * Saves a new address unless the customer already has the maximum. The customer row is locked
 * so that two adds at once cannot both pass the count. A client-chosen id makes a replayed add
 * (sent offline, answered while the connection dropped) save nothing twice.
 */
export function addAddress(db: Db, customerId: string, input: AddressValue, id?: string): Promise<AddOutcome> {
  return db.transaction(async (tx) => {
    await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update');
    if (id) {
      const [existing] = await tx.select().from(addresses).where(eq(addresses.id, id));
      if (existing)
        return existing.customerId === customerId ? { outcome: 'existing', address: existing } : { outcome: 'taken' };
    }
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(addresses)
      .where(eq(addresses.customerId, customerId));
    if (total >= MAX_ADDRESSES_PER_CUSTOMER) return { outcome: 'limit' };
    const [address] = await tx
      .insert(addresses)
      .values({ ...input, customerId, ...(id && { id }) })
      .returning();
    return { outcome: 'added', address: address! };
  });
}

export type UpdateOutcome =
  { outcome: 'updated'; address: AddressRow } | { outcome: 'missing' } | { outcome: 'conflict'; current: AddressRow };

/**
 * Replaces an address's fields and bumps its version. With `expectedVersion` the write only
 * happens if nobody changed the address since that version (an edit made offline on an old copy).
 */
export async function updateAddress(
  db: Db,
  customerId: string,
  addressId: string,
  input: AddressValue,
  expectedVersion: number | undefined,
  now: Date,
): Promise<UpdateOutcome> {
  const condition =
    expectedVersion === undefined
      ? ownAddress(customerId, addressId)
      : and(ownAddress(customerId, addressId), eq(addresses.version, expectedVersion));
  const [address] = await db
    .update(addresses)
    .set({ ...input, version: sql`${addresses.version} + 1`, updatedAt: now })
    .where(condition)
    .returning();
  if (address) return { outcome: 'updated', address };
  const [current] = await db.select().from(addresses).where(ownAddress(customerId, addressId));
  return current ? { outcome: 'conflict', current } : { outcome: 'missing' };
}

/** True when the customer's address existed and is gone now. */
export async function deleteAddress(db: Db, customerId: string, addressId: string): Promise<boolean> {
  const deleted = await db.delete(addresses).where(ownAddress(customerId, addressId)).returning({ id: addresses.id });
  return deleted.length > 0;
}
