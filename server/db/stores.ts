import { asc, eq } from 'drizzle-orm';

import type { StoreLocation } from '../domain/delivery';
import type { Executor } from './client';
import { stores } from './schema';

/** The stores that deliver, by city. */
export async function listStores(db: Executor): Promise<StoreLocation[]> {
  return db
    .select({
      id: stores.id,
      name: stores.name,
      city: stores.city,
      latitude: stores.latitude,
      longitude: stores.longitude,
      radiusKm: stores.radiusKm,
    })
    .from(stores)
    .where(eq(stores.active, true))
    .orderBy(asc(stores.city), asc(stores.id));
}
