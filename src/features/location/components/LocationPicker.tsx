import { lazy, Suspense } from 'react';

import { Popover } from '../../../components/Popover';
import { visuallyHidden } from '../../../styles/utilities.css';
import { LOCATION_LABEL } from '../constants';
import { PinIcon } from '../../../components/Icons';
import * as styles from './LocationPicker.css';

const LocationPanel = lazy(() => import('./LocationPanel'));

/**
 * The delivery location (spec point 2: the label stays 'Maharashtra, India'). Its panel loads on
 * first open and says whether the chosen place is served and how soon.
 */
export function LocationPicker({ className }: { className?: string }) {
  return (
    <Popover
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
            {LOCATION_LABEL}
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
