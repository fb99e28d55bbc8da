import { lazy, Suspense } from 'react';

import { Popover } from '../../../components/Popover';
import { retryingImport } from '../../../lib/retrying-import';
import { visuallyHidden } from '../../../styles/utilities.css';
import { LOCATION_FOCUS_KEY, LOCATION_LABEL } from '../constants';
import { PinIcon } from '../../../components/Icons';
import * as styles from './LocationPicker.css';

const loadPanel = retryingImport(() => import('./LocationPanel'));
const LocationPanel = lazy(loadPanel);
// The chosen place lives in IndexedDB: the label reads it after the first screen (decision 029),
// from the panel's chunk (one lazy import: each costs the first load its list of files).
const ChosenLabel = lazy(() => loadPanel().then((panel) => ({ default: panel.ChosenLabel })));
/** The notice at the top of every page while no store delivers to the chosen place (AppFrame). */
export const NotDeliveredHere = lazy(() => loadPanel().then((panel) => ({ default: panel.NotDeliveredHere })));

/**
 * The delivery location: spec point 2's 'Maharashtra, India' until the shopper chooses a place,
 * then that place. Its panel loads on first open and says whether the place is served and how soon.
 */
export function LocationPicker({ className }: { className?: string }) {
  return (
    <Popover
      focusKey={LOCATION_FOCUS_KEY}
      kind="dialog"
      className={className}
      triggerClassName={styles.trigger}
      panelClassName={styles.panel}
      panelLabel="Choose your delivery location"
      label={
        <>
          <PinIcon size={18} className={styles.pin} />
          <span className={styles.label}>
            <span className={visuallyHidden}>Delivery location: </span>
            <Suspense fallback={LOCATION_LABEL}>
              <ChosenLabel />
            </Suspense>
          </span>
        </>
      }
    >
      {/* Nothing while the panel loads: it is small and comes from the precache. */}
      <Suspense fallback={null}>
        <LocationPanel />
      </Suspense>
    </Popover>
  );
}
