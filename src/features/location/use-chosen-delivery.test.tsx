import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { del } from 'idb-keyval';
import { createStore, Provider } from 'jotai';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { chosenLocationAtom, type ChosenLocation } from './location-atoms';
import { useChosenDelivery } from './use-chosen-delivery';

// happy-dom has no IndexedDB: the chosen place is kept in memory instead.
vi.mock('idb-keyval', () => {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string) => data.get(key),
    set: async (key: string, value: unknown) => void data.set(key, value),
    del: async (key: string) => void data.delete(key),
  };
});

const KORAMANGALA: ChosenLocation = {
  label: 'Koramangala, Bengaluru',
  place: { latitude: 12.9352, longitude: 77.6245 },
  pincode: '560034',
  city: 'Bengaluru',
};

async function renderWith(chosen: ChosenLocation | null, enabled = true) {
  const store = createStore();
  if (chosen) await store.set(chosenLocationAtom, chosen);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </Provider>
  );
  return renderHook(() => useChosenDelivery(enabled), { wrapper });
}

describe('useChosenDelivery', () => {
  let asked: string[];
  beforeEach(async () => {
    await del('selectedLocation');
    asked = [];
  });
  afterEach(() => vi.unstubAllGlobals());

  const answering = (message: string, serviceable = true) =>
    vi.stubGlobal('fetch', async (input: Request) => {
      asked.push(input.url);
      return Response.json({
        success: true,
        data: { serviceable, store: null, distanceKm: null, etaMinutes: null, message },
      });
    });

  it('is null with no place chosen, and asks nothing', async () => {
    answering('Delivery in 8 minutes');
    const { result } = await renderWith(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBeNull();
    expect(asked).toEqual([]);
  });

  it("gives the server's answer for the chosen place", async () => {
    answering('Delivery in 8 minutes');
    const { result } = await renderWith(KORAMANGALA);
    await waitFor(() =>
      expect(result.current).toEqual({
        label: 'Koramangala, Bengaluru',
        serviceable: true,
        message: 'Delivery in 8 minutes',
      }),
    );
    expect(new URL(asked[0]!).searchParams.get('lat')).toBe('12.9352');
  });

  it('gives the last answer kept with the place while the server cannot be asked', async () => {
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const { result } = await renderWith({
      ...KORAMANGALA,
      delivery: { serviceable: false, message: 'Sorry, we do not deliver to this location yet.' },
    });
    await waitFor(() =>
      expect(result.current).toEqual({
        label: 'Koramangala, Bengaluru',
        serviceable: false,
        message: 'Sorry, we do not deliver to this location yet.',
      }),
    );
  });

  it('is null and asks nothing when turned off (a delivery address decides)', async () => {
    answering('Delivery in 8 minutes');
    const { result } = await renderWith(KORAMANGALA, false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBeNull();
    expect(asked).toEqual([]);
  });
});
