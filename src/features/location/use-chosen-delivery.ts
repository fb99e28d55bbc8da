import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';

import { serviceabilityOfQueryOptions, type Place } from './api/get-serviceability';
import { chosenLocationSnapshotAtom, validChosenLocation } from './location-atoms';

export interface ChosenDelivery {
  /** The chosen place as the header names it. */
  label: string;
  serviceable: boolean;
  /** 'Delivery in N minutes', or that the place is not delivered to. */
  message: string;
}

/**
 * Whether and how soon the place chosen in the header is delivered: the server's answer, or
 * while it cannot be asked (offline) the last one kept with the place. Null with no place, while
 * IndexedDB has not answered, before the first answer, or when `enabled` is false.
 */
export function useChosenDelivery(enabled = true): ChosenDelivery | null {
  const chosen = useChosenLocation();
  const answer = useQuery(serviceabilityOfQueryOptions(enabled ? chosen?.place : null));
  if (!enabled || !chosen) return null;
  const latest = answer.data ?? chosen.delivery;
  return latest ? { label: chosen.label, serviceable: latest.serviceable, message: latest.message } : null;
}

/**
 * The place chosen in the header (where the shopper is shopping for), or null: none, or IndexedDB
 * has not answered yet.
 */
export const useChosenPlace = (): Place | null => useChosenLocation()?.place ?? null;

/** The stored place, if it is one, without suspending (null until IndexedDB has answered). */
const useChosenLocation = () => validChosenLocation(useAtomValue(chosenLocationSnapshotAtom));
