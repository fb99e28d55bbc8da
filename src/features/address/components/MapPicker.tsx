import 'leaflet/dist/leaflet.css';

import { useQuery } from '@tanstack/react-query';
import L from 'leaflet';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';

import { Button } from '../../../components/Button';
import { useOnline } from '../../../lib/use-online';
import { autocompletePlaces, mapTiles, placeDetails, reverseGeocode } from '../api/geo';
import { ADDRESS_TEXT, ALERT_MS, MAP_ALERTS, MAP_ZOOM } from '../constants';
import type { PlaceSuggestion, SelectedPlace } from '../types';
import * as styles from './MapPicker.css';

export interface MapPickerProps {
  /** Spec point 4: the previous address's GPS, else the default location. */
  center: { lat: number; lng: number };
  /** The centre says nothing of where the shopper is (DEFAULT_CENTER): the pin must be put first. */
  centerIsGuess?: boolean;
  /** The place already chosen (editing an address). */
  initialPlace: SelectedPlace | null;
  onConfirm: (place: SelectedPlace) => void;
}

// An inline SVG pin: Leaflet's default icon is an image path that bundlers break.
const pinIcon = L.divIcon({
  className: styles.pin,
  html: '<svg viewBox="0 0 24 32" aria-hidden="true"><path fill="currentColor" d="M12 0C5.4 0 0 5.2 0 11.7 0 20.5 12 32 12 32s12-11.5 12-20.3C24 5.2 18.6 0 12 0z"/><circle cx="12" cy="11.5" r="4.5" fill="#fff"/></svg>',
  iconSize: [32, 42],
  iconAnchor: [16, 42],
});

function ClickToPlace({ onPick }: { onPick: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (event) => onPick(event.latlng.lat, event.latlng.lng) });
  return null;
}

/**
 * A place known only by its point: offline (nothing can name it) or when the shopper enters the
 * address by hand. The form then asks for the locality, and the server fills the city, state and
 * PIN code from the point when the address is saved.
 */
export const pinnedPlace = (lat: number, lng: number): SelectedPlace => ({
  name: '',
  shortName: '',
  lat,
  lng,
  area: '',
  city: '',
  state: '',
  country: 'India',
  pincode: '',
  district: '',
});

/** Moves the map when the pin moves from outside the map (search, current location). */
function FollowPin({ position }: { position: { lat: number; lng: number } }) {
  const map = useMap();
  useEffect(() => {
    if (!map.getBounds().contains(position)) map.setView(position, MAP_ZOOM);
    else map.panTo(position);
  }, [map, position]);
  return null;
}

/**
 * What "Enter manually" hands the form: the pin's point with the locality to type, starting from
 * the locality and PIN code the map named for it, if it did (the shopper may write it otherwise).
 */
const manualPlace = (position: { lat: number; lng: number }, named: SelectedPlace | null): SelectedPlace => {
  const place = pinnedPlace(position.lat, position.lng);
  return named?.name ? { ...place, name: named.name, pincode: named.pincode } : place;
};

/** Leaflet measures its box once; a map shown again after being hidden must measure again. */
function MeasureOnResize() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/**
 * The map address picker (spec points 2 and 4): click the map, drag the pin, search a place or
 * use the current location; each reverse-geocodes into the selected place. Confirm needs a real
 * place. Every failure is one of the spec's map alerts, shown for 3 s.
 */
