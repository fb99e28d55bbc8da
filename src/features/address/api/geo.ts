import { api } from '../../../lib/api-client';
import { customerApi } from '../../auth';
import type { PlaceSuggestion, SelectedPlace } from '../types';

/** GET /api/geo/reverse: the place at a point. */
export async function reverseGeocode(lat: number, lng: number): Promise<SelectedPlace> {
  const body = await customerApi
    .get('geo/reverse', { searchParams: { lat: lat.toFixed(6), lng: lng.toFixed(6) } })
    .json<{ data: SelectedPlace }>();
  return body.data;
}

/**
 * GET /api/geo/autocomplete: suggestions for what was typed; with `near` (the map's centre),
 * places in that city first.
 */
export async function autocompletePlaces(
  query: string,
  signal?: AbortSignal,
  near?: { lat: number; lng: number },
): Promise<PlaceSuggestion[]> {
  const searchParams: Record<string, string> = { q: query };
  if (near && Number.isFinite(near.lat) && Number.isFinite(near.lng)) {
    searchParams.lat = near.lat.toFixed(4);
    searchParams.lng = near.lng.toFixed(4);
  }
  const body = await customerApi.get('geo/autocomplete', { searchParams, signal }).json<{ data: PlaceSuggestion[] }>();
  return body.data;
}

/** GET /api/geo/place/{id}: a suggestion's place. */
export async function placeDetails(id: string): Promise<SelectedPlace> {
  const body = await customerApi.get(`geo/place/${encodeURIComponent(id)}`).json<{ data: SelectedPlace }>();
  return body.data;
}

export interface MapTiles {
  url: string;
  attribution: string;
}

/** GET /api/geo/tiles: the server's tile source (MAP_TILE_URL) and its attribution. */
export async function mapTiles(): Promise<MapTiles> {
  return (await api.get('geo/tiles').json<{ data: MapTiles }>()).data;
}
