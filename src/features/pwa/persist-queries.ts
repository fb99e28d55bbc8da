import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { persistQueryClient, persistQueryClientSave, removeOldestQuery } from '@tanstack/react-query-persist-client';
import { del, get, set } from 'idb-keyval';

import { registerAddressMutationDefaults } from '../address';
import { registerOrderCopies } from '../orders';
import { QUERY_CACHE_KEY, QUERY_CACHE_MAX_AGE, shouldPersistMutation, shouldPersistQuery } from './persisted-queries';

/** The customer's own data: what the customer changes, from this device or another. */
const RECHECKED_ROOTS = new Set<unknown>(['address', 'orders', 'order']);

/**
 * Restores the saved React Query cache from IndexedDB, keeps saving it as it changes, then
 * replays mutations made offline in an earlier visit. Loaded after the first render: online, the
 * page never waits for it; offline, restored data fills in what the service worker has not kept.
 *
 * `onRestored` runs once the saved cache is in (or could not be read): offline, the page's loader
 * asked for its data before (it runs first), and that request waits for the connection however
 * much the restore brings, so the page runs its loaders again then (PwaHost).
 *
 * A restored mutation takes its options (its function, retry and network mode) from the defaults
 * registered for its key at the moment it is restored, so they are registered first.
 */
export async function persistQueries(queryClient: QueryClient, onRestored: () => void): Promise<void> {
  try {
    await restore(queryClient);
  } finally {
    onRestored();
  }
  // The cache is saved at most once a second, so the copy a page restores can predate the last
  // change the previous page made (an address saved just before a reload). The customer's own
  // lists restored from an earlier page are shown, and checked again with the server.
  void queryClient.invalidateQueries({
    predicate: (query) =>
      RECHECKED_ROOTS.has(query.queryKey[0]) &&
      query.state.dataUpdatedAt > 0 &&
      query.state.dataUpdatedAt < performance.timeOrigin,
  });
  // Online: send what was waiting. Offline: nothing happens until the connection returns, when
  // the query client resumes paused mutations by itself.
  await queryClient.resumePausedMutations();
}

/** Reads the saved cache back into `queryClient`, then keeps saving it as it changes. */
async function restore(queryClient: QueryClient): Promise<void> {
  // React Query assumes it is online until the browser says 'offline', an event a page loaded
  // without a connection never gets. Restored changes would then be tried at once, fail three
  // times and be dropped; told the truth, they wait for the 'online' event.
  onlineManager.setOnline(navigator.onLine);
  await registerAddressMutationDefaults(queryClient);
  // Before the restore: the saved cache then holds the list as the shopper last saw each order.
  await registerOrderCopies(queryClient);
  const persister = createAsyncStoragePersister({
    storage: {
      getItem: async (key) => (await get<string>(key)) ?? null,
      setItem: (key, value) => set(key, value),
      removeItem: (key) => del(key),
    },
    key: QUERY_CACHE_KEY,
    throttleTime: 1000,
    // A full disk: drop the oldest query and try again rather than stop saving.
    retry: removeOldestQuery,
  });
  const options = {
    queryClient,
    persister,
    // A new build may shape its data differently; its cache starts afresh.
    buster: import.meta.env.VITE_BUILD_ID,
    dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery, shouldDehydrateMutation: shouldPersistMutation },
  };
  const [, restored] = persistQueryClient({ ...options, maxAge: QUERY_CACHE_MAX_AGE });
  try {
    await restored;
    // Saving follows the cache's changes from here on; what this page fetched before (My Orders'
    // list, say, with no change after it) is saved now, or an offline reload would not have it.
    await persistQueryClientSave(options);
  } catch (error) {
    // Private mode or a blocked database: the store works, it just forgets on reload.
    console.info('Saved data could not be restored', error);
  }
}