export function MapPicker({ center, centerIsGuess = false, initialPlace, onConfirm }: MapPickerProps) {
  const tiles = useQuery({ queryKey: ['geo', 'tiles'], queryFn: mapTiles, staleTime: Infinity });
  /** Where the shopper put the pin (map, drag, search, current location), or the address's own. */
  const [pinned, setPinned] = useState(initialPlace ? { lat: initialPlace.lat, lng: initialPlace.lng } : null);
  // Until then the pin is at the centre, which may get better after the map opened (the place
  // chosen in the header, read from IndexedDB).
  const position = pinned ?? center;
  const [selectedPlace, setSelectedPlace] = useState<SelectedPlace | null>(initialPlace);
  const [loading, setLoading] = useState(false);
  /** The browser refuses this site location access: Use current location cannot work until allowed. */
  const [blocked, setBlocked] = useState(false);
  const hintId = useId();
  const [alert, setAlert] = useState<string | null>(null);
  const [alertKey, setAlertKey] = useState(0);
  const request = useRef(0);
  const online = useOnline();

  useEffect(() => {
    if (!alert) return;
    const timer = window.setTimeout(() => setAlert(null), ALERT_MS);
    return () => window.clearTimeout(timer);
  }, [alert, alertKey]);

  const showAlert = (message: string) => {
    setAlert(message);
    setAlertKey((key) => key + 1);
  };

  /** Only the latest lookup may set the place: a slow answer must not overwrite a newer pin. */
  async function locate(lat: number, lng: number, failure: string) {
    const id = ++request.current;
    setPinned({ lat, lng });
    // Offline nothing can name the point: keep it, and let the form ask for the locality.
    if (!navigator.onLine) {
      setSelectedPlace(pinnedPlace(lat, lng));
      setLoading(false);
      return;
    }
    setSelectedPlace(null);
    setLoading(true);
    try {
      const place = await reverseGeocode(lat, lng);
      if (id === request.current) setSelectedPlace(place);
    } catch {
      if (id === request.current) showAlert(failure);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }

  async function choose(suggestion: PlaceSuggestion) {
    const id = ++request.current;
    setLoading(true);
    try {
      const place = await placeDetails(suggestion.id);
      if (id !== request.current) return;
      setPinned({ lat: place.lat, lng: place.lng });
      setSelectedPlace(place);
    } catch {
      if (id === request.current) showAlert(MAP_ALERTS.placeDetails);
    } finally {
      if (id === request.current) setLoading(false);
    }
  }

  function useCurrentLocation() {
    if (!('geolocation' in navigator)) {
      showAlert(MAP_ALERTS.noGeolocation);
      return;
    }
    setLoading(true);
    navigator.geolocation.getCurrentPosition(
      (found) => {
        setBlocked(false);
        void locate(found.coords.latitude, found.coords.longitude, MAP_ALERTS.currentPlace);
      },
      (error) => {
        setLoading(false);
        showAlert(MAP_ALERTS.currentLocation);
        setBlocked(error.code === error.PERMISSION_DENIED);
      },
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 },
    );
  }

  const markerHandlers = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        void locate(lat, lng, MAP_ALERTS.selectedPlace);
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- locate only reads refs and setters
    [],
  );

  return (
    <div className={styles.picker}>
      <div className={styles.toolbar}>
        <PlaceSearch onChoose={(s) => void choose(s)} />
        <Button
          tone="outline"
          onClick={useCurrentLocation}
          aria-describedby={blocked ? `${hintId}-blocked` : undefined}
        >
          {ADDRESS_TEXT.useCurrentLocation}
        </Button>
        {blocked && (
          <p id={`${hintId}-blocked`} className={styles.blocked}>
            {ADDRESS_TEXT.locationBlocked}
          </p>
        )}
      </div>
      <MapContainer
        className={styles.map}
        center={position}
        zoom={MAP_ZOOM}
        scrollWheelZoom
        aria-label="Map: click or drag the pin to your delivery location"
      >
        {tiles.data && <TileLayer url={tiles.data.url} attribution={tiles.data.attribution} />}
        <ClickToPlace onPick={(lat, lng) => void locate(lat, lng, MAP_ALERTS.selectedPlace)} />
        <FollowPin position={position} />
        <MeasureOnResize />
        <Marker
          position={position}
          icon={pinIcon}
          draggable
          eventHandlers={markerHandlers}
          title="Delivery location (drag to move)"
          alt="Delivery location"
        />
      </MapContainer>
      {alert && (
        <p key={alertKey} role="alert" className={styles.alert}>
          {alert}
        </p>
      )}
      <div className={styles.footer}>
        <p className={styles.place} aria-live="polite">
          {loading ? (
            <span className={styles.locating}>Finding the address…</span>
          ) : selectedPlace && !selectedPlace.name ? (
            online ? (
              ADDRESS_TEXT.pinnedUnnamed
            ) : (
              ADDRESS_TEXT.pinnedOffline
            )
          ) : selectedPlace ? (
            <>
              <span className={styles.placeName}>{selectedPlace.area || selectedPlace.city}</span>
              {' · '}
              {selectedPlace.name}
            </>
          ) : (
            'Tap the map or search to choose your delivery location.'
          )}
        </p>
        <div className={styles.footerActions}>
          {/* The alert's "enter manually": the pin's point, with the locality typed in the form. */}
          <Button
            tone="outline"
            onClick={() => {
              // The pin where the map opened for want of anything better is nobody's address.
              if (centerIsGuess && pinned === null) {
                showAlert(MAP_ALERTS.pinFirst);
              } else onConfirm(manualPlace(position, loading ? null : selectedPlace));
            }}
          >
            {ADDRESS_TEXT.enterManually}
          </Button>
          <Button
            onClick={() => {
              // Spec point 4's confirm rule: no real place chosen, no form.
              if (!selectedPlace || loading) showAlert(MAP_ALERTS.notDetermined);
              else onConfirm(selectedPlace);
            }}
          >
            {ADDRESS_TEXT.confirmLocation}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A combobox over GET /api/geo/autocomplete (ARIA 1.2 pattern: input + listbox). */
function PlaceSearch({ onChoose }: { onChoose: (suggestion: PlaceSuggestion) => void }) {
  const [text, setText] = useState('');
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const online = useOnline();

  useEffect(() => {
    const query = text.trim();
    if (query.length < 2) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      autocompletePlaces(query, controller.signal)
        .then((found) => {
          setSuggestions(found);
          setActive(-1);
        })
        .catch(() => {
          if (!controller.signal.aborted) setSuggestions([]);
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  const pick = (suggestion: PlaceSuggestion) => {
    setText(suggestion.text);
    setOpen(false);
    setSuggestions([]);
    onChoose(suggestion);
  };

  const expanded = open && text.trim().length >= 2 && suggestions.length > 0;

  return (
    <div className={styles.search}>
      <input
        className={styles.searchInput}
        type="search"
        role="combobox"
        aria-label="Search for a place"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        placeholder={ADDRESS_TEXT.searchPlaceholder}
        autoComplete="off"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onBlur={() => window.setTimeout(() => setOpen(false), 150)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && suggestions.length > 0) {
            event.preventDefault();
            setOpen(true);
            setActive((i) => (i + 1) % suggestions.length);
          } else if (event.key === 'ArrowUp' && suggestions.length > 0) {
            event.preventDefault();
            setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
          } else if (event.key === 'Enter' && expanded) {
            event.preventDefault();
            const chosen = suggestions[Math.max(active, 0)];
            if (chosen) pick(chosen);
          } else if (event.key === 'Escape') {
            if (expanded) event.stopPropagation();
            setOpen(false);
          }
        }}
      />
      {!online && text.trim().length >= 2 && (
        <p className={styles.searchOffline} role="status">
          {ADDRESS_TEXT.searchOffline}
        </p>
      )}
      <ul id={listId} role="listbox" aria-label="Places" className={styles.options} hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={styles.option}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(suggestion)}
          >
            <span>{suggestion.mainText}</span>
            <span className={styles.optionSecondary}>{suggestion.secondaryText}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default MapPicker;
