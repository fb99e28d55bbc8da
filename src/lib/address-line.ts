/** The parts of an address one line shows: a saved address or an order's copy of one. */
export interface AddressLineParts {
  buildingName: string;
  floor?: string | null;
  nearBy?: string | null;
  locality: string;
  city?: string | null;
  pincode?: string | null;
}

/**
 * The PIN code after the place, as India Post and Google write it: before a closing ", India"
 * ("..., Karnataka 560034, India"), else at the end ("Koramangala, Bengaluru 560034"); left out
 * when there is none or the text already carries it (Google's formatted addresses often do).
 * Where the text ends with another PIN code (the map's, which the shopper then corrected), the
 * address's own takes its place: a line never shows two.
 */
export function withPincode(line: string, pincode: string | null | undefined): string {
  if (!pincode || line.includes(pincode)) return line;
  const placesOwn = /\b[1-9]\d{5}(?=(?:, India)?$)/;
  if (placesOwn.test(line)) return line.replace(placesOwn, pincode);
  const country = /, India$/;
  return country.test(line) ? line.replace(country, ` ${pincode}, India`) : `${line} ${pincode}`;
}

/** 'Floor 3', but '3rd floor' or 'Ground Floor' as typed: the word is not said twice. */
const floorText = (floor: string) => (/\bfloor\b|\bflr\b/i.test(floor) ? floor : `Floor ${floor}`);

/**
 * One line for an address, the same in the address book, the cart, checkout and an order
 * (decision 028): building, floor, landmark, locality, the city unless the locality names it,
 * and the PIN code.
 */
export function addressLine(address: AddressLineParts): string {
  const { buildingName, floor, nearBy, locality, city } = address;
  const parts = [buildingName, floor && floorText(floor), nearBy, locality];
  if (city && !locality.toLowerCase().includes(city.toLowerCase())) parts.push(city);
  return withPincode(parts.filter(Boolean).join(', '), address.pincode);
}
