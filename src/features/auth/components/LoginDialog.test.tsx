import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { popupsAtom } from '../../popups';
import { validateLoginSearch } from '../login-search';
import type { AuthContext } from '../session';
import { LoginDialog } from './LoginDialog';

// happy-dom has no IndexedDB; the popup atoms would reject their writes, so keep them in memory.
vi.mock('idb-keyval', () => {
  const data = new Map<string, unknown>();
  return {
    get: async (key: string) => data.get(key),
    set: async (key: string, value: unknown) => void data.set(key, value),
    del: async (key: string) => void data.delete(key),
    delMany: async (keys: string[]) => keys.forEach((key) => data.delete(key)),
  };
});

type Reply = { status: number; body: unknown } | 'offline';

/** The API as the dialog sees it: each call takes the next reply queued for its path. */
function fakeApi() {
  const replies = new Map<string, Reply[]>();
  const calls: { path: string; body: unknown }[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const path = new URL(input.url).pathname;
    calls.push({ path, body: await input.clone().json() });
    const reply = replies.get(path)?.shift();
    if (!reply) throw new Error(`no reply queued for ${path}`);
    if (reply === 'offline') throw new TypeError('Failed to fetch');
    return Response.json(reply.body, { status: reply.status });
  });
  return {
    calls,
    reply: (path: string, ...queued: Reply[]) => replies.set(path, [...(replies.get(path) ?? []), ...queued]),
  };
}

const OTP_SENT = {
  status: 200,
  body: { success: true, message: 'OTP sent', data: { mobile: '98XXXXXX10', expiresIn: 300, resendIn: 30 } },
};
const WRONG = { status: 401, body: { success: false, message: 'Invalid OTP. Please try again.' } };
const SIGNED_IN = {
  status: 200,
  body: { success: true, message: 'Login successful', token: 'jwt', data: { id: 'c1', mobile: '9876543210' } },
};

async function renderDialog() {
  const store = createStore();
  // Mounted before anything opens it, as the app's root (AuthHost) mounts it on the first render.
  store.sub(popupsAtom, () => {});
  await store.set(popupsAtom, { cart: false, login: true });
  const auth: AuthContext = {
    getSession: () => null,
    subscribe: () => () => {},
    canRefresh: () => false,
    refresh: async () => false,
    signedIn: vi.fn(),
    signOut: vi.fn(),
  };
  const rootRoute = createRootRouteWithContext<{ queryClient: QueryClient; auth: AuthContext }>()({
    validateSearch: validateLoginSearch,
    component: () => (
      <>
        <LoginDialog />
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
    <Provider store={store}>
      <QueryClientProvider client={queryClient}>
        {/* The test router is not the app's registered one. */}
        <RouterProvider router={router as never} />
      </QueryClientProvider>
    </Provider>,
  );
  await screen.findByRole('dialog', { name: 'Log in or sign up' });
  // The router settles its first match after the first paint; wait until the page is shown again.
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy());
  return { store, auth };
}

const phoneInput = () => screen.getByLabelText('Mobile number') as HTMLInputElement;
const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;
const typeCode = (code: string) => fireEvent.change(box(1), { target: { value: code } });

describe('LoginDialog', () => {
  beforeEach(() => {
    // happy-dom's <dialog> lacks the modal methods browsers have.
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('phone step: +91, digits only up to 10, Continue only at 10, messages after leaving the field', async () => {
    fakeApi();
    await renderDialog();
    expect(screen.getByText('+91')).toBeTruthy();
    expect(phoneInput().getAttribute('inputmode')).toBe('numeric');
    expect(phoneInput().getAttribute('autocomplete')).toBe('tel-national');
    const proceed = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;

    fireEvent.change(phoneInput(), { target: { value: '98x76' } });
    expect(phoneInput().value).toBe('9876');
    expect(proceed.disabled).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.blur(phoneInput());
    expect(screen.getByRole('alert').textContent).toBe('Mobile number must be 10 digits');
    fireEvent.change(phoneInput(), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Mobile number is required');
    fireEvent.change(phoneInput(), { target: { value: '9876543210' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(proceed.disabled).toBe(false);
  });

  it('Enter short of 10 digits says what is wrong (Continue is disabled, so nothing is sent)', async () => {
    const api = fakeApi();
    await renderDialog();
    fireEvent.change(phoneInput(), { target: { value: '98765' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.keyDown(phoneInput(), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Mobile number must be 10 digits');
    expect(document.activeElement).toBe(phoneInput());
    expect(api.calls).toEqual([]);
  });

  it('ten digits no Indian mobile number starts with: says so, and asks the server nothing', async () => {
    const api = fakeApi();
    await renderDialog();
    fireEvent.change(phoneInput(), { target: { value: '1234567890' } });
    const proceed = screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
    expect(proceed.disabled).toBe(false);
    fireEvent.click(proceed);
    expect((await screen.findByRole('alert')).textContent).toBe('Mobile number must start with 6, 7, 8 or 9');
    expect(api.calls).toHaveLength(0);
  });

  it('a failed request shows the server message, or says the network is down', async () => {
    const api = fakeApi();
    api.reply(
      '/api/customer/public',
      { status: 429, body: { success: false, message: 'Please wait 12 seconds before requesting another OTP.' } },
      'offline',
    );
    await renderDialog();
    fireEvent.change(phoneInput(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please wait 12 seconds before requesting another OTP.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Network error. Please try again.'));
    // Back online: it tries again by itself.
    api.reply('/api/customer/public', OTP_SENT);
    act(() => void window.dispatchEvent(new Event('online')));
    await screen.findByRole('dialog', { name: 'OTP Verification' });
  });

  it('OTP step: a wrong code alerts and clears the boxes; the right one signs in', async () => {
    const api = fakeApi();
    api.reply('/api/customer/public', OTP_SENT);
    api.reply('/api/customer/public/verify', WRONG, SIGNED_IN);
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const { auth } = await renderDialog();
    fireEvent.change(phoneInput(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'OTP Verification' });
    expect(screen.getByText('+91 98XXXXXX10')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();

    const verify = screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement;
    fireEvent.change(box(1), { target: { value: '1' } });
    expect(verify.disabled).toBe(true);
    fireEvent.keyDown(box(2), { key: 'Enter' });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid 6-digit OTP.');

    typeCode('111111');
    fireEvent.click(verify);
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Invalid OTP. Please try again.'));
    expect(screen.getByRole('alert').textContent).toBe('Invalid OTP. Please try again.');
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('');

    typeCode('123456');
    fireEvent.click(verify);
    expect((await screen.findByRole('status')).textContent).toBe('Login successful! Redirecting...');
    expect(auth.signedIn).toHaveBeenCalled();
    expect(api.calls.at(-1)).toEqual({
      path: '/api/customer/public/verify',
      body: { mobile: '9876543210', otp: '123456' },
    });
  });

  it('Back returns to the number; the same number goes on with the code already sent', async () => {
    const api = fakeApi();
    api.reply('/api/customer/public', OTP_SENT, OTP_SENT);
    await renderDialog();
    fireEvent.change(phoneInput(), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'OTP Verification' });
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(phoneInput().value).toBe('9876543210');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'OTP Verification' });
    expect(api.calls).toHaveLength(1);

    // Another number asks for a new code.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.change(phoneInput(), { target: { value: '9876543211' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'OTP Verification' });
    expect(api.calls).toHaveLength(2);
  });
});
