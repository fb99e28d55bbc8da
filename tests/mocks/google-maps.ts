import { http, HttpResponse } from 'msw';

import { GOOGLE_GEOCODE_URL, GOOGLE_PLACES_URL } from '../../server/geo/google';

/** What a test can check about the calls Google received. */
export interface GoogleCall {
  api: 'geocode' | 'autocomplete' | 'place';
  key: string | null;
  url: string;
  body?: unknown;
}

const ANDHERI = {
  formatted_address: 'Andheri West, Mumbai, Maharashtra 400053, India',
  address_components: [
    {
      long_name: 'Andheri West',
      short_name: 'Andheri West',
      types: ['sublocality_level_1', 'sublocality', 'political'],
    },
    { long_name: 'Mumbai', short_name: 'Mumbai', types: ['locality', 'political'] },
    {
      long_name: 'Mumbai Suburban',
      short_name: 'Mumbai Suburban',
      types: ['administrative_area_level_2', 'political'],
    },
    { long_name: 'Maharashtra', short_name: 'MH', types: ['administrative_area_level_1', 'political'] },
    { long_name: 'India', short_name: 'IN', types: ['country', 'political'] },
    { long_name: '400053', short_name: '400053', types: ['postal_code'] },
  ],
};

/** Google's Geocoding API and Places API (New), answering as they do for a place in Mumbai. */
export const googleMaps = {
  answers(calls: GoogleCall[] = []) {
    return [
      http.get(GOOGLE_GEOCODE_URL, ({ request }) => {
        const url = new URL(request.url);
        calls.push({ api: 'geocode', key: url.searchParams.get('key'), url: request.url });
        if (url.searchParams.get('latlng') === '0,0') return HttpResponse.json({ status: 'ZERO_RESULTS', results: [] });
        return HttpResponse.json({ status: 'OK', results: [ANDHERI] });
      }),
      http.post(`${GOOGLE_PLACES_URL}/places:autocomplete`, async ({ request }) => {
        const body = (await request.json()) as { input: string };
        calls.push({ api: 'autocomplete', key: request.headers.get('x-goog-api-key'), url: request.url, body });
        return HttpResponse.json({
          suggestions: [
            {
              placePrediction: {
                placeId: 'ChIJ-andheri-west',
                text: { text: 'Andheri West, Mumbai, Maharashtra, India' },
                structuredFormat: {
                  mainText: { text: 'Andheri West' },
                  secondaryText: { text: 'Mumbai, Maharashtra, India' },
                },
              },
            },
          ],
        });
      }),
      http.get(`${GOOGLE_PLACES_URL}/places/:id`, ({ request, params }) => {
        calls.push({ api: 'place', key: request.headers.get('x-goog-api-key'), url: request.url });
        if (params.id !== 'ChIJ-andheri-west') {
          return HttpResponse.json(
            { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } },
            { status: 404 },
          );
        }
        return HttpResponse.json({
          id: 'ChIJ-andheri-west',
          formattedAddress: ANDHERI.formatted_address,
          location: { latitude: 19.1363, longitude: 72.8277 },
          addressComponents: ANDHERI.address_components.map((c) => ({
            longText: c.long_name,
            shortText: c.short_name,
            types: c.types,
          })),
        });
      }),
    ];
  },
  /** How Google answers a key that is not allowed (REQUEST_DENIED, or 403 on Places). */
  deniesKey() {
    return [
      http.get(GOOGLE_GEOCODE_URL, () =>
        HttpResponse.json({ status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', results: [] }),
      ),
      http.post(`${GOOGLE_PLACES_URL}/places:autocomplete`, () =>
        HttpResponse.json(
          { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } },
          { status: 403 },
        ),
      ),
      http.get(`${GOOGLE_PLACES_URL}/places/:id`, () =>
        HttpResponse.json(
          { error: { code: 403, message: 'API key not valid.', status: 'PERMISSION_DENIED' } },
          { status: 403 },
        ),
      ),
    ];
  },
  isDown() {
    return [
      http.get(GOOGLE_GEOCODE_URL, () => HttpResponse.error()),
      http.post(`${GOOGLE_PLACES_URL}/places:autocomplete`, () => HttpResponse.error()),
      http.get(`${GOOGLE_PLACES_URL}/places/:id`, () => HttpResponse.error()),
    ];
  },
};
