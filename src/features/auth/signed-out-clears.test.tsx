import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearOnSignOut } from '../../lib/sign-out';
import { validateLoginSearch } from './login-search';
import { AuthHost } from './components/AuthHost';
import { browserAuth, type AuthContext } from './session';
import { signedInCookie } from './testing';

/**
 * Issue 15: the customer's data on this device (the saved addresses) goes however the app finds
 * it is signed out, not only with the Logout button.
 */

// happy-dom has no IndexedDB: an in-memory stand-in.
const data = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  get: async (key: string) => data.get(key),
  set: async (key: string, value: unknown) => void data.set(key, value),
  del: async (key: string) => void data.delete(key),
  delMany: async (keys: string[]) => keys.forEach((key) => data.delete(key)),
}));

clearOnSignOut('addresses', 'selectedAddress', 'deliveryAddress');

beforeEach(() => {
  data.clear();
  data.set('addresses', [{ _id: 'a1', name: 'Asha Rao' }]);
  data.set('deliveryAddress', { _id: 'a1' });
  data.set('cart', { items: [] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = '_auth_state=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('signing out without the Logout button', () => {
  it('a renewal the server refuses (session revoked elsewhere) removes the stored addresses', async () => {
    document.cookie = signedInCookie();
    browserAuth.signedIn();
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: false, message: 'Your session has ended.' }, { status: 401 }),
    );
    expect(await browserAuth.refresh()).toBe(false);
    await waitFor(() => expect([...data.keys()]).toEqual(['cart']));
  });

  it('a renewal that could not reach the server (offline) keeps them', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => {});
    document.cookie = signedInCookie();
    browserAuth.signedIn();
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await browserAuth.refresh()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect([...data.keys()].sort()).toEqual(['addresses', 'cart', 'deliveryAddress']);
  });
});

async function renderHost(auth: AuthContext) {
  const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient; auth: AuthContext }>()({
    validateSearch: validateLoginSearch,
    component: () => (
      <>
        <AuthHost />
        <Outlet />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <h1>Home</h1> });
  const queryClient = new QueryClient();
  const router = createRouter({
    routeTree: rootRoute.addChildren([home]),
    context: { queryClient, auth },
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={queryClient}>
        {/* The test router is not the app's registered one. */}
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </Provider>,
  );
  await screen.findByRole('heading', { name: 'Home' });
}

describe('AuthHost on arrival', () => {
  it('keeps them while a renewal may still bring the session back, and removes them once it is refused', async () => {
    browserAuth.signedIn();
    let calls = 0;
    vi.stubGlobal('fetch', async () => {
      calls++;
      return Response.json({ success: false, message: 'Your session has ended.' }, { status: 401 });
    });
    await renderHost(browserAuth);
    await waitFor(() => expect(calls).toBe(1));
    await waitFor(() => expect([...data.keys()]).toEqual(['cart']));
  });

  it('removes the stored addresses when the session is gone and cannot be renewed', async () => {
    await renderHost(browserAuth);
    await waitFor(() => expect([...data.keys()]).toEqual(['cart']));
  });

  it('keeps them for a signed-in customer', async () => {
    document.cookie = signedInCookie();
    await renderHost(browserAuth);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect([...data.keys()].sort()).toEqual(['addresses', 'cart', 'deliveryAddress']);
  });
});
