import { ADDRESS_ERRORS } from './constants';
import type { AddressDraft } from './types';

export type AddressFieldErrors = Partial<
  Record<'tag' | 'buildingName' | 'locality' | 'pincode' | 'name' | 'mobile', string>
>;

/** The server's rule (server/domain/address.ts): 6 digits, the first 1-9; spaces do not count. */
const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * Spec point 5: tag, buildingName, locality and name required; mobile optional but 10 digits.
 * The PIN code may be left empty (the server fills it from the map point); given, it must be valid.
 */
export function validateAddress(draft: AddressDraft): AddressFieldErrors {
  const errors: AddressFieldErrors = {};
  if (!draft.tag.trim()) errors.tag = ADDRESS_ERRORS.tag;
  if (!draft.buildingName.trim()) errors.buildingName = ADDRESS_ERRORS.buildingName;
  if (!draft.locality.trim()) errors.locality = ADDRESS_ERRORS.locality;
  const pincode = draft.pincode.replace(/\s+/g, '');
  if (pincode !== '' && !PINCODE_PATTERN.test(pincode)) errors.pincode = ADDRESS_ERRORS.pincode;
  if (!draft.name.trim()) errors.name = ADDRESS_ERRORS.name;
  if (draft.mobile.trim() !== '' && !/^\d{10}$/.test(draft.mobile.trim())) errors.mobile = ADDRESS_ERRORS.mobile;
  return errors;
}

/** Digits only, at most 6: what the PIN code field keeps of what is typed or pasted. */
export const pincodeInput = (value: string) => value.replace(/\D/g, '').slice(0, 6);
