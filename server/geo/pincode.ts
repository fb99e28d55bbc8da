import { PINCODE_PATTERN } from '../domain/address';
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
