import fp from 'fastify-plugin';

import type { AppConfig } from '../config';
import { listStores } from '../db/stores';
import { deriveKey } from '../domain/auth';
import type { StoreLocation } from '../domain/delivery';

export interface DeliveryService {
  /** Active dark stores, read at most once a minute (they change rarely; every order needs them). */
  stores(): Promise<StoreLocation[]>;
  /** Forget the cached stores (after an operator changes them in this process). */
  invalidate(): void;
  /** Key of the gift-card code HMACs, derived from the JWT secret (the ops command derives the same). */
  giftCardKey: Buffer;
}

declare module 'fastify' {
  interface FastifyInstance {
    delivery: DeliveryService;
  }
}

const STORES_TTL_MS = 60_000;

export const giftCardKeyFor = (jwtSecret: string) => deriveKey(jwtSecret, 'giftcard-hmac');

export default fp<{ config: AppConfig }>(
  async (app, { config }) => {
    let cached: { at: number; stores: Promise<StoreLocation[]> } | undefined;
    const service: DeliveryService = {
      stores() {
        const now = Date.now();
        if (!cached || now - cached.at > STORES_TTL_MS) {
          const stores = listStores(app.database.db);
          cached = { at: now, stores };
          // A failed read must not be served from the cache.
          stores.catch(() => {
            if (cached?.stores === stores) cached = undefined;
          });
        }
        return cached.stores;
      },
      invalidate() {
        cached = undefined;
      },
      giftCardKey: giftCardKeyFor(config.jwtSecret),
    };
    app.decorate('delivery', service);
  },
  { name: 'delivery', dependencies: ['db'] },
);
