import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

import { Button } from '../../../components/Button';
import { pincodeRefusal } from '../api/check-pincode';
import { ADDRESS_TEXT, PRESET_TAGS } from '../constants';
import type { AddressDraft } from '../types';
import { useMobileInput } from '../../auth';
import { serviceabilityOfQueryOptions } from '../../location';
import { pincodeInput, validateAddress, type AddressFieldErrors } from '../validation';
import * as styles from './AddressEditor.css';

interface Props {
  mode: 'add' | 'edit';
  draft: AddressDraft;
  onChange: (draft: AddressDraft) => void;
  onSubmit: (draft: AddressDraft) => void;
  /** Back to the map to pick the location again. */
  onChangeLocation?: () => void;
  titleRef?: React.Ref<HTMLHeadingElement>;
  /** The locality to type was started from the map's name for the point ("Enter manually"). */
  localityFromMap?: boolean;
}

const isPreset = (tag: string) => (PRESET_TAGS as readonly string[]).includes(tag);

/**
 * The address form (spec points 4 and 5): add or edit mode, tags Home/Work/Hotel/Other (Other
 * asks for a custom tag), locality read-only from the map, the PIN code filled from the map and
 * editable (issue 16), and every validation message.
 */
export function AddressForm({
  mode,
  draft,
  onChange,
  onSubmit,
  onChangeLocation,
  titleRef,
  localityFromMap = false,
}: Props) {
  const [errors, setErrors] = useState<AddressFieldErrors>({});
  const [other, setOther] = useState(draft.tag !== '' && !isPreset(draft.tag));
  const formId = useId();
  const titleId = `${formId}-title`;

  const [checking, setChecking] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  /**
   * A typed PIN code is checked with the server first when online: one of a place far from the
   * map's point would be refused after the form had closed, and the draft lost with it.
   */
  const submitChecked = async (checked: AddressDraft) => {
    const pincode = checked.pincode.replace(/\s+/g, '');
    if (pincode !== '' && checked.gps && navigator.onLine) {
      setChecking(true);
      const refused = await pincodeRefusal(pincode, checked.gps);
      if (!mounted.current) return;
      setChecking(false);
      if (refused) {
        setErrors({ pincode: refused });
        document.getElementById(`${formId}-pincode`)?.focus();
        return;
      }
    }
    onSubmit(checked);
  };

  // Confirm location fills the locality and the PIN code from outside the form: a message about
  // either goes once the map has put it right, as when it is typed.
  const placeFields = useRef({ locality: draft.locality, pincode: draft.pincode });
  useEffect(() => {
    const before = placeFields.current;
    placeFields.current = { locality: draft.locality, pincode: draft.pincode };
    const now = validateAddress(draft);
    const cleared = (['locality', 'pincode'] as const).filter((key) => draft[key] !== before[key] && !now[key]);
    if (cleared.length === 0) return;
    setErrors((current) => {
      if (!cleared.some((key) => current[key])) return current;
      const next = { ...current };
      for (const key of cleared) delete next[key];
      return next;
    });
  }, [draft]);

  const readMobile = useMobileInput();
  /** What a field keeps of what is typed: digits only for the numbers. */
  const inputOf = (key: keyof AddressDraft, raw: string) =>
    key === 'mobile' ? readMobile(draft.mobile, raw) : key === 'pincode' ? pincodeInput(raw) : raw;

  const set = <K extends keyof AddressDraft>(key: K, value: AddressDraft[K]) => {
    const next = { ...draft, [key]: value };
    onChange(next);
    // A field's message goes as soon as it is put right.
    if (errors[key as keyof AddressFieldErrors]) setErrors(validateAddress(next));
  };

  const field = (
    key: 'buildingName' | 'floor' | 'nearBy' | 'name' | 'mobile' | 'pincode',
    label: string,
    extra: React.InputHTMLAttributes<HTMLInputElement> = {},
  ): ReactNode => {
    const error = errors[key as keyof AddressFieldErrors];
    const id = `${formId}-${key}`;
    return (
      <div className={styles.field}>
        <label htmlFor={id} className={styles.label}>
          {label}
        </label>
        <input
          id={id}
          className={styles.input}
          value={draft[key]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => set(key, inputOf(key, event.target.value))}
          // While the PIN code is checked: what is sent is what was there when Save was pressed.
          readOnly={checking}
          {...extra}
        />
        {error && (
          <p id={`${id}-error`} className={styles.error}>
            {error}
          </p>
        )}
      </div>
    );
  };

  const tagError = errors.tag;
  const localityError = errors.locality;
  // A point without a place's name: the map was offline, or the shopper chose to enter it.
  const typedLocality = draft.gps !== null && draft.city === '';
  // A place the store does not deliver to may be saved (for later), but the shopper hears it now,
  // not first at checkout. The answer the cart and checkout ask for, kept five minutes.
  const served = useQuery(serviceabilityOfQueryOptions(draft.gps));
  const outsideArea = draft.gps !== null && served.data?.serviceable === false ? served.data.message : null;

  return (
    <form
      className={styles.form}
      aria-labelledby={titleId}
      noValidate
      aria-busy={checking || undefined}
      onSubmit={(event) => {
        event.preventDefault();
        if (checking) return;
        const found = validateAddress(draft);
        setErrors(found);
        const first = Object.keys(found)[0];
        if (first) {
          // An empty custom tag is the field to fill, not the first tag button.
          document.getElementById(`${formId}-${first === 'tag' && other ? 'customTag' : first}`)?.focus();
          return;
        }
        void submitChecked(draft);
      }}
    >
      <h3 id={titleId} ref={titleRef} tabIndex={-1} className={styles.formTitle}>
        {mode === 'edit' ? ADDRESS_TEXT.editTitle : ADDRESS_TEXT.addTitle}
      </h3>

      <fieldset className={styles.field} aria-describedby={tagError ? `${formId}-tag-error` : undefined}>
        <legend className={styles.label}>Save address as</legend>
        <div className={styles.tags}>
          {[...PRESET_TAGS, 'Other'].map((tag) => {
            const pressed = tag === 'Other' ? other : !other && draft.tag === tag;
            return (
              <button
                key={tag}
                type="button"
                id={tag === PRESET_TAGS[0] ? `${formId}-tag` : undefined}
                className={styles.tagButton}
                aria-pressed={pressed}
                onClick={() => {
                  if (tag === 'Other') {
                    setOther(true);
                    set('tag', '');
                    requestAnimationFrame(() => document.getElementById(`${formId}-customTag`)?.focus());
                  } else {
                    setOther(false);
                    set('tag', tag);
                  }
                }}
              >
                {tag}
              </button>
            );
          })}
        </div>
        {other && (
          <input
            id={`${formId}-customTag`}
            className={styles.input}
            aria-label="Custom tag"
            placeholder="e.g. Parents' home"
            maxLength={30}
            value={draft.tag}
            aria-invalid={tagError ? true : undefined}
            aria-describedby={tagError ? `${formId}-tag-error` : undefined}
            onChange={(event) => set('tag', event.target.value)}
          />
        )}
        {tagError && (
          <p id={`${formId}-tag-error`} className={styles.error}>
            {tagError}
          </p>
        )}
      </fieldset>

      <div className={styles.field}>
        <label htmlFor={`${formId}-locality`} className={styles.label}>
          Locality
        </label>
        <div className={styles.localityRow}>
          <input
            id={`${formId}-locality`}
            className={`${styles.input} ${styles.grow}`}
            // Filled from the map (spec point 5); typed only for a point the map could not name
            // (offline, or 'Enter manually'): the server then fills the city from the point.
            readOnly={!typedLocality}
            value={draft.locality}
            onChange={(event) => set('locality', event.target.value)}
            maxLength={200}
            placeholder={typedLocality ? 'e.g. Koramangala 4th Block' : 'Pick your location on the map'}
            aria-invalid={localityError ? true : undefined}
            aria-describedby={
              [localityError && `${formId}-locality-error`, typedLocality && `${formId}-locality-hint`]
                .filter(Boolean)
                .join(' ') || undefined
            }
          />
          {onChangeLocation && (
            <Button tone="outline" size="sm" onClick={onChangeLocation}>
              {ADDRESS_TEXT.changeLocation}
            </Button>
          )}
        </div>
        {typedLocality && (
          <p id={`${formId}-locality-hint`} className={styles.hint}>
            {localityFromMap ? ADDRESS_TEXT.checkLocality : ADDRESS_TEXT.typeLocality}
          </p>
        )}
        {localityError && (
          <p id={`${formId}-locality-error`} className={styles.error}>
            {localityError}
          </p>
        )}
        <div role="status">{outsideArea && <p className={styles.error}>{outsideArea}</p>}</div>
      </div>

      {field('pincode', 'PIN code', {
        inputMode: 'numeric',
        autoComplete: 'postal-code',
        maxLength: 6,
        placeholder: '6 digits, e.g. 560034',
      })}
      {field('buildingName', 'Flat / House no / Building name', { autoComplete: 'address-line1', maxLength: 200 })}
      {field('floor', 'Floor (optional)', { maxLength: 50 })}
      {field('nearBy', 'Nearby landmark (optional)', { maxLength: 200 })}
      {field('name', 'Your name', { autoComplete: 'name', maxLength: 100 })}
      {field('mobile', 'Your mobile number (optional)', { inputMode: 'numeric', autoComplete: 'tel-national' })}

      <Button type="submit" className={styles.submit} aria-disabled={checking || undefined}>
        {mode === 'edit' ? ADDRESS_TEXT.update : ADDRESS_TEXT.save}
      </Button>
    </form>
  );
}
