import { useAtomValue } from 'jotai';

import { LOCATION_LABEL } from '../constants';
import { useCatalogueStore } from '../use-catalogue-store';
import { chosenLocationSnapshotAtom, validChosenLocation } from '../location-atoms';

/**
 * The header's location label once the shopper has chosen a place ("Koramangala, Bengaluru",
 * "Mumbai"); the spec's 'Maharashtra, India' before that and until IndexedDB has answered, which
 * is also what the server renders. Loaded after the first screen (decision 029).
 */
export default function ChosenLabel() {
  const chosen = validChosenLocation(useAtomValue(chosenLocationSnapshotAtom));
  useCatalogueStore(chosen);
  return <>{chosen?.label || LOCATION_LABEL}</>;
}
