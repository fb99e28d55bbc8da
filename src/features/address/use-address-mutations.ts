import { useQueryClient, type Mutation, type MutationKey } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';

/**
 * Keyed mutations without `useMutation`/`useMutationState`: their observer would join the shared
 * vendor chunk of the first page (see auth/api/request-otp.ts). The mutation cache is the same;
 * the function comes from the defaults registered for the key (api/address-mutations.ts), so a
 * mutation paused offline is resumed like any other.
 */
export function useRunMutation<Variables>(mutationKey: MutationKey) {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(mutationKey);
  return useCallback(
    (variables: Variables) => {
      const mutation = queryClient
        .getMutationCache()
        .build(queryClient, { mutationKey: JSON.parse(keyText) as MutationKey });
      // Failures stay on the mutation (status 'error'), where the list's banners read them.
      mutation.execute(variables).catch(() => undefined);
    },
    [queryClient, keyText],
  );
}

/** The mutations under a key with a given status, as `select` maps them; re-read on every change. */
export function useMutationsWith<T>(
  mutationKey: MutationKey,
  status: 'pending' | 'error',
  select: (mutation: Mutation<unknown, Error, unknown, unknown>) => T,
): T[] {
  const queryClient = useQueryClient();
  const cache = queryClient.getMutationCache();
  const snapshot = useRef<{ key: string; value: T[] }>({ key: '', value: [] });
  const subscribe = useCallback((onChange: () => void) => cache.subscribe(onChange), [cache]);
  const read = () => {
    const found = cache.findAll({ mutationKey, status }) as Mutation<unknown, Error, unknown, unknown>[];
    const value = found.map(select);
    // A stable array while nothing changed, so React does not render in a loop.
    const key = JSON.stringify(found.map((m) => [m.mutationId, m.state.status, m.state.isPaused, m.state.submittedAt]));
    if (key !== snapshot.current.key) snapshot.current = { key, value };
    return snapshot.current.value;
  };
  return useSyncExternalStore(subscribe, read, read);
}
