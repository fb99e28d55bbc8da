import { atom } from 'jotai';
import { atomWithStorage, unwrap } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';

/** Spec point 3: the popup slice, { cart: false, login: false } initially; kept in IndexedDB. */
export interface PopupState {
  cart: boolean;
  login: boolean;
}

export type PopupName = keyof PopupState;

const CLOSED: PopupState = { cart: false, login: false };

export const popupsAtom = atomWithStorage<PopupState>('popups', CLOSED, idbStorage<PopupState>(), {
  getOnInit: true,
});

/**
 * The popups without suspending: all closed until IndexedDB has answered, then the stored state.
 * The header and the hosts read this, so the first render never waits for (and restarts after)
 * IndexedDB; a popup left open opens a moment later.
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
