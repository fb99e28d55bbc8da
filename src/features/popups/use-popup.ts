import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo } from 'react';

import { popupActionAtom, popupsSnapshotAtom, type PopupName } from './atoms';

/** One popup's state and its open/close/toggle actions. */
export function usePopup(name: PopupName) {
  const popups = useAtomValue(popupsSnapshotAtom);
  const dispatch = useSetAtom(popupActionAtom);
  const open = useCallback(() => dispatch({ name, type: 'open' }), [dispatch, name]);
  const close = useCallback(() => dispatch({ name, type: 'close' }), [dispatch, name]);
  const toggle = useCallback(() => dispatch({ name, type: 'toggle' }), [dispatch, name]);
  return useMemo(() => ({ isOpen: popups[name], open, close, toggle }), [popups, name, open, close, toggle]);
}
