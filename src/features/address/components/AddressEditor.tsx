import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';

import { useModalDialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { retryingImport } from '../../../lib/retrying-import';
import { useChosenPlace } from '../../location';
import { DEFAULT_CENTER } from '../constants';
import type { Address, AddressDraft, SelectedPlace } from '../types';
import { AddressForm } from './AddressForm';
import * as styles from './AddressEditor.css';

/** Leaflet and its CSS load only when a map is opened (docs/decisions/004-page-weight-budget.md). */
export const loadMapPicker = retryingImport(() => import('./MapPicker'));
const MapPicker = lazy(loadMapPicker);

interface Props {
  open: boolean;
  /** The address being edited (spec point 4: edit mode when one is selected). */
  address: Address | null;
  /** The most recently saved address, whose GPS centres the map when adding. */
  previous: Address | undefined;
  onClose: () => void;
  onSubmit: (draft: AddressDraft) => void;
}

export const emptyDraft = (): AddressDraft => ({
  tag: 'Home',
  locality: '',
  buildingName: '',
  floor: '',
  nearBy: '',
  name: '',
  mobile: '',
  gps: null,
  city: '',
  area: '',
  state: '',
  pincode: '',
});

const draftOf = (address: Address): AddressDraft => ({
  tag: address.tag,
  locality: address.locality,
  buildingName: address.buildingName,
  floor: address.floor ?? '',
  nearBy: address.nearBy ?? '',
  name: address.name,
  mobile: address.mobile ?? '',
  gps: address.gps,
  city: address.city,
  area: address.area ?? '',
  state: address.state ?? '',
  pincode: address.pincode ?? '',
});

const placeOf = (address: Address): SelectedPlace => ({
  name: address.locality,
  shortName: [address.city, address.state, 'India'].filter(Boolean).join(', '),
  lat: address.gps.latitude,
  lng: address.gps.longitude,
  area: address.area ?? '',
  city: address.city,
  state: address.state ?? '',
  country: 'India',
  pincode: address.pincode ?? '',
  district: '',
});

/**
 * Adding or editing an address: the map picker and the form, side by side on wide screens; on
 * phones the map first and, once a place is confirmed, the form (spec point 4).
 */
export function AddressEditor({ open, address, previous, onClose, onSubmit }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const ref = useModalDialog(open, onClose, heading);
  const titleId = useId();
  return (
    <dialog ref={ref} className={styles.editor} aria-labelledby={titleId}>
      {open && (
        <EditorContent
          // A new session of the editor for each opening: the form starts from scratch (spec: resets).
          key={address?._id ?? 'new'}
          titleId={titleId}
          heading={heading}
          address={address}
          previous={previous}
          onClose={onClose}
          onSubmit={onSubmit}
        />
      )}
    </dialog>
  );
}

function EditorContent({
  titleId,
  heading,
  address,
  previous,
  onClose,
  onSubmit,
}: Omit<Props, 'open'> & { titleId: string; heading: React.RefObject<HTMLHeadingElement | null> }) {
  const [draft, setDraft] = useState<AddressDraft>(() => (address ? draftOf(address) : emptyDraft()));
  const [step, setStep] = useState<'map' | 'form'>(address ? 'form' : 'map');
  const formTitle = useRef<HTMLHeadingElement>(null);
  // Spec point 4: the previous address's point, else a default: the place chosen in the header.
  const chosen = useChosenPlace();
  const gps = address?.gps ?? previous?.gps ?? chosen;
  const center = gps ? { lat: gps.latitude, lng: gps.longitude } : DEFAULT_CENTER;

  useEffect(() => {
    if (step === 'form') formTitle.current?.focus();
  }, [step]);

  const [localityFromMap, setLocalityFromMap] = useState(false);
  const confirm = (place: SelectedPlace) => {
    // "Enter manually" after the map named the point: its name, to be typed over.
    setLocalityFromMap(place.name !== '' && place.city === '');
    setDraft((current) => ({
      ...current,
      locality: place.name,
      gps: { latitude: place.lat, longitude: place.lng },
      city: place.city || place.area || place.state,
      area: place.area,
      state: place.state,
      // The map's PIN code for the new point; none (Google may give none) leaves it to the server.
      pincode: place.pincode,
    }));
    setStep('form');
  };

  return (
    <div className={styles.layout}>
      <div className={styles.header}>
        {step === 'form' && (
          <button
            type="button"
            className={`${styles.iconButton} ${styles.phoneOnly}`}
            aria-label="Back to the map"
            onClick={() => setStep('map')}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
              <path d="M15 6l-6 6 6 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
        <h2 id={titleId} ref={heading} tabIndex={-1} className={styles.title}>
          {step === 'map' ? 'Choose delivery location' : 'Address details'}
        </h2>
        <button type="button" className={styles.iconButton} aria-label="Close" onClick={onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div className={styles.panes}>
        <div className={`${styles.pane} ${step === 'form' ? styles.hiddenOnPhone : ''}`}>
          <Suspense fallback={<Spinner label="Loading the map" />}>
            <MapPicker
              center={center}
              centerIsGuess={!gps}
              initialPlace={address ? placeOf(address) : null}
              onConfirm={confirm}
            />
          </Suspense>
        </div>
        <div className={`${styles.formPane} ${step === 'map' ? styles.hiddenOnPhone : ''}`}>
          <AddressForm
            mode={address ? 'edit' : 'add'}
            draft={draft}
            onChange={setDraft}
            onSubmit={onSubmit}
            onChangeLocation={() => setStep('map')}
            titleRef={formTitle}
            localityFromMap={localityFromMap}
          />
        </div>
      </div>
    </div>
  );
}
