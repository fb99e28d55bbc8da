import { atomWithStorage } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';
import type { Address } from './types';

/*
 * The address book's stored state, used only by the address screens (lazy chunks), so it stays
 * out of the first load (decision 021). Sign-out clears these keys too: atoms.ts declares them.
 */

/** The last list fetched for the signed-in customer: shown while offline. */
export const addressesAtom = atomWithStorage<Address[]>('addresses', [], idbStorage<Address[]>(), { getOnInit: true });

/** The address being edited; none means the form adds (spec point 4). */
export const selectedAddressAtom = atomWithStorage<Address | null>(
  'selectedAddress',
  null,
  idbStorage<Address | null>(),
  { getOnInit: true },
);
