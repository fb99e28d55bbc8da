import type { Address } from '../../../server/schemas/address';
import type { PlaceSuggestion, SelectedPlace } from '../../../server/schemas/geo';

export type { Address, PlaceSuggestion, SelectedPlace };

/** What the form edits; gps, city, area and state come from the map, the PIN code too (editable). */
export interface AddressDraft {
  tag: string;
  locality: string;
  buildingName: string;
  floor: string;
  nearBy: string;
  name: string;
  mobile: string;
  gps: { latitude: number; longitude: number } | null;
  city: string;
  area: string;
  state: string;
  /** 6 digits, or '' to let the server fill it from gps. */
  pincode: string;
}

/** The body POST and PUT take (spec point 7's "address object"). */
export interface AddressPayload {
  _id?: string;
  tag: string;
  locality: string;
  buildingName: string;
  floor: string;
  nearBy: string;
  name: string;
  mobile: string;
  gps: { latitude: number; longitude: number };
  city: string;
  area: string;
  state: string;
  pincode: string;
  version?: number;
}
