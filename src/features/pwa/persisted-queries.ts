import type { Mutation, Query } from '@tanstack/react-query';

/** The IndexedDB key (idb-keyval's default store) holding the persisted React Query cache. */
export const QUERY_CACHE_KEY = 'quickcart:query-cache';

/** Older than this, a saved cache is thrown away rather than shown. */
export const QUERY_CACHE_MAX_AGE = 24 * 60 * 60 * 1000;

/**
 * What survives a reload: the catalogue (products, categories, searches and listings) and the
 * customer's addresses and orders. Sign-in state, gift cards and other customer answers are
 * fetched again; they are small and must be current.
 */
const PERSISTED_ROOTS = new Set<unknown>(['products', 'categories', 'addresses', 'address', 'orders', 'order']);

export const shouldPersistQuery = (query: Pick<Query, 'queryKey' | 'state'>): boolean =>
  query.state.status === 'success' && PERSISTED_ROOTS.has(query.queryKey[0]);

/** Only paused mutations (made offline, waiting for the connection) are worth saving. */
export const shouldPersistMutation = (mutation: Pick<Mutation, 'state'>): boolean => mutation.state.isPaused;
