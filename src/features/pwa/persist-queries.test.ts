import { onlineManager, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { QUERY_CACHE_KEY } from './persisted-queries';

/** idb-keyval over a Map: the saved cache as the last visit left it. */
const stored = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => stored.get(key),
  set: async (key: string, value: unknown) => void stored.set(key, value),
  del: async (key: string) => void stored.delete(key),
}));

/** The customer API, answering every call with an empty success. */
const calls = vi.hoisted(() => [] as { method: string; path: string; json: unknown }[]);
vi.mock('../auth', async (importOriginal) => {
  const record =
    (method: string) =>
    async (path: string, options: { json?: unknown } = {}) => {
      calls.push({ method, path, json: options.json });
      return new Response('{"success":true,"data":[]}', { headers: { 'content-type': 'application/json' } });
    };
  const json = (method: string) => (path: string, options?: { json?: unknown }) => {
    const response = record(method)(path, options);
    return Object.assign(response, { json: async () => (await response).json() });
  };
  return {
    ...(await importOriginal<object>()),
    customerApi: { get: json('get'), post: json('post'), put: json('put'), delete: json('delete') },
  };
});

const { persistQueries } = await import('./persist-queries');

const CUSTOMER = '0b4a5f7e-3d0b-4d8e-9a55-2f4a4c1b8e01';
const editVariables = {
  customerId: CUSTOMER,
  address: {
    _id: '7f1c2a9e-5b8d-4c3e-8f6a-1d2e3f4a5b6c',
    version: 1,
    tag: 'Home',
    locality: 'Koregaon Park, Pune',
    buildingName: 'Flat 1, Edited Offline',
    floor: '',
    nearBy: '',
    name: 'Asha',
    mobile: '',
    gps: { latitude: 18.52, longitude: 73.85 },
    city: 'Pune',
    area: '',
    state: 'Maharashtra',
  },
};

/** What the last visit saved: one address edit made offline, still waiting. */
function savePausedEdit() {
  stored.set(
    QUERY_CACHE_KEY,
    JSON.stringify({
      timestamp: Date.now(),
      buster: import.meta.env.VITE_BUILD_ID ?? '',
      clientState: {
        queries: [],
        mutations: [
          {
            mutationKey: ['address', 'edit'],
            state: {
              context: undefined,
              data: undefined,
              error: null,
              failureCount: 0,
              failureReason: null,
              isPaused: true,
              status: 'pending',
              variables: editVariables,
              submittedAt: Date.now() - 60_000,
            },
          },
        ],
      },
    }),
  );
}

function setBrowserOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

describe('persistQueries', () => {
  let queryClient: QueryClient;
  /** Told when the saved cache is in. */
  let onRestored: () => void;

  beforeEach(() => {
    stored.clear();
    calls.length = 0;
    // React Query's own default: online until told otherwise.
    onlineManager.setOnline(true);
    queryClient = new QueryClient();
    queryClient.mount();
    onRestored = vi.fn();
  });

  afterEach(() => {
    queryClient.unmount();
    queryClient.clear();
    onlineManager.setOnline(true);
    setBrowserOnline(true);
  });

  it('restores an edit made offline with its function, and keeps it waiting while the browser is offline', async () => {
    savePausedEdit();
    setBrowserOnline(false);
    await persistQueries(queryClient, onRestored);

    const [restored] = queryClient.getMutationCache().findAll({ mutationKey: ['address', 'edit'] });
    expect(restored?.options.mutationFn).toBeTypeOf('function');
    expect(restored?.state).toMatchObject({ status: 'pending', isPaused: true, variables: editVariables });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);

    // The connection returns: the edit is sent by itself, once.
    setBrowserOnline(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(restored?.state.status).toBe('success'));
    expect(calls.filter((c) => c.method === 'put')).toEqual([
      { method: 'put', path: `address/${editVariables.address._id}`, json: editVariables.address },
    ]);
  });

  it('says when the saved cache is in, with the saved data there by then, offline too', async () => {
    // A visit that saved the catalogue's categories.
    const earlier = new QueryClient();
    earlier.setQueryData(['categories'], [{ slug: 'dairy-breakfast' }]);
    await persistQueries(earlier, vi.fn());
    await vi.waitFor(() => expect(stored.has(QUERY_CACHE_KEY)).toBe(true));

    setBrowserOnline(false);
    const seen: unknown[] = [];
    await persistQueries(queryClient, () => seen.push(queryClient.getQueryData(['categories'])));
    expect(seen).toEqual([[{ slug: 'dairy-breakfast' }]]);
  });

  it('sends a restored edit at once when the page opens online', async () => {
    savePausedEdit();
    await persistQueries(queryClient, onRestored);
    const [restored] = queryClient.getMutationCache().findAll({ mutationKey: ['address', 'edit'] });
    await vi.waitFor(() => expect(restored?.state.status).toBe('success'));
    expect(calls.filter((c) => c.method === 'put')).toHaveLength(1);
  });

  it('checks again an address list restored from an earlier page, which may predate its last save', async () => {
    const earlier = performance.timeOrigin - 500;
    const listQuery = (queryKey: unknown[]) => ({
      queryKey,
      queryHash: JSON.stringify(queryKey),
      state: {
        data: [],
        dataUpdateCount: 1,
        dataUpdatedAt: earlier,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    });
    stored.set(
      QUERY_CACHE_KEY,
      JSON.stringify({
        timestamp: earlier,
        buster: import.meta.env.VITE_BUILD_ID ?? '',
        clientState: {
          queries: [listQuery(['address', 'list', CUSTOMER]), listQuery(['categories'])],
          mutations: [],
        },
      }),
    );
    // Fetched by this page before the saved copy came back: newer, so kept and not asked again.
    queryClient.setQueryData(['orders', 'list'], []);

    await persistQueries(queryClient, onRestored);
    expect(queryClient.getQueryState(['address', 'list', CUSTOMER])).toMatchObject({
      status: 'success',
      isInvalidated: true,
    });
    expect(queryClient.getQueryState(['categories'])?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(['orders', 'list'])?.isInvalidated).toBe(false);
  });

  it('saves what the page fetched before saving started, with no later change to set it off', async () => {
    // My Orders' list, fetched while the saved copy was still being read: nothing changes after.
    queryClient.setQueryData(['orders', 'list', 1], { total: 1, data: [{ id: 'o1', status: 'processing' }] });

    await persistQueries(queryClient, onRestored);
    const saved = JSON.parse(stored.get(QUERY_CACHE_KEY) as string) as {
      clientState: { queries: { queryKey: unknown[]; state: { data: unknown } }[] };
    };
    expect(saved.clientState.queries.map((query) => query.queryKey)).toContainEqual(['orders', 'list', 1]);
  });
});
