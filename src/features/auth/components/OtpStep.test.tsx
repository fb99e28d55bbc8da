import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { toChallenge } from '../login-flow';
import { OtpStep } from './OtpStep';

// The code step only needs the auth context from the router.
vi.mock('@tanstack/react-router', () => ({
  useRouteContext: () => ({ auth: { signedIn: () => {} } }),
}));

const OTP_SENT = { success: true, message: 'OTP sent', data: { mobile: '98XXXXXX10', expiresIn: 300, resendIn: 30 } };

function renderStep(onResent = vi.fn()) {
  const challenge = toChallenge('9876543210', OTP_SENT.data);
  render(
    <Provider store={createStore()}>
      <QueryClientProvider client={new QueryClient()}>
        <OtpStep
          mobile="9876543210"
          challenge={challenge}
          onResent={onResent}
          onCodeEnded={() => {}}
          onVerified={() => {}}
        />
      </QueryClientProvider>
    </Provider>,
  );
  return onResent;
}

/** Lets pending promises (the fake API) settle. */
const settle = () => act(async () => {});

describe('the resend timer on the code step (spec point 4)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reads 'Resend OTP in 0:29' after a second, offers Resend OTP at 0, and pressing it starts again", async () => {
    const sent: string[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      sent.push(new URL(input.url).pathname);
      return Response.json(OTP_SENT);
    });
    const onResent = renderStep();
    expect(screen.getByText('Resend OTP in 0:30')).toBeTruthy();
    act(() => void vi.advanceTimersByTime(1000));
    expect(screen.getByText('Resend OTP in 0:29')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend OTP' })).toBeNull();

    act(() => void vi.advanceTimersByTime(29_000));
    expect(screen.queryByText(/Resend OTP in/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    expect(screen.getByText('Resend OTP in 0:30')).toBeTruthy();
    await settle();
    expect(sent).toEqual(['/api/customer/public']);
    expect(onResent).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status').textContent).toBe('We have sent you a new OTP.');
    act(() => void vi.advanceTimersByTime(10_000));
    expect(screen.getByText('Resend OTP in 0:20')).toBeTruthy();
  });

  it("a failed resend says 'Failed to resend OTP. Please try again.' and lets the shopper try again", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ success: false, message: 'Down' }, { status: 503 }));
    renderStep();
    act(() => void vi.advanceTimersByTime(30_000));
    fireEvent.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Failed to resend OTP. Please try again.');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeTruthy();
  });
});
