import { atom } from 'jotai';

import { chosenLocationAtom, type ChosenLocation } from '../location';
import { deliveryAddressAtom } from './atoms';
import type { Address } from './types';

/** The header's place for a delivery address: its tag and city ("Home · Mumbai"), at its map point. */
export const placeOfAddress = (address: Address): ChosenLocation => ({
  label: `${address.tag} · ${address.city}`,
  place: { latitude: address.gps.latitude, longitude: address.gps.longitude },
  city: address.city,
  ...(address.pincode && { pincode: address.pincode }),
});

/**
 * Makes `address` the delivery address (or none), and the header's place follow it: the header
 * names where the order goes, and the catalogue shows the stock of the dark store that will
 * deliver it (decision 034), not of the place chosen before.
 */
export const deliverHereAtom = atom(null, async (_get, set, address: Address | null) => {
  await set(deliveryAddressAtom, address);
  if (address) await set(chosenLocationAtom, placeOfAddress(address));
});
