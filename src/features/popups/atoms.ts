import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';

/** Spec point 3: the popup slice, { cart: false, login: false } initially; kept in IndexedDB. */
export interface PopupState {
  cart: boolean;
  login: boolean;
}

export type PopupName = keyof PopupState;

export const popupsAtom = atomWithStorage<PopupState>(
  'popups',
  { cart: false, login: false },
  idbStorage<PopupState>(),
  { getOnInit: true },
);

/** Spec point 4: open sets true, close sets false, toggle flips. */
export const popupActionAtom = atom(
  null,
  async (get, set, action: { name: PopupName; type: 'open' | 'close' | 'toggle' }) => {
    const current = await get(popupsAtom);
    const value = action.type === 'open' ? true : action.type === 'close' ? false : !current[action.name];
    if (current[action.name] !== value) await set(popupsAtom, { ...current, [action.name]: value });
  },
);
