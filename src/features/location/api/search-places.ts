import { queryOptions } from '@tanstack/react-query';

import type { PlacesAnswer } from '../../../../server/schemas/geo';
import { api } from '../../../lib/api-client';
import type { Place } from './get-serviceability';

/** A locality, city or PIN code from GET /api/delivery/places (the bundled India Post gazetteer). */
export type FoundPlace = PlacesAnswer['data'][number];

/** The server refuses longer searches; the field stops there too. */
export const PLACE_QUERY_MAX = 60;

/** Searches shorter than this wait for more letters (a PIN code prefix needs 3 digits). */
export const placeQueryReady = (text: string) => (/^\d+$/.test(text) ? text.length >= 3 : text.length >= 2);

/** Localities, cities (today's and former names) and PIN codes matching what the shopper typed, best first. */
export const placesQueryOptions = (text: string, near?: Place) =>
  queryOptions({
    queryKey: [
      'delivery',
      'places',
      text.toLowerCase(),
      near?.latitude.toFixed(2),
      near?.longitude.toFixed(2),
    ] as const,
    queryFn: ({ signal }) =>
      api
        .get('delivery/places', {
          searchParams: near ? { q: text, lat: near.latitude, lng: near.longitude } : { q: text },
          signal,
        })
        .json<PlacesAnswer>()
        .then((body) => body.data),
    staleTime: 60 * 60_000,
  });

/**
 * How the header names a found place: "Koramangala, Bengaluru", the city alone when the place
 * is the city, else what the server called it.
 */
export function placeLabel(place: FoundPlace): string {
  const locality = place.locality.trim();
  const city = place.city.trim();
  if (locality && city && locality.toLowerCase() !== city.toLowerCase()) return `${locality}, ${city}`;
  return city || locality || place.mainText;
}
