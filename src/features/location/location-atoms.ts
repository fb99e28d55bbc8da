import { atomWithStorage, unwrap } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';
import type { Place } from './api/get-serviceability';

/** The server's last answer for a chosen place, shown while offline (never a spinner forever). */
export interface LastDelivery {
  serviceable: boolean;
  /** 'Delivery in 12 minutes', or why it is not delivered there. */
  message: string;
}

/**
 * A place picked in the header's location panel: a top city, the detected position, or a
 * locality, city or PIN code found by the panel's search. Builds before issue 16 stored only
 * `label` and `place`; the other fields are optional so that what they stored still reads.
 */
export interface ChosenLocation {
  label: string;
  place: Place;
  /** The PIN code of a place found by the search ("560034"). */
  pincode?: string;
  /** The city the place is in, as the gazetteer names it today ("Bengaluru"). */
  city?: string;
  delivery?: LastDelivery;
  /**
   * Set when the place is a delivery address's (address/deliver-here.ts): it names where the
   * customer lives, so signing out puts back `before`, the place chosen before it, or none.
   */
  addressId?: string;
  before?: ChosenLocation;
}

/**
 * The last place the shopper checked delivery for (the address slice's selectedLocation, spec
 * point 3), kept in IndexedDB so the panel shows it again after a reload and in other tabs.
 * The header's label and the cart's delivery line follow it; all of them load lazily (the
 * header is on the first screen).
 */
export const chosenLocationAtom = atomWithStorage<ChosenLocation | null>(
  'selectedLocation',
  null,
  idbStorage<ChosenLocation | null>(),
  { getOnInit: true },
);

/**
 * The same without suspending (null until IndexedDB has answered): suspending would mount the
 * panel's search field late and lose its focus.
 */
export const chosenLocationSnapshotAtom = unwrap(chosenLocationAtom, (previous) => previous ?? null);

const optionalString = (value: unknown) => value === undefined || typeof value === 'string';

/** What an older build or another tab stored may not have this shape: it is then ignored. */
export function isChosenLocation(value: unknown): value is ChosenLocation {
  if (typeof value !== 'object' || value === null) return false;
  const { label, place, pincode, city, delivery, addressId } = value as Partial<Record<keyof ChosenLocation, unknown>>;
  return (
    typeof label === 'string' &&
    typeof place === 'object' &&
    place !== null &&
    Number.isFinite((place as Partial<Place>).latitude) &&
    Number.isFinite((place as Partial<Place>).longitude) &&
    optionalString(pincode) &&
    optionalString(city) &&
    optionalString(addressId) &&
    (delivery === undefined ||
      (typeof delivery === 'object' &&
        delivery !== null &&
        typeof (delivery as Partial<LastDelivery>).serviceable === 'boolean' &&
        typeof (delivery as Partial<LastDelivery>).message === 'string'))
  );
}

/** The stored place if it is one (older builds' records included), else null. */
export const validChosenLocation = (value: unknown): ChosenLocation | null => (isChosenLocation(value) ? value : null);
