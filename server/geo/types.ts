/** Spec point 3's selected map place. */
export interface SelectedPlace {
  /** The formatted address. */
  name: string;
  /** City, state and country joined by commas. */
  shortName: string;
  lat: number;
  lng: number;
  area: string;
  city: string;
  state: string;
  country: string;
  /** The PIN code (6 digits), '' when unknown. */
  pincode: string;
  /** The district, '' when unknown. */
  district: string;
}

/** One autocomplete suggestion; `id` resolves through GET /api/geo/place/{id}. */
export interface PlaceSuggestion {
  id: string;
  /** The whole suggestion, e.g. 'Andheri West, Mumbai, Maharashtra, India'. */
  text: string;
  mainText: string;
  secondaryText: string;
}

/** A place the public lookups answer with (GET /api/delivery/places): a suggestion with its details. */
export interface Place extends PlaceSuggestion {
  /** 6 digits. */
  pincode: string;
  /** The locality (a post office's area); '' for a whole city. */
  locality: string;
  district: string;
  city: string;
  state: string;
  lat: number;
  lng: number;
}

/** Where an answer came from: Google, or the bundled gazetteer. */
export type GeoSource = 'google' | 'gazetteer';

export interface Geocoder {
  /** The place at (or nearest to) a point; null when there is none. */
  reverse(lat: number, lng: number): Promise<SelectedPlace | null>;
  /** Suggestions for what was typed; `near` (the map's centre) puts places in that city first. */
  autocomplete(query: string, near?: { lat: number; lng: number }): Promise<PlaceSuggestion[]>;
  /** A suggestion's place; null for an id that names nothing. */
  place(id: string): Promise<SelectedPlace | null>;
}

export const shortNameOf = (place: Pick<SelectedPlace, 'city' | 'state' | 'country'>) =>
  [place.city, place.state, place.country].filter(Boolean).join(', ');
