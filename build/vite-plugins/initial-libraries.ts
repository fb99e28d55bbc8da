import type { Plugin } from 'vite';

/**
 * Finds the library modules the entry imports statically: the code every page needs before it
 * can render. Only those go into the long-cached `vendor` chunk; library code that only lazy
 * chunks use (mutations, the map, persistence) stays with those chunks instead of weighing on
 * the first load.
 */
export function initialLibraries(): { plugin: Plugin; has: (id: string) => boolean } {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'storefront:initial-libraries',
    apply: 'build',
    buildEnd() {
      initial.clear();
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (initial.has(id)) continue;
        initial.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => initial.has(id) };
}

/**
 * Library modules the entry reaches only through a barrel (`@tanstack/react-query`'s index) that
 * only lazy chunks use: restoring the persisted cache, mutations (sign-in, checkout, the
 * address book), the search page's parallel queries (`useQueries`) and the listings' endless
 * scroll (`useInfiniteQuery`). Left out of `vendor`, they load with the screens that use them.
 * ky, the HTTP client, too: the first script asks for it without waiting on it (decision 044,
 * src/lib/api-client.ts), and auth's barrel reaches it only for lazy screens' error checks.
 */
const LAZY_ONLY =
  /query-core[\\/].*(hydration|mutationObserver|queriesObserver|infiniteQueryObserver)|react-query[\\/].*(useMutation|useQueries|useInfiniteQuery)|node_modules[\\/]ky[\\/]/;

/**
 * The app's own helpers that the entry reaches only through a feature's barrel (auth's index
 * exports its error texts) and that only lazy chunks call: the server's message of a failed call.
 */
const LAZY_ONLY_HELPERS = /[\\/]src[\\/]lib[\\/]server-message\.ts$/;

/** The cart's hooks behind every product card's Add button and quantity stepper. */
const PRODUCT_CARD_HOOKS = /[\\/]src[\\/]features[\\/]cart[\\/]use-cart\.ts$/;

/**
 * The chunk groups of the client build (decision 012), given what the entry reaches statically.
 * The libraries every page needs travel as one long-cached chunk: fewer requests, and one gzip
 * stream compresses better than a dozen small ones. Library code that only lazy chunks use is
 * left out of it (see initialLibraries).
 */
export function firstLoadChunkGroups(initial: (id: string) => boolean) {
  return [
    {
      name: 'vendor',
      test: (id: string) =>
        /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|ky|idb-keyval|use-sync-external-store)[\\/]/.test(
          id,
        ) &&
        initial(id) &&
        !LAZY_ONLY.test(id),
    },
    {
      // The app's own helpers that the first screen and lazy chunks share: one chunk
      // instead of a handful of tiny ones, each costing a request and gzip overhead. With them,
      // the cart's hooks that every product card calls (home, listings, product, search), which
      // no module of the first script imports since the cart's refresh left it.
      name: 'shared',
      test: (id: string) =>
        ((/[\\/]src[\\/](lib|components|styles)[\\/]/.test(id) && initial(id)) || PRODUCT_CARD_HOOKS.test(id)) &&
        !LAZY_ONLY_HELPERS.test(id),
    },
  ];
}
