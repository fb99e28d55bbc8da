import { atom } from 'jotai';
import { atomWithStorage, unwrap } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';

/** Spec point 3: the popup slice, { cart: false, login: false } initially; written to IndexedDB. */
export interface PopupState {
  cart: boolean;
  login: boolean;
}

export type PopupName = keyof PopupState;

const CLOSED: PopupState = { cart: false, login: false };

// Every page load starts with the popups closed: a cart panel left open reopened over the next
// page a moment after it painted. Changes are still written, so open tabs follow each other's
// popups live. The atom reads the storage again only when mounted anew, and the root's AuthHost
// keeps it mounted from the first render on.
export const popupsAtom = atomWithStorage<PopupState>(
  'popups',
  CLOSED,
  { ...idbStorage<PopupState>(), getItem: async () => CLOSED },
  { getOnInit: true },
);

/**
 * The popups without suspending: all closed until the storage has answered. The header and the
 * hosts read this, so the first render never waits for (and restarts after) the storage.
 */
export const popupsSnapshotAtom = unwrap(popupsAtom, (previous) => previous ?? CLOSED);

/** Spec point 4: open sets true, close sets false, toggle flips. */
export const popupActionAtom = atom(
  null,
  async (get, set, action: { name: PopupName; type: 'open' | 'close' | 'toggle' }) => {
    const current = await get(popupsAtom);
    const value = action.type === 'open' ? true : action.type === 'close' ? false : !current[action.name];
    if (current[action.name] !== value) await set(popupsAtom, { ...current, [action.name]: value });
  },
);
