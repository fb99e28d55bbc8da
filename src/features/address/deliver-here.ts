import { atom } from 'jotai';

import { browserAuth } from '../auth';
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
 * The header's place for `address`, keeping the place the shopper chose before any address took
 * the header (`current` itself, or what an address's place kept): sign-out puts that one back.
 */
function placeReplacing(address: Address, current: ChosenLocation | null): ChosenLocation {
  const before = current?.addressId === undefined ? current : validChosenLocation(current.before);
  return { ...placeOfAddress(address), ...(before && { before }) };
}

/**
 * Whether this device still has the customer: a session, or one it may renew. Another tab's
 * sign-out ends both at once (cookie and local storage are shared), before it trims the stored
 * place (register.ts).
 */
const signedInHere = () => browserAuth.getSession() !== null || browserAuth.canRefresh();

/**
 * Makes `address` the delivery address (or none), and the header's place follow it: the header
 * names where the order goes, and the catalogue shows the stock of the dark store that will
 * deliver it (decision 034), not of the place chosen before. That place is kept with it: signing
 * out puts it back (register.ts), so the next person on a shared phone does not see the address.
 *
 * Signed out, an address is not written: a tab still showing the address book after another tab
 * signed out would otherwise put the address back just after that sign-out removed it. Each write
 * checks, since the other tab may sign out while this one reads.
 */
export const deliverHereAtom = atom(null, async (get, set, address: Address | null) => {
  if (address && !signedInHere()) return;
  await set(deliveryAddressAtom, address);
  if (!address) return;
  const current = validChosenLocation(await get(chosenLocationAtom));
  if (!signedInHere()) return;
  await set(chosenLocationAtom, placeReplacing(address, current));
});

/**
 * Keeps the delivery address (a copy, stored so the cart and checkout open offline) in step with
 * the saved list just fetched: an address edited here or on another device is shown at checkout
 * as the order will carry it, and the header's place follows when it came from that address. One
 * no longer in the list is left as it is: the checkout's quote says it is gone.
 */
export const followAddressListAtom = atom(null, async (get, set, list: readonly Address[]) => {
  const delivery = await get(deliveryAddressAtom);
  const saved = delivery && list.find((address) => address._id === delivery._id);
  // Only a newer one: every edit raises the version, and a list restored from the saved cache (or a
  // tab's cached copy) may be older than the copy kept here.
  if (!saved || saved.version <= delivery.version) return;
  if (!signedInHere()) return;
  await set(deliveryAddressAtom, saved);
  const current = validChosenLocation(await get(chosenLocationAtom));
  if (current?.addressId !== saved._id || !signedInHere()) return;
  await set(chosenLocationAtom, placeReplacing(saved, current));
});
