import { useQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

import { Button } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useOnline } from '../../../lib/use-online';
import { serviceabilityQueryOptions, type Place } from '../api/get-serviceability';
import {
  PLACE_QUERY_MAX,
  placeLabel,
  placeQueryReady,
  placesQueryOptions,
  type FoundPlace,
} from '../api/search-places';
import {
  chosenLocationAtom,
  chosenLocationSnapshotAtom,
  validChosenLocation,
  type ChosenLocation,
} from '../location-atoms';
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

/** How long typing pauses before the panel asks the server for places. */
export { default as ChosenLabel } from './ChosenLabel';
export { default as NotDeliveredHere } from './NotDeliveredHere';

export const PLACE_SEARCH_DEBOUNCE_MS = 250;

type Failure = { label: string; error: string };

/**
 * Detect, when the browser refuses location access for this site (PERMISSION_DENIED): trying
 * again cannot help until the shopper allows it, so say where, and what works without it.
 */
const LOCATION_BLOCKED =
  'Location access is blocked for this site. Allow it in your browser’s site settings, or search for your area or pick a city below.';

/**
 * The location picker's panel, loaded when it first opens (the header is on the first screen).
 * Its search finds localities, cities (today's and former names) and PIN codes in the server's
 * gazetteer; picking one of them, a top city or the detected position asks the server whether it
 * is served and how soon ('Delivery in N minutes' comes from the distance to the nearest dark
 * store) and remembers the place for the header's label and the cart.
 */
