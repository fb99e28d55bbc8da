import type { QueryClient } from '@tanstack/react-query';

/**
 * Keeps My Orders' list and each order's detail in step in the query cache (see order-copies.ts).
 * Loaded on demand, with the saved cache (the first page has no room for it).
 */
export function registerOrderCopies(queryClient: QueryClient): Promise<() => void> {
  return import('./order-copies').then((module) => module.keepOrderCopiesInStep(queryClient));
}
