import { atom } from 'jotai';

import { chosenLocationAtom, validChosenLocation, type ChosenLocation } from '../location';
import { deliveryAddressAtom } from './atoms';
import type { Address } from './types';

/** The header's place for a delivery address: its tag and city ("Home · Mumbai"), at its map point. */
export const placeOfAddress = (address: Address): ChosenLocation => ({
  label: `${address.tag} · ${address.city}`,
  place: { latitude: address.gps.latitude, longitude: address.gps.longitude },
  city: address.city,
  ...(address.pincode && { pincode: address.pincode }),
  addressId: address._id,
});

/**
 * Makes `address` the delivery address (or none), and the header's place follow it: the header
 * names where the order goes, and the catalogue shows the stock of the dark store that will
 * deliver it (decision 034), not of the place chosen before. That place is kept with it: signing
 * out puts it back (register.ts), so the next person on a shared phone does not see the address.
 */
export const deliverHereAtom = atom(null, async (get, set, address: Address | null) => {
  await set(deliveryAddressAtom, address);
  if (!address) return;
  const current = validChosenLocation(await get(chosenLocationAtom));
  const before = current?.addressId === undefined ? current : validChosenLocation(current.before);
  await set(chosenLocationAtom, { ...placeOfAddress(address), ...(before && { before }) });
});
