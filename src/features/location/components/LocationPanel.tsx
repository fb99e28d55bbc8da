import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useId, useState } from 'react';

import { Spinner } from '../../../components/Spinner';
import { serviceabilityQueryOptions, type Place } from '../api/get-serviceability';
import { chosenLocationAtom, chosenLocationSnapshotAtom, isChosenLocation } from '../location-atoms';
import { createIcon } from '../../../components/Icons';
import * as panelStyles from './LocationPanel.css';
import * as styles from './LocationPicker.css';

const CrosshairIcon = createIcon('M5 12a7 7 0 1 0 14 0a7 7 0 1 0-14 0M12 2v3M12 19v3M2 12h3M19 12h3', 18);

/** Spec point 2: the top cities the panel offers (only the panel shows them). */
const TOP_CITIES = ['Bangalore', 'Noida', 'Delhi', 'Mumbai'] as const;

/** City centres of the top cities (spec point 2), to ask the server whether and how soon it delivers. */
const CITY_CENTRES: Record<(typeof TOP_CITIES)[number], Place> = {
  Bangalore: { latitude: 12.9716, longitude: 77.5946 },
  Noida: { latitude: 28.5355, longitude: 77.391 },
  Delhi: { latitude: 28.6139, longitude: 77.209 },
  Mumbai: { latitude: 19.076, longitude: 72.8777 },
};

type Chosen = { label: string; place: Place } | { label: string; error: string };

/**
 * The location picker's panel, loaded when it first opens (the header is on the first screen).
 * Picking a top city or detecting the current position asks the server whether it is served
 * and how soon: 'Delivery in N minutes' comes from the distance to the nearest dark store.
 */
export default function LocationPanel() {
  const id = useId();
  const [term, setTerm] = useState('');
  // A place is remembered (reloads, other tabs); a failure to locate is said once, here.
  const stored = useAtomValue(chosenLocationSnapshotAtom);
  const setStored = useSetAtom(chosenLocationAtom);
  const [failure, setFailure] = useState<Extract<Chosen, { error: string }> | null>(null);
  const chosen: Chosen | null = failure ?? (isChosenLocation(stored) ? stored : null);
  const setChosen = (next: Chosen) => {
    if ('error' in next) return setFailure(next);
    setFailure(null);
    void setStored(next);
  };
  const [locating, setLocating] = useState(false);
  const cities = TOP_CITIES.filter((city) => city.toLowerCase().includes(term.trim().toLowerCase()));

  function detect() {
    if (!('geolocation' in navigator)) {
      setChosen({ label: 'Your location', error: 'Geolocation is not supported by your browser.' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setChosen({
          label: 'Your location',
          place: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        });
      },
      () => {
        setLocating(false);
        setChosen({ label: 'Your location', error: 'Failed to get your current location. Please try again.' });
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  return (
    <div className={styles.body}>
      <h2 className={styles.title}>Change location</h2>
      <div className={styles.row}>
        <input
          aria-label="Search delivery location"
          className={styles.search}
          type="search"
          autoComplete="off"
          // The panel arrives after the popover opened, so it takes the focus itself.
          autoFocus
          placeholder="Search delivery location"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
        <button type="button" className={styles.detect} onClick={detect} aria-busy={locating}>
          <CrosshairIcon />
          Detect
        </button>
      </div>
      <div aria-live="polite">{chosen && <Result chosen={chosen} />}</div>
      <h3 className={styles.subtitle} id={`${id}-cities`}>
        Top cities
      </h3>
      {cities.length > 0 ? (
        <ul className={styles.cities} aria-labelledby={`${id}-cities`}>
          {cities.map((city) => (
            <li key={city} className={styles.city}>
              <button
                type="button"
                className={panelStyles.cityButton}
                aria-pressed={chosen?.label === city}
                onClick={() => setChosen({ label: city, place: CITY_CENTRES[city] })}
              >
                {city}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.empty}>No matching city in our top cities.</p>
      )}
    </div>
  );
}

function Result({ chosen }: { chosen: Chosen }) {
  const place = 'place' in chosen ? chosen.place : null;
  const answer = useQuery({ ...serviceabilityQueryOptions(place ?? { latitude: 0, longitude: 0 }), enabled: !!place });
  if ('error' in chosen) return <p className={panelStyles.notServed}>{chosen.error}</p>;
  if (answer.isPending) return <Spinner label={`Checking delivery to ${chosen.label}`} />;
  if (answer.isError) {
    return <p className={panelStyles.notServed}>We could not check delivery right now. Please try again.</p>;
  }
  const { data } = answer;
  return data.serviceable ? (
    <p className={panelStyles.served}>
      <span className={panelStyles.eta}>{data.message}</span>
      <br />
      <span>
        {chosen.label}: from our {data.store?.name} store
      </span>
    </p>
  ) : (
    <p className={panelStyles.notServed}>{data.message}</p>
  );
}
