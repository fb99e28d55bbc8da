import type { Query } from '@tanstack/react-query';

/** Catalogue data is the same for everyone; every other cached query belongs to the customer. */
const PUBLIC_QUERY_ROOTS = new Set<unknown>(['products', 'categories']);

/** For removeQueries/invalidateQueries on sign-in and sign-out. */
export const isCustomerQuery = (query: Query) => !PUBLIC_QUERY_ROOTS.has(query.queryKey[0]);
