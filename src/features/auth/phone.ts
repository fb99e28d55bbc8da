import { AUTH_ERRORS } from './errors';

/** Spec point 9: Indian mobile numbers have 10 digits, shown after the +91 prefix. */
export const MOBILE_LENGTH = 10;
export const COUNTRY_PREFIX = '+91';

/**
 * A country code typed a key at a time into the empty field: '+', then '+9'. The field shows
 * digits only, so the '+' is remembered here, and the '91' after it is not taken for the start of
 * the number (+91 is shown beside the field already).
 */
export type CountryCodeTyping = '' | '+' | '+9';

export interface MobileInput {
  /** What the field holds and shows: digits only, at most 10. */
  value: string;
  typing: CountryCodeTyping;
}

/** An empty field, nothing typed. */
export const EMPTY_MOBILE_INPUT: MobileInput = { value: '', typing: '' };

/**
 * The phone field's next state (spec point 5: digits only, at most 10). A number pasted or
 * autofilled with its country code or trunk zero (+91 98765 43210, 098765 43210) keeps its last
 * ten digits, and so does one typed key by key: '+91' typed first is left out, and so is a leading
 * '0' (no Indian mobile number starts with 0). A digit typed into a full field is ignored.
 */
export function nextMobileInput(previous: MobileInput, raw: string): MobileInput {
  const digits = raw.replace(/\D/g, '');
  const pasted = raw.length - previous.value.length > 1;
  if (pasted && digits.length > MOBILE_LENGTH && /^(91|0)/.test(digits)) {
    return { value: digits.slice(-MOBILE_LENGTH), typing: '' };
  }
  // Nothing but a '+' (or a space after it) left, typed into the empty field or over the whole
  // number: a country code under way.
  if (!pasted && digits === '') {
    return { value: '', typing: raw.includes('+') ? '+' : previous.value === '' ? previous.typing : '' };
  }
  if (!pasted && previous.value === '') {
    const { typing } = previous;
    if (typing === '+' && digits === '9') return { value: '', typing: '+9' };
    if (typing === '+9') return { value: digits === '1' ? '' : `9${digits}`, typing: '' };
    if (typing === '' && digits === '0') return EMPTY_MOBILE_INPUT;
  }
  return { value: digits.slice(0, MOBILE_LENGTH), typing: '' };
}

/** Spec point 5: before verification the number is reduced to its last 10 digits, digits only. */
export const normalizeMobile = (mobile: string) => mobile.replace(/\D/g, '').slice(-MOBILE_LENGTH);

/** Spec point 5: null when the number may be sent, else the message to show. */
export function mobileError(mobile: string): string | null {
  if (mobile.length === 0) return AUTH_ERRORS.mobileRequired;
  if (mobile.length !== MOBILE_LENGTH || !/^\d+$/.test(mobile)) return AUTH_ERRORS.mobileLength;
  // Indian mobile numbers start with 6, 7, 8 or 9; the server would refuse the rest.
  if (!/^[6-9]/.test(mobile)) return AUTH_ERRORS.mobileStart;
  return null;
}

/** '+91 9876543210': how the account area shows the signed-in number. */
export function displayMobile(mobile: string): string {
  const digits = normalizeMobile(mobile);
  return digits.length === MOBILE_LENGTH ? `${COUNTRY_PREFIX} ${digits}` : mobile;
}
