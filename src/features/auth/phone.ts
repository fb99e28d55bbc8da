import { AUTH_ERRORS } from './errors';

/** Spec point 9: Indian mobile numbers have 10 digits, shown after the +91 prefix. */
export const MOBILE_LENGTH = 10;
export const COUNTRY_PREFIX = '+91';

/**
 * The phone field's next value (spec point 5: digits only, at most 10). A number pasted or
 * autofilled with its country code or trunk zero (+91 98765 43210, 098765 43210) keeps its last
 * ten digits; a digit typed into a full field is ignored.
 */
export function nextMobileInput(previous: string, raw: string): string {
  const digits = raw.replace(/\D/g, '');
  const pasted = raw.length - previous.length > 1;
  if (pasted && digits.length > MOBILE_LENGTH && /^(91|0)/.test(digits)) return digits.slice(-MOBILE_LENGTH);
  return digits.slice(0, MOBILE_LENGTH);
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
