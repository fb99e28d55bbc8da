/** Said before asking when the box holds no city or PIN code, or a malformed PIN code. */
export const CITY_CHECK_TEXT = {
  blank: 'Type the name of a city or a 6-digit PIN code.',
  badPincode: 'A PIN code has 6 digits and does not start with 0, e.g. 560034.',
  help: "A city's name or your area's 6-digit PIN code.",
} as const;

/**
 * What to ask the server for, or what is wrong with the box: digits (spaces allowed, "560 034")
 * are a PIN code and must be one; anything else is a city's name.
 */
export function readCityCheck(text: string): { ask: string } | { problem: string } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (!trimmed) return { problem: CITY_CHECK_TEXT.blank };
  const digits = trimmed.replace(/ /g, '');
  if (/^\d+$/.test(digits))
    return /^[1-9]\d{5}$/.test(digits) ? { ask: digits } : { problem: CITY_CHECK_TEXT.badPincode };
  return { ask: trimmed };
}
