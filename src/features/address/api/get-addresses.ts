import { queryOptions, useQuery } from '@tanstack/react-query';

import { serverMessage } from '../../../lib/server-message';
import { customerApi } from '../../auth';
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

export const useAddresses = (customerId: string | undefined) =>
  useQuery({ ...addressesQueryOptions(customerId ?? ''), enabled: customerId !== undefined });
