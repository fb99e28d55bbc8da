import { ADDRESS_ERRORS } from './constants';
import type { AddressDraft } from './types';

export type AddressFieldErrors = Partial<Record<'tag' | 'buildingName' | 'locality' | 'name' | 'mobile', string>>;

/** Spec point 5: tag, buildingName, locality and name required; mobile optional but 10 digits. */
export function validateAddress(draft: AddressDraft): AddressFieldErrors {
  const errors: AddressFieldErrors = {};
  if (!draft.tag.trim()) errors.tag = ADDRESS_ERRORS.tag;
  if (!draft.buildingName.trim()) errors.buildingName = ADDRESS_ERRORS.buildingName;
  if (!draft.locality.trim()) errors.locality = ADDRESS_ERRORS.locality;
  if (!draft.name.trim()) errors.name = ADDRESS_ERRORS.name;
  if (draft.mobile.trim() !== '' && !/^\d{10}$/.test(draft.mobile.trim())) errors.mobile = ADDRESS_ERRORS.mobile;
  return errors;
}

/** Digits only, at most 10, as the login's mobile field. */
export const mobileInput = (value: string) => value.replace(/\D/g, '').slice(0, 10);
