/**
 * Saved addresses (spec points 3, 4 and 5): the rules for what a customer may store, checked
 * by the server whatever the client sent, with the spec's messages.
 */

/** Spec point 5's messages, word for word, and ours for what the spec leaves open. */
export const ADDRESS_MESSAGES = {
  tagRequired: 'Tag is required',
  buildingNameRequired: 'Please enter your complete address details',
  localityRequired: 'Locality is required',
  nameRequired: 'Name is required',
  mobileInvalid: 'Please enter a valid 10-digit mobile number',
  pincodeInvalid: 'Please enter a valid 6-digit PIN code (it does not start with 0)',
  pincodeUnknown: 'PIN code is required: we could not find one for this location, so please enter it.',
  pincodeElsewhere: (pincode: string, place: string) =>
    `PIN code ${pincode} is in ${place}, far from the location on the map. Check the PIN code, or change the location.`,
  gpsRequired: "Your location couldn't be determined! Try again or enter manually.",
  cityRequired: 'City is required: pick the location on the map again.',
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters`,
  limitReached: (max: number) => `You can save up to ${max} addresses. Delete one you no longer use to add another.`,
  notFound: 'Address not found. It may have been deleted on another device.',
  notYours: 'You can only see and change your own addresses.',
  conflict:
    'This address was changed on another device after you opened it. Your edit was not saved: check the latest version and edit again.',
  added: 'Address added',
  updated: 'Address updated',
  deleted: 'Address deleted',
} as const;

/** At most this many saved addresses per customer. */
export const MAX_ADDRESSES_PER_CUSTOMER = 20;

export const TAG_MAX_LENGTH = 30;
export const TEXT_MAX_LENGTH = 200;

/** A saved address as the client sends it (spec point 3's Address, without the server's fields). */
export interface AddressInput {
  tag: string;
  locality: string;
  buildingName: string;
  floor: string | null;
  nearBy: string | null;
  name: string;
  mobile: string | null;
  latitude: number;
  longitude: number;
  city: string;
  area: string | null;
  state: string | null;
  /** 6 digits, the first 1-9; null when the client sent none (filled from the coordinates). */
  pincode: string | null;
}

/** An address ready to save: its PIN code known. */
export type AddressValue = AddressInput & { pincode: string };

/** 6 digits, the first not 0 (India Post's PIN codes begin with their zone, 1 to 9). */
export const PINCODE_PATTERN = /^[1-9][0-9]{5}$/;

/**
 * The PIN code as sent: absent, null or blank means none (an older client, or an address started
 * offline); otherwise 6 digits once spaces are dropped ('560 034' is how many write it).
 */
export function normalisePincode(value: unknown): { ok: true; pincode: string | null } | { ok: false } {
  if (value === undefined || value === null) return { ok: true, pincode: null };
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false };
  const raw = String(value).replace(/\s+/g, '');
  if (raw === '') return { ok: true, pincode: null };
  return PINCODE_PATTERN.test(raw) ? { ok: true, pincode: raw } : { ok: false };
}

export type AddressCheck = { ok: true; value: AddressInput } | { ok: false; message: string };

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '');
const optionalText = (value: unknown): string | null => text(value) || null;

/** Mobile is optional; given, it must come to 10 digits once spaces, dashes and +91 are dropped. */
export function normaliseOptionalMobile(value: unknown): { ok: true; mobile: string | null } | { ok: false } {
  if (value === undefined || value === null) return { ok: true, mobile: null };
  if (typeof value !== 'string' && typeof value !== 'number') return { ok: false };
  const raw = String(value).trim();
  if (raw === '') return { ok: true, mobile: null };
  if (!/^[\d\s()+-]+$/.test(raw)) return { ok: false };
  let digits = raw.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? { ok: true, mobile: digits } : { ok: false };
}

function coordinate(value: unknown, limit: number): number | undefined {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && Math.abs(number) <= limit ? number : undefined;
}

/**
 * Checks a submitted address in the form's order (tag, building, locality, PIN code, name, mobile) so the
 * first message is the one the form would show first.
 */
export function checkAddress(body: unknown): AddressCheck {
  const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const tag = text(raw.tag);
  if (!tag) return { ok: false, message: ADDRESS_MESSAGES.tagRequired };
  const buildingName = text(raw.buildingName);
  if (!buildingName) return { ok: false, message: ADDRESS_MESSAGES.buildingNameRequired };
  const locality = text(raw.locality);
  if (!locality) return { ok: false, message: ADDRESS_MESSAGES.localityRequired };
  const pincode = normalisePincode(raw.pincode);
  if (!pincode.ok) return { ok: false, message: ADDRESS_MESSAGES.pincodeInvalid };
  const name = text(raw.name);
  if (!name) return { ok: false, message: ADDRESS_MESSAGES.nameRequired };
  const mobile = normaliseOptionalMobile(raw.mobile);
  if (!mobile.ok) return { ok: false, message: ADDRESS_MESSAGES.mobileInvalid };

  const gps = (raw.gps && typeof raw.gps === 'object' ? raw.gps : {}) as Record<string, unknown>;
  const latitude = coordinate(gps.latitude, 90);
  const longitude = coordinate(gps.longitude, 180);
  if (latitude === undefined || longitude === undefined) return { ok: false, message: ADDRESS_MESSAGES.gpsRequired };
  const city = text(raw.city);
  if (!city) return { ok: false, message: ADDRESS_MESSAGES.cityRequired };

  const value: AddressInput = {
    tag,
    locality,
    buildingName,
    floor: optionalText(raw.floor),
    nearBy: optionalText(raw.nearBy),
    name,
    mobile: mobile.mobile,
    latitude,
    longitude,
    city,
    area: optionalText(raw.area),
    state: optionalText(raw.state),
    pincode: pincode.pincode,
  };
  const limits: [keyof AddressInput, string, number][] = [
    ['tag', 'Tag', TAG_MAX_LENGTH],
    ['buildingName', 'Address details', TEXT_MAX_LENGTH],
    ['locality', 'Locality', TEXT_MAX_LENGTH],
    ['name', 'Name', 100],
    ['floor', 'Floor', 50],
    ['nearBy', 'Nearby landmark', TEXT_MAX_LENGTH],
    ['city', 'City', 100],
    ['area', 'Area', TEXT_MAX_LENGTH],
    ['state', 'State', 100],
  ];
  for (const [key, label, max] of limits) {
    const field = value[key];
    if (typeof field === 'string' && field.length > max)
      return { ok: false, message: ADDRESS_MESSAGES.tooLong(label, max) };
  }
  return { ok: true, value };
}

/** The largest value of a PostgreSQL integer column: beyond it a query fails instead of matching nothing. */
export const MAX_INT4 = 2_147_483_647;

/** The version an edit was based on: a positive whole number, or absent (last write wins). */
export function baseVersion(body: unknown): number | undefined | 'invalid' {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).version : undefined;
  if (raw === undefined || raw === null) return undefined;
  return typeof raw === 'number' && Number.isInteger(raw) && raw > 0 && raw <= MAX_INT4 ? raw : 'invalid';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
