/**
 * The delivery area: which dark store serves a place, and how soon. Pure functions over the
 * stores' locations and radii, so the rules are tested without a database.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface StoreLocation extends LatLng {
  id: number;
  name: string;
  city: string;
  radiusKm: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLng = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Minutes to pick and pack an order before the rider leaves. */
export const PREP_MINUTES = 4;
/** A rider in city traffic: 20 km/h, so 3 minutes a kilometre. Roads are longer than the crow flies. */
export const MINUTES_PER_KM = 3;
/** Road distance is about this much longer than the straight line in Indian cities. */
export const ROAD_FACTOR = 1.3;

/** 'Delivery in N minutes': preparation plus the ride, rounded up to a whole minute. */
export function etaMinutes(straightLineKm: number): number {
  return Math.ceil(PREP_MINUTES + straightLineKm * ROAD_FACTOR * MINUTES_PER_KM);
}

export type Serviceability =
  | { serviceable: true; store: StoreLocation; distanceKm: number; etaMinutes: number }
  | { serviceable: false; nearest: { store: StoreLocation; distanceKm: number } | null };

/** The nearest store whose radius covers the place, or the nearest store at all when none does. */
export function findServingStore(place: LatLng, stores: readonly StoreLocation[]): Serviceability {
  let bestServing: { store: StoreLocation; distanceKm: number } | null = null;
  let nearest: { store: StoreLocation; distanceKm: number } | null = null;
  for (const store of stores) {
    const d = distanceKm(place, store);
    if (!nearest || d < nearest.distanceKm) nearest = { store, distanceKm: d };
    if (d <= store.radiusKm && (!bestServing || d < bestServing.distanceKm)) bestServing = { store, distanceKm: d };
  }
  if (!bestServing) return { serviceable: false, nearest };
  return { serviceable: true, ...bestServing, etaMinutes: etaMinutes(bestServing.distanceKm) };
}

/** How far from its centre a city's neighbourhoods reach, for the product page's city check. */
export const CITY_REACH_KM = 15;

/**
 * What a city name alone can say about delivery there: the centre is served (with its minutes),
 * only some of its neighbourhoods are (a store's circle reaches into the city), or none are.
 */
export type CityCoverage =
  | { coverage: 'centre'; etaMinutes: number; stores: number }
  | { coverage: 'parts'; stores: number }
  | { coverage: 'none'; stores: 0 };

export function cityCoverage(centre: LatLng, stores: readonly StoreLocation[]): CityCoverage {
  const reaching = stores.filter((store) => distanceKm(centre, store) <= CITY_REACH_KM + store.radiusKm).length;
  const served = findServingStore(centre, stores);
  if (served.serviceable) return { coverage: 'centre', etaMinutes: served.etaMinutes, stores: reaching };
  return reaching > 0 ? { coverage: 'parts', stores: reaching } : { coverage: 'none', stores: 0 };
}

/** The cities with a store, each once, in the stores' order ('Mumbai, Pune and Noida'). */
export function servedCities(stores: readonly StoreLocation[]): string[] {
  return [...new Set(stores.map((store) => store.city))];
}

const listInWords = (items: readonly string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export const CITY_MESSAGES = {
  centre: (city: string, minutes: number) => `Yes, we deliver to ${city}: about ${minutes} minutes to the city centre.`,
  parts: (city: string) => `We deliver to parts of ${city}. Choose your delivery location at the top to check yours.`,
  none: (city: string, cities: readonly string[]) =>
    `Sorry, we do not deliver to ${city} yet. We are in ${listInWords(cities)}.`,
  unknown: (query: string) => `We could not find a city called "${query}" in India. Check the spelling.`,
  /** The same check for a PIN code: at its locality's point. */
  pinServed: (pincode: string, locality: string, minutes: number) =>
    `Yes, we deliver to ${locality} (PIN code ${pincode}): about ${minutes} minutes.`,
  pinNotServed: (pincode: string, locality: string, cities: readonly string[]) =>
    `Sorry, we do not deliver to ${locality} (PIN code ${pincode}) yet. We are in ${listInWords(cities)}.`,
  pinUnknown: (pincode: string) => `We could not find the PIN code ${pincode} in India. Check the number.`,
  pinMalformed: (text: string) =>
    `"${text}" is not a PIN code: an Indian PIN code has 6 digits and does not start with 0.`,
} as const;

export const DELIVERY_MESSAGES = {
  served: (minutes: number) => `Delivery in ${minutes} minutes`,
  notServed:
    'Sorry, we do not deliver to this location yet. Please choose an address in Mumbai, Pune, Bangalore, Delhi or Noida.',
} as const;

export function isValidLatLng(place: LatLng): boolean {
  return (
    Number.isFinite(place.latitude) &&
    Number.isFinite(place.longitude) &&
    Math.abs(place.latitude) <= 90 &&
    Math.abs(place.longitude) <= 180
  );
}
