import { useId, useState } from 'react';

import { Popover } from '../../../components/Popover';
import { visuallyHidden } from '../../../styles/utilities.css';
import { LOCATION_LABEL, TOP_CITIES } from '../constants';
import { CrosshairIcon, PinIcon } from './Icons';
import * as styles from './LocationPicker.css';

/**
 * The delivery location. For now the label is fixed (spec point 2) and 'Detect' does nothing;
 * serviceability and the map picker extend this component later.
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
          <PinIcon className={styles.pin} />
          <span className={styles.label}>
            <span className={visuallyHidden}>Delivery location: </span>
            {LOCATION_LABEL}
          </span>
        </>
      }
    >
      <LocationPanel />
    </Popover>
  );
}

function LocationPanel() {
  const id = useId();
  const [term, setTerm] = useState('');
  const cities = TOP_CITIES.filter((city) => city.toLowerCase().includes(term.trim().toLowerCase()));
  return (
    <div className={styles.body}>
      <h2 className={styles.title}>Change location</h2>
      <div className={styles.row}>
        <label className={visuallyHidden} htmlFor={`${id}-search`}>
          Search delivery location
        </label>
        <input
          id={`${id}-search`}
          className={styles.search}
          type="search"
          autoComplete="off"
          placeholder="Search delivery location"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="button" className={styles.detect}>
          <CrosshairIcon />
          Detect
        </button>
      </div>
      <h3 className={styles.subtitle} id={`${id}-cities`}>
        Top cities
      </h3>
      {cities.length > 0 ? (
        <ul className={styles.cities} aria-labelledby={`${id}-cities`}>
          {cities.map((city) => (
            <li key={city} className={styles.city}>
              {city}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No matching city in our top cities.</p>
      )}
    </div>
  );
}
