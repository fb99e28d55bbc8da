export { popupsAtom, popupActionAtom, type PopupName, type PopupState } from './atoms';
export { usePopup } from './use-popup';
