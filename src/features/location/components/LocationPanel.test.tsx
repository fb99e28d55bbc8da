import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { del } from 'idb-keyval';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { FoundPlace } from '../api/search-places';
import { chosenLocationAtom, type ChosenLocation } from '../location-atoms';
import ChosenLabel from './ChosenLabel';
import LocationPanel from './LocationPanel';

// happy-dom has no IndexedDB: the chosen place is kept in memory instead.
vi.mock('idb-keyval', () => {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string) => data.get(key),
    set: async (key: string, value: unknown) => void data.set(key, value),
    del: async (key: string) => void data.delete(key),
  };
});

const KORAMANGALA: FoundPlace = {
  id: 'po-560034-koramangala',
  text: 'Koramangala, Bengaluru, Karnataka 560034',
  mainText: 'Koramangala',
  secondaryText: 'Bengaluru, Karnataka',
  pincode: '560034',
  locality: 'Koramangala',
  district: 'Bangalore',
  city: 'Bengaluru',
  state: 'Karnataka',
  lat: 12.9352,
  lng: 77.6245,
};
const KORAMANGALA_VI: FoundPlace = {
  ...KORAMANGALA,
  id: 'po-560095-koramangala-vi-bk',
  text: 'Koramangala VI Bk, Bengaluru, Karnataka 560095',
  mainText: 'Koramangala VI Bk',
  secondaryText: 'Bengaluru, Karnataka 560095, India',
  pincode: '560095',
  locality: 'Koramangala VI Bk',
};

type Handler = (url: URL) => Response | Promise<Response>;

/** The API as the panel sees it: one handler per path, and every URL asked for. */
function fakeApi(handlers: Record<string, Handler>) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    asked.push(url);
    const handler = handlers[url.pathname];
    if (!handler) throw new Error(`no handler for ${url.pathname}`);
    return handler(url);
  });
  return asked;
}

const places = (found: FoundPlace[]) => () => Response.json({ success: true, data: found });
const served = (minutes: number) => () =>
  Response.json({
    success: true,
    data: {
      serviceable: true,
      store: { name: 'Koramangala', city: 'Bangalore' },
      distanceKm: 1.2,
      etaMinutes: minutes,
      message: `Delivery in ${minutes} minutes`,
    },
  });

function renderPanel(store = createStore()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        <p data-testid="label">
          <Suspense fallback="…">
            <ChosenLabel />
          </Suspense>
        </p>
        <LocationPanel />
      </QueryClientProvider>
    </Provider>,
  );
  return store;
}

const field = () => screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search delivery location' });
const type = (text: string) => fireEvent.change(field(), { target: { value: text } });
const placesList = () => screen.findByRole('list', { name: 'Places found' });

