import { atomWithStorage, unwrap } from 'jotai/utils';

import { idbStorage } from '../../lib/idb-storage';
import type { Place } from './api/get-serviceability';

/** A place picked in the header's location panel: a top city or the detected position. */
export interface ChosenLocation {
  label: string;
  place: Place;
}

/**
 * The last place the shopper checked delivery for (the address slice's selectedLocation, spec
 * point 3), kept in IndexedDB so the panel shows it again after a reload and in other tabs.
 * Only the lazy location panel imports this (the header is on the first screen).
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

/** What an older build or another tab stored may not have this shape: it is then ignored. */
export function isChosenLocation(value: unknown): value is ChosenLocation {
  if (typeof value !== 'object' || value === null) return false;
  const { label, place } = value as Partial<ChosenLocation>;
  return (
    typeof label === 'string' &&
    typeof place === 'object' &&
    place !== null &&
    Number.isFinite(place.latitude) &&
    Number.isFinite(place.longitude)
  );
}
