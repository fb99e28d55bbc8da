import { PINCODE_PATTERN } from '../domain/address';
import { distanceKm } from './gazetteer-data';
import { loadGazetteer } from './gazetteer';

/**
 * The PIN code of the locality nearest a point, from the bundled gazetteer (never Google: this
 * fills addresses, and must answer the same on every process and without a key); null when the
 * gazetteer knows no locality near enough (the sea, abroad).
 */
export async function pincodeAt(lat: number, lng: number): Promise<string | null> {
  const place = await (await loadGazetteer()).reverse(lat, lng);
  return place && PINCODE_PATTERN.test(place.pincode) ? place.pincode : null;
}

/**
 * The city and state of the locality nearest a point, from the bundled gazetteer (as pincodeAt);
 * null when it knows no locality near enough.
 */
export async function cityAt(lat: number, lng: number): Promise<{ city: string; state: string } | null> {
  const place = (await loadGazetteer()).nearest(lat, lng);
  return place && place.city ? { city: place.city, state: place.state } : null;
}

/**
 * How far a typed PIN code's own post office may be from the address's point on the map. A PIN
 * code's area is a few kilometres in a city and can reach tens in the country; a PIN code of
 * another city or state (a slip of a digit or two, or an old address) is hundreds away.
 */
export const PINCODE_MAX_KM = 100;

/**
 * Where a PIN code is, when that is further than PINCODE_MAX_KM from the point: its city (or
 * district) and state. Null when it is near enough, or the gazetteer does not know the PIN code
 * (then nothing says it is wrong).
 */
export async function pincodeElsewhere(
  pincode: string,
  lat: number,
  lng: number,
): Promise<{ city: string; state: string } | null> {
  const [own] = (await loadGazetteer()).byPincode(pincode);
  if (!own || distanceKm(lat, lng, own.lat, own.lng) <= PINCODE_MAX_KM) return null;
  return { city: own.city, state: own.state };
}
