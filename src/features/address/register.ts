import type { QueryClient } from '@tanstack/react-query';

import { clearOnSignOut, trimOnSignOut } from '../../lib/sign-out';

/**
 * The keys the address feature stores for the customer (atoms.ts), removed on sign-out and when
 * a visitor arrives with a session that ended while away. Declared here because this module is
 * on the first page (main.tsx imports it): the atoms load with the screens that use
 * them, after the session keeper may already have cleaned up.
 */
clearOnSignOut('addresses', 'selectedAddress', 'deliveryAddress');

/**
 * The header's place (location-atoms.ts, stored as 'selectedLocation') is the shopper's own
 * choice, kept signed out, unless it came from a delivery address (deliver-here.ts marks it with
 * `addressId`): that names where the customer lives, so sign-out puts back the place chosen
 * before it, or none. Written here without the location feature's code, which loads later.
 */
trimOnSignOut('selectedLocation', (stored) =>
  typeof stored === 'object' && stored !== null && 'addressId' in stored
    ? ((stored as { before?: unknown }).before ?? undefined)
    : stored,
);

/**
 * Registers the address mutations' defaults (add, edit, delete by mutation key) on a query
 * client, so that mutations paused offline, and restored from storage after a reload, can be
 * resumed. The code loads on demand (the first page has no room for it), so this resolves once
 * registered: await it before restoring saved mutations (a mutation takes the defaults
 * registered when it is built, restored ones included).
 */
export function registerAddressMutationDefaults(queryClient: QueryClient): Promise<void> {
  return import('./api/address-mutations').then((module) => module.installAddressMutationDefaults(queryClient));
}