export default function LocationPanel() {
  const id = useId();
  const [term, setTerm] = useState('');
  // A place is remembered (reloads, other tabs); a failure to locate is said once, here.
  const stored = validChosenLocation(useAtomValue(chosenLocationSnapshotAtom));
  const setStored = useSetAtom(chosenLocationAtom);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [locating, setLocating] = useState(false);
  const searchField = useRef<HTMLInputElement>(null);
  const choose = (next: ChosenLocation) => {
    setFailure(null);
    void setStored(next);
  };

  const query = term.trim().replace(/\s+/g, ' ');
  const matching = TOP_CITIES.filter((city) => city.toLowerCase().includes(query.toLowerCase()));
  // The top cities stay on offer when none matches: they work offline too.
  const cities = matching.length > 0 ? matching : TOP_CITIES;

  function detect() {
    if (!('geolocation' in navigator)) {
      setFailure({ label: 'Your location', error: 'Geolocation is not supported by your browser.' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        choose({
          label: 'Your location',
          place: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        });
      },
      (error) => {
        setLocating(false);
        setFailure({
          label: 'Your location',
          error:
            error.code === error.PERMISSION_DENIED
              ? LOCATION_BLOCKED
              : 'Failed to get your current location. Please try again.',
        });
      },
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  function choosePlace(found: FoundPlace) {
    choose({
      label: placeLabel(found),
      place: { latitude: found.lat, longitude: found.lng },
      pincode: found.pincode,
      city: found.city,
    });
    // The list goes with the search; the field keeps the focus for the answer's announcement.
    setTerm('');
    searchField.current?.focus();
  }

  const resultsId = `${id}-places`;

  return (
    <div className={styles.body}>
      <h2 className={styles.title}>Change location</h2>
      <div className={styles.row}>
        <input
          ref={searchField}
          aria-label="Search delivery location"
          aria-describedby={`${id}-hint`}
          className={styles.search}
          type="search"
          autoComplete="off"
          // The panel arrives after the popover opened, so it takes the focus itself.
          autoFocus
          maxLength={PLACE_QUERY_MAX}
          placeholder="Locality or PIN code"
          value={term}
          onChange={(event) => setTerm(event.target.value)}
          onKeyDown={(event) => {
            const list = document.getElementById(resultsId);
            const first = list?.querySelector<HTMLButtonElement>('button');
            if (!first) return;
            if (event.key === 'ArrowDown') {
              event.preventDefault();
              first.focus();
            } else if (event.key === 'Enter') {
              event.preventDefault();
              first.click();
            }
          }}
        />
        <button type="button" className={styles.detect} onClick={detect} aria-busy={locating}>
          <CrosshairIcon />
          Detect
        </button>
      </div>
      <p id={`${id}-hint`} className={panelStyles.hint}>
        Type a locality, a city or a 6-digit PIN code.
      </p>
      {query && (
        <PlaceResults
          query={query}
          near={stored?.place}
          listId={resultsId}
          onChoose={choosePlace}
          onLeave={() => searchField.current?.focus()}
        />
      )}
      <div aria-live="polite">
        {failure ? (
          <p className={panelStyles.notServed}>{failure.error}</p>
        ) : (
          stored && <Result chosen={stored} onAnswer={(delivery) => void setStored({ ...stored, delivery })} />
        )}
      </div>
      <h3 className={styles.subtitle} id={`${id}-cities`}>
        Top cities
      </h3>
      <ul className={styles.cities} aria-labelledby={`${id}-cities`}>
        {cities.map((city) => (
          <li key={city} className={styles.city}>
            <button
              type="button"
              className={panelStyles.cityButton}
              aria-pressed={!failure && stored?.label === city}
              onClick={() => choose({ label: city, place: CITY_CENTRES[city], city })}
            >
              {city}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** What the typing settles on, PLACE_SEARCH_DEBOUNCE_MS after the last key. */
function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), PLACE_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [value]);
  return settled;
}

interface PlaceResultsProps {
  query: string;
  near: Place | undefined;
  listId: string;
  onChoose: (place: FoundPlace) => void;
  /** Arrow up from the first place goes back to the search field. */
  onLeave: () => void;
}

/** The places the server finds for the search: a list of buttons (Tab or the arrow keys move). */
function PlaceResults({ query, near, listId, onChoose, onLeave }: PlaceResultsProps) {
  const online = useOnline();
  const settled = useSettled(query);
  const ready = placeQueryReady(settled);
  const places = useQuery({ ...placesQueryOptions(settled, near), enabled: online && ready });

  if (!online && !places.data) {
    return (
      <p className={panelStyles.hint} role="status">
        You are offline. Searching for places needs a connection; the top cities and Detect still work.
      </p>
    );
  }
  if (!placeQueryReady(query)) {
    return (
      <p className={panelStyles.hint} role="status">
        {/^\d+$/.test(query) ? 'Type at least 3 digits of the PIN code.' : 'Type at least 2 letters.'}
      </p>
    );
  }
  if (settled !== query || places.isPending) return <Spinner label={`Searching for ${query}`} />;
  if (places.isError) {
    return (
      <div className={panelStyles.notServed} role="alert">
        <p>We could not search for places just now. Check your connection and try again.</p>
        <Button tone="ghost" size="sm" onClick={() => void places.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (places.data.length === 0) {
    return (
      <p className={panelStyles.hint} role="status">
        No place found for “{query}”. Check the spelling, or try the city’s name or a 6-digit PIN code.
      </p>
    );
  }

  const move = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const buttons = [...event.currentTarget.querySelectorAll('button')];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    event.preventDefault();
    const next = at + (event.key === 'ArrowDown' ? 1 : -1);
    if (next < 0) onLeave();
    else buttons[Math.min(next, buttons.length - 1)]?.focus();
  };

  return (
    <ul id={listId} className={panelStyles.places} aria-label="Places found" onKeyDown={move}>
      {places.data.map((found) => (
        <li key={found.id}>
          <button type="button" className={panelStyles.place} onClick={() => onChoose(found)}>
            <span className={panelStyles.placeMain}>{found.mainText}</span>
            <span className={panelStyles.placeSecondary}>
              {found.secondaryText.includes(found.pincode)
                ? found.secondaryText
                : [found.secondaryText, found.pincode].filter(Boolean).join(' · ')}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

interface ResultProps {
  chosen: ChosenLocation;
  /** The server's answer, kept with the place for when the shopper is offline. */
  onAnswer: (delivery: NonNullable<ChosenLocation['delivery']>) => void;
}

/** Whether and how soon the chosen place is delivered; offline, the last answer for it. */
function Result({ chosen, onAnswer }: ResultProps) {
  const online = useOnline();
  const answer = useQuery(serviceabilityQueryOptions(chosen.place));
  const data = answer.data;
  const known = chosen.delivery;
  useEffect(() => {
    if (data && (known?.message !== data.message || known.serviceable !== data.serviceable)) {
      onAnswer({ serviceable: data.serviceable, message: data.message });
    }
  }, [data, known, onAnswer]);

  const name =
    chosen.pincode && !chosen.label.includes(chosen.pincode) ? `${chosen.label} ${chosen.pincode}` : chosen.label;
  if (!data) {
    const waiting = answer.fetchStatus === 'paused' || !online;
    if (known && (waiting || answer.isError)) {
      return (
        <p className={known.serviceable ? panelStyles.served : panelStyles.notServed}>
          <span className={panelStyles.eta}>{known.message}</span>
          <br />
          <span>
            {name}: last checked answer
            {waiting ? '; we will check again when you are back online.' : '.'}
          </span>
        </p>
      );
    }
    if (waiting) {
      return (
        <p className={panelStyles.notServed}>
          You are offline. We will check delivery to {name} when you are back online.
        </p>
      );
    }
    if (answer.isError) {
      return (
        <div className={panelStyles.notServed}>
          <p>We could not check delivery to {name} right now.</p>
          <Button tone="ghost" size="sm" onClick={() => void answer.refetch()}>
            Try again
          </Button>
        </div>
      );
    }
    return <Spinner label={`Checking delivery to ${name}`} />;
  }
  return data.serviceable ? (
    <p className={panelStyles.served}>
      <span className={panelStyles.eta}>{data.message}</span>
      <br />
      <span>
        {name}: from our {data.store?.name} store
      </span>
    </p>
  ) : (
    <p className={panelStyles.notServed}>
      <span className={panelStyles.eta}>{name}</span>
      <br />
      {data.message}
    </p>
  );
}