describe('LocationPanel', () => {
  beforeEach(async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    // Each test starts with no place chosen.
    await del('selectedLocation');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('finds a PIN code, and the picked place is checked, remembered and named in the header', async () => {
    const asked = fakeApi({
      '/api/delivery/places': places([KORAMANGALA]),
      '/api/delivery/serviceability': served(12),
    });
    const store = renderPanel();
    expect(screen.getByTestId('label').textContent).toBe('Maharashtra, India');

    type('560034');
    // A spinner while the typing settles and the server answers.
    expect(screen.getByRole('status').textContent).toContain('Searching for 560034');
    const list = await placesList();
    expect(list.textContent).toContain('Koramangala');
    expect(list.textContent).toContain('Bengaluru, Karnataka · 560034');
    const search = asked.find((url) => url.pathname === '/api/delivery/places')!;
    expect(search.searchParams.get('q')).toBe('560034');

    fireEvent.click(screen.getByRole('button', { name: /Koramangala/ }));
    await screen.findByText('Delivery in 12 minutes');
    expect(screen.getByText('Koramangala, Bengaluru 560034: from our Koramangala store')).toBeTruthy();
    expect(field().value).toBe('');
    expect(document.activeElement).toBe(field());
    const serviceability = asked.find((url) => url.pathname === '/api/delivery/serviceability')!;
    expect(serviceability.searchParams.get('lat')).toBe('12.9352');
    expect(serviceability.searchParams.get('lng')).toBe('77.6245');

    await waitFor(() => expect(screen.getByTestId('label').textContent).toBe('Koramangala, Bengaluru'));
    // Kept with the answer, for when the shopper is offline.
    await waitFor(async () =>
      expect(await store.get(chosenLocationAtom)).toEqual({
        label: 'Koramangala, Bengaluru',
        place: { latitude: 12.9352, longitude: 77.6245 },
        pincode: '560034',
        city: 'Bengaluru',
        delivery: { serviceable: true, message: 'Delivery in 12 minutes' },
      } satisfies ChosenLocation),
    );
  });

  it('asks once the typing settles, near the place already chosen', async () => {
    const asked = fakeApi({ '/api/delivery/places': places([KORAMANGALA]), '/api/delivery/serviceability': served(9) });
    const store = createStore();
    await store.set(chosenLocationAtom, { label: 'Bangalore', place: { latitude: 12.9716, longitude: 77.5946 } });
    renderPanel(store);
    for (const text of ['K', 'Ko', 'Kor', 'Kora']) type(text);
    await placesList();
    const searches = asked.filter((url) => url.pathname === '/api/delivery/places');
    expect(searches.map((url) => url.searchParams.get('q'))).toEqual(['Kora']);
    expect(searches[0]!.searchParams.get('lat')).toBe('12.9716');
    expect(searches[0]!.searchParams.get('lng')).toBe('77.5946');
  });

  it('the keyboard moves through the places and Enter picks one', async () => {
    fakeApi({
      '/api/delivery/places': places([KORAMANGALA, KORAMANGALA_VI]),
      '/api/delivery/serviceability': served(10),
    });
    renderPanel();
    type('Koramangala');
    const list = await placesList();
    const [first, second] = list.querySelectorAll('button');
    // The PIN code is said once when the server's text already holds it.
    expect(second!.textContent).toBe('Koramangala VI BkBengaluru, Karnataka 560095, India');
    fireEvent.keyDown(field(), { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(second);
    fireEvent.keyDown(second!, { key: 'ArrowUp' });
    fireEvent.keyDown(first!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(field());

    // Enter in the field takes the best place.
    fireEvent.keyDown(field(), { key: 'Enter' });
    await screen.findByText('Koramangala, Bengaluru 560034: from our Koramangala store');
  });

  it('says when nothing is found, with what to try', async () => {
    fakeApi({ '/api/delivery/places': places([]) });
    renderPanel();
    type('Atlantis');
    expect(await screen.findByText(/^No place found for “Atlantis”\./)).toBeTruthy();
    // The top cities stay on offer.
    expect(screen.getByRole('list', { name: 'Top cities' }).querySelectorAll('li')).toHaveLength(4);
  });

  it('waits for 3 digits of a PIN code or 2 letters before asking', async () => {
    const asked = fakeApi({});
    renderPanel();
    type('56');
    expect(screen.getByRole('status').textContent).toBe('Type at least 3 digits of the PIN code.');
    type('K');
    expect(screen.getByRole('status').textContent).toBe('Type at least 2 letters.');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(asked).toEqual([]);
  });

  it('a failed search says so and Try again asks again', async () => {
    let fail = true;
    fakeApi({
      '/api/delivery/places': () =>
        fail ? Response.json({ success: false, message: 'Server error' }, { status: 500 }) : places([KORAMANGALA])(),
    });
    renderPanel();
    type('Koramangala');
    const alert = await screen.findByRole('alert', {}, { timeout: 3000 });
    expect(alert.textContent).toContain('We could not search for places just now.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await placesList()).textContent).toContain('Koramangala');
  });

  it('Detect says what to do when location access is blocked, and to try again when locating failed', async () => {
    fakeApi({});
    let code = 1;
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      geolocation: {
        getCurrentPosition: (_found: unknown, failed: (error: Partial<GeolocationPositionError>) => void) =>
          failed({ code, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
      },
    });
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Detect' }));
    expect(
      await screen.findByText(
        'Location access is blocked for this site. Allow it in your browser’s site settings, or search for your area or pick a city below.',
      ),
    ).toBeTruthy();
    code = 3;
    fireEvent.click(screen.getByRole('button', { name: 'Detect' }));
    expect(await screen.findByText('Failed to get your current location. Please try again.')).toBeTruthy();
  });

  it('offline: searching needs a connection, and a top city still shows its last answer', async () => {
    const asked = fakeApi({});
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const store = createStore();
    await store.set(chosenLocationAtom, {
      label: 'Mumbai',
      place: { latitude: 19.076, longitude: 72.8777 },
      delivery: { serviceable: true, message: 'Delivery in 11 minutes' },
    });
    // The serviceability request fails as it does offline.
    vi.stubGlobal('fetch', async (input: Request) => {
      asked.push(new URL(input.url));
      throw new TypeError('Failed to fetch');
    });
    renderPanel(store);
    type('Koramangala');
    expect(
      screen.getByText(/Searching for places needs a connection; the top cities and Detect still work\./),
    ).toBeTruthy();
    expect(await screen.findByText('Delivery in 11 minutes')).toBeTruthy();
    expect(
      screen.getByText(/Mumbai: last checked answer; we will check again when you are back online\./),
    ).toBeTruthy();
    expect(asked.some((url) => url.pathname === '/api/delivery/places')).toBe(false);
    expect(screen.getByRole('button', { name: 'Detect' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mumbai' }).getAttribute('aria-pressed')).toBe('true');
    await act(async () => {});
  });
});
