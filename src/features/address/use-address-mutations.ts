import { useMutation, useQueryClient } from '@tanstack/react-query';

import { addressMutationKey, installAddressMutationDefaults, type AddressMutationKind } from './api/address-mutations';

/**
 * An address add, edit or delete through `useMutation`, by its key alone: the function, retries
 * and offline queueing come from the keyed defaults (api/address-mutations.ts), so a mutation
 * paused offline and restored after a reload is resumed like any other. Failures stay on the
 * mutation (status 'error'), where the list's banners read them.
 */
export function useAddressMutation<Variables>(kind: AddressMutationKind) {
  const queryClient = useQueryClient();
  // Idempotent; the defaults must be there before the observer reads them.
  installAddressMutationDefaults(queryClient);
  return useMutation<void, Error, Variables>({ mutationKey: addressMutationKey(kind) });
}
