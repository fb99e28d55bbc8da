import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';

import { serverMessage } from '../../../lib/server-message';
import { customerApi } from '../../auth';
import { followAddressListAtom } from '../deliver-here';
import type { Address } from '../types';

/** Every address query starts with this; the mutations share the root (see address-mutations). */
export const addressListKey = (customerId: string) => ['address', 'list', customerId] as const;

/** GET /api/address/?customer={id} (spec point 7). */
export async function getAddresses(customerId: string): Promise<Address[]> {
  try {
    const body = await customerApi
      .get('address/', { searchParams: { customer: customerId } })
      .json<{ success: true; data: Address[] }>();
    return body.data;
  } catch (error) {
    // Spec point 8: the banner prefers the server's message.
    const message = serverMessage(error);
    if (message && error && typeof error === 'object') Object.assign(error, { serverMessage: message });
    throw error;
  }
}

export const addressesQueryOptions = (customerId: string) =>
  queryOptions({
    queryKey: addressListKey(customerId),
    queryFn: () => getAddresses(customerId),
    staleTime: 30_000,
  });

/**
 * The customer's saved addresses. Each list fetched also brings the stored delivery address (a
 * copy) up to date with it (followAddressListAtom), wherever the list is shown or checked.
 */
export function useAddresses(customerId: string | undefined) {
  const query = useQuery({ ...addressesQueryOptions(customerId ?? ''), enabled: customerId !== undefined });
  const follow = useSetAtom(followAddressListAtom);
  useEffect(() => {
    if (query.data) void follow(query.data);
  }, [query.data, follow]);
  return query;
}
