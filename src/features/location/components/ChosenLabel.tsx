import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';

import { Button } from '../../../components/Button';
import { LOCATION_LABEL } from '../constants';
import { useCatalogueStore } from '../use-catalogue-store';
import { useChosenDelivery } from '../use-chosen-delivery';
import { chosenLocationSnapshotAtom, validChosenLocation } from '../location-atoms';
import * as panelStyles from './LocationPanel.css';

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

/** The header's location button (LocationPicker's `focusKey`), which the notice opens. */
export const PICKER_KEY = 'location';

/** Places whose notice the shopper dismissed in this tab: it stays away for that place. */
const dismissedFor = new Set<string>();

/**
 * At the top of every page (the main region's first child), while the chosen place is one no store
 * delivers to: the server's words for where the store delivers, and a way to change the place.
 * Every product still shows (a shopper may fill a cart for somewhere else), so without it nothing
 * on the page said that an order could not be placed here. Rendered beside the header's button,
 * not inside it: a portal's events bubble through its React parents, and the button's click would
 * take this notice's clicks for its own.
 */
export function NotDeliveredHere() {
  const delivery = useChosenDelivery();
  const place = delivery && !delivery.serviceable ? delivery.label : null;
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = place !== null && place !== dismissed && !dismissedFor.has(place);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const main = document.getElementById('main');
    if (!shown || !main) return;
    const element = document.createElement('div');
    main.prepend(element);
    setSlot(element);
    return () => {
      element.remove();
      setSlot(null);
    };
  }, [shown]);
  if (!shown || !slot) return null;
  return createPortal(
    <div role="status" className={panelStyles.notDeliveredHere}>
      <p>
        <strong>{place}</strong>: {delivery!.message}
      </p>
      <div className={panelStyles.notDeliveredActions}>
        <Button
          size="sm"
          onClick={() => document.querySelector<HTMLElement>(`[data-focus-key="${PICKER_KEY}"]`)?.click()}
        >
          Change location
        </Button>
        <Button
          tone="ghost"
          size="sm"
          onClick={() => {
            dismissedFor.add(place);
            setDismissed(place);
            document.getElementById('main')?.focus();
          }}
        >
          Dismiss
        </Button>
      </div>
    </div>,
    slot,
  );
}
