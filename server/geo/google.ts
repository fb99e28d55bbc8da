import { shortNameOf, type Geocoder, type PlaceSuggestion, type SelectedPlace } from './types';

export const GOOGLE_GEOCODE_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
export const GOOGLE_PLACES_URL = 'https://places.googleapis.com/v1';
const TIMEOUT_MS = 2500;

/** Google did not answer usefully (down, refused the key, over quota): the caller falls back. */
export class GeocoderError extends Error {
  override name = 'GeocoderError';
}

interface Component {
  long_name?: string;
  longText?: string;
  types?: string[];
}

const componentText = (c: Component) => c.long_name ?? c.longText ?? '';

/** City, state, country and area from either API's address components. */
function partsOf(components: Component[]) {
  const find = (...types: string[]) => {
    for (const type of types) {
      const found = components.find((c) => c.types?.includes(type));
      if (found) return componentText(found);
    }
    return '';
  };
  const city = find('locality', 'postal_town', 'administrative_area_level_3', 'administrative_area_level_2');
  const area = find('sublocality_level_1', 'sublocality', 'neighborhood', 'sublocality_level_2', 'premise') || city;
  const postalCode = find('postal_code');
  return {
    area,
    city,
    state: find('administrative_area_level_1'),
    country: find('country'),
    // An Indian PIN code is 6 digits; anything else (abroad, a partial code) is not one.
    pincode: /^[1-9]\d{5}$/.test(postalCode) ? postalCode : '',
    district: find('administrative_area_level_3', 'administrative_area_level_2'),
  };
}

async function call(url: string, init: RequestInit = {}): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new GeocoderError(`Google could not be reached: ${(error as Error).message}`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (body as { error?: { message?: string } } | undefined)?.error?.message;
    throw new GeocoderError(`Google answered ${response.status}${message ? `: ${message}` : ''}`);
  }
  return body;
}

/** Google's Geocoding API (reverse) and Places API (New) (autocomplete, details), in English. */
export function createGoogleGeocoder(apiKey: string): Geocoder {
  const placesHeaders = (fieldMask?: string) => ({
    'Content-Type': 'application/json',
    'X-Goog-Api-Key': apiKey,
    ...(fieldMask && { 'X-Goog-FieldMask': fieldMask }),
  });

  return {
    async reverse(lat, lng) {
      const url = new URL(GOOGLE_GEOCODE_URL);
      url.search = new URLSearchParams({
        latlng: `${lat},${lng}`,
        key: apiKey,
        language: 'en',
        region: 'in',
      }).toString();
      const body = (await call(url.toString())) as {
        status?: string;
        error_message?: string;
        results?: { formatted_address?: string; address_components?: Component[] }[];
      };
      if (body.status === 'ZERO_RESULTS') return null;
      if (body.status !== 'OK' || !body.results?.[0]) {
        throw new GeocoderError(
          `Geocoding status ${body.status ?? 'missing'}${body.error_message ? `: ${body.error_message}` : ''}`,
        );
      }
      const [first] = body.results;
      const parts = partsOf(first.address_components ?? []);
      return { name: first.formatted_address ?? shortNameOf(parts), shortName: shortNameOf(parts), lat, lng, ...parts };
    },

    async autocomplete(query, near) {
      const body = (await call(`${GOOGLE_PLACES_URL}/places:autocomplete`, {
        method: 'POST',
        headers: placesHeaders(),
        body: JSON.stringify({
          input: query,
          includedRegionCodes: ['in'],
          languageCode: 'en',
          regionCode: 'in',
          // The map's centre: places around it first (a bias, not a restriction).
          ...(near && {
            locationBias: { circle: { center: { latitude: near.lat, longitude: near.lng }, radius: 30_000 } },
          }),
        }),
      })) as {
        suggestions?: {
          placePrediction?: {
            placeId?: string;
            text?: { text?: string };
            structuredFormat?: { mainText?: { text?: string }; secondaryText?: { text?: string } };
          };
        }[];
      };
      const suggestions: PlaceSuggestion[] = [];
      for (const { placePrediction: p } of body.suggestions ?? []) {
        if (!p?.placeId || !p.text?.text) continue;
        suggestions.push({
          id: p.placeId,
          text: p.text.text,
          mainText: p.structuredFormat?.mainText?.text ?? p.text.text,
          secondaryText: p.structuredFormat?.secondaryText?.text ?? '',
        });
      }
      return suggestions;
    },

    async place(id): Promise<SelectedPlace | null> {
      let body: {
        formattedAddress?: string;
        location?: { latitude?: number; longitude?: number };
        addressComponents?: Component[];
      };
      try {
        body = (await call(`${GOOGLE_PLACES_URL}/places/${encodeURIComponent(id)}?languageCode=en&regionCode=in`, {
          headers: placesHeaders('id,formattedAddress,location,addressComponents'),
        })) as typeof body;
      } catch (error) {
        // An id Google does not know is an answer ("no such place"), not an outage.
        if (error instanceof GeocoderError && /answered (400|404)/.test(error.message)) return null;
        throw error;
      }
      const lat = body.location?.latitude;
      const lng = body.location?.longitude;
      if (typeof lat !== 'number' || typeof lng !== 'number') return null;
      const parts = partsOf(body.addressComponents ?? []);
      return { name: body.formattedAddress ?? shortNameOf(parts), shortName: shortNameOf(parts), lat, lng, ...parts };
    },
  };
}
