import { useState } from 'react';

import { Button } from '../../../components/Button';
import { LOCATION_FOCUS_KEY } from '../constants';
import { useChosenDelivery } from '../use-chosen-delivery';
import * as styles from './NotDeliveredHere.css';

/** sessionStorage: the places whose notice the shopper dismissed in this tab. */
const DISMISSED_KEY = 'quickcart:not-delivered-dismissed';

function dismissedPlaces(): string[] {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((place) => typeof place === 'string') : [];
  } catch {
    // No storage (a locked-down browser) or a value not ours: nothing dismissed.
    return [];
  }
}

function dismiss(place: string) {
  try {
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify([...dismissedPlaces(), place]));
  } catch {
    // Not kept: it shows again on the next page load.
  }
}

/**
 * At the top of every page while the place chosen in the header is one no store delivers to: the
 * server's words for where the store delivers, a way to change the place, and Dismiss (for that
 * place, in this tab). Every product still shows (a shopper may fill a cart for somewhere else),
 * so without it nothing on the page said that an order could not be placed here. Nothing while
 * the answer is not known (no place, IndexedDB not read yet, no answer kept).
 */
export default function NotDeliveredHere() {
  const delivery = useChosenDelivery();
  const [dismissed, setDismissed] = useState(dismissedPlaces);
  if (!delivery || delivery.serviceable || dismissed.includes(delivery.label)) return null;
  const place = delivery.label;
  return (
    <section aria-label="Delivery to your location" className={styles.section}>
      <p className={styles.text}>
        <strong>{place}</strong>: {delivery.message}
      </p>
      <div className={styles.actions}>
        <Button
          size="sm"
          onClick={() => document.querySelector<HTMLElement>(`[data-focus-key="${LOCATION_FOCUS_KEY}"]`)?.click()}
        >
          Change location
        </Button>
        <Button
          tone="ghost"
          size="sm"
          onClick={() => {
            dismiss(place);
            setDismissed((places) => [...places, place]);
            document.getElementById('main')?.focus({ preventScroll: true });
          }}
        >
          Dismiss
        </Button>
      </div>
    </section>
  );
}
