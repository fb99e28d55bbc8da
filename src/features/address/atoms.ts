import { atomWithStorage, unwrap } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';
import type { Address } from './types';

/**
 * Spec point 3's address slice, kept in IndexedDB under the spec's keys (point 7). Signing out
 * removes all three from IndexedDB and localStorage (spec point 4; declared in register.ts, which
 * the first page loads), and these atoms follow in every tab.
 */

/** Where this order goes, chosen in the cart's 'Select delivery address' view. */
export const deliveryAddressAtom = atomWithStorage<Address | null>(
  'deliveryAddress',
  null,
  idbStorage<Address | null>(),
  { getOnInit: true },
);

/** The delivery address without suspending: null until IndexedDB has answered. */
export const deliveryAddressSnapshotAtom = unwrap(deliveryAddressAtom, (previous) => previous ?? null);
