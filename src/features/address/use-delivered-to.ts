import { useQueries } from '@tanstack/react-query';

import type { Serviceability } from '../../../server/schemas/order';
import { serviceabilityQueryOptions } from '../location';
import type { Address } from './types';

/**
 * Whether the store delivers to each address, and the server's words for it: the answer the
 * header's place and the cart ask for (one per point, kept five minutes). Undefined for an
 * address while unknown: being asked, offline, or the question failed (checkout asks again).
 */
export function useDeliveredTo(
  addresses: readonly Address[] | undefined,
): (address: Address) => Serviceability | undefined {
  const list = addresses ?? [];
  const answers = useQueries({ queries: list.map((address) => serviceabilityQueryOptions(address.gps)) });
  const byId = new Map(list.map((address, index) => [address._id, answers[index]?.data]));
  return (address) => byId.get(address._id);
}
