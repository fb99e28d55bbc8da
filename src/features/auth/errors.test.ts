import { HTTPError, TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { verifyOtp } from './api/verify-otp';
import { AuthError, loginVerifyMessage, otpRequestErrorMessage, verifyErrorMessage } from './errors';

const request = new Request('http://localhost/api/customer/public', { method: 'POST' });
const httpError = (status: number, body?: unknown) =>
  new HTTPError(
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
    request,
    // ky's normalized options; the error only keeps them.
    {} as ConstructorParameters<typeof HTTPError>[2],
  );
const networkError = () => new TypeError('Failed to fetch');
const timeoutError = () => new TimeoutError(request);

describe('the sign-in error catalogue (spec point 8)', () => {
  it('OTP request: the server message, else Failed to request OTP; network; unknown', async () => {
    expect(await otpRequestErrorMessage(httpError(429, { success: false, message: 'Please wait 20 seconds' }))).toBe(
      'Please wait 20 seconds',
    );
    expect(await otpRequestErrorMessage(httpError(500))).toBe('Failed to request OTP');
    expect(await otpRequestErrorMessage(httpError(502, { success: false }))).toBe('Failed to request OTP');
    expect(await otpRequestErrorMessage(networkError())).toBe('Network error. Please try again.');
    expect(await otpRequestErrorMessage(timeoutError())).toBe('Network error. Please try again.');
    expect(await otpRequestErrorMessage(new Error('boom'))).toBe('An unknown error occurred.');
  });

  it('verification: the server message, else the three fallbacks', async () => {
    expect(await verifyErrorMessage(httpError(410, { message: 'OTP expired. Please request a new one.' }))).toBe(
      'OTP expired. Please request a new one.',
    );
    expect(await verifyErrorMessage(httpError(500))).toBe('Verification failed');
    expect(await verifyErrorMessage(networkError())).toBe('OTP verification failed.');
    expect(await verifyErrorMessage(new Error('boom'))).toBe('Unknown error during OTP verification.');
    expect(await verifyErrorMessage(new AuthError('Invalid response format.'))).toBe('Invalid response format.');
  });

  it('in the dialog a wrong code is always Invalid OTP; a lost connection says so', async () => {
    expect(await loginVerifyMessage(httpError(401, { message: 'Nope' }))).toEqual({
      message: 'Invalid OTP. Please try again.',
      network: false,
      codeEnded: false,
    });
    expect(await loginVerifyMessage(networkError())).toEqual({
      message: 'Network error. Please try again.',
      network: true,
      codeEnded: false,
    });
    expect(
      await loginVerifyMessage(httpError(429, { message: 'Too many wrong attempts. Please request a new OTP.' })),
    ).toEqual({ message: 'Too many wrong attempts. Please request a new OTP.', network: false, codeEnded: true });
  });
});

describe('verifyOtp', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  /** Answers every call with `body`; returns what was sent. */
  function answer(body: unknown) {
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: Request) => {
      sent.push({ path: new URL(input.url).pathname, body: await input.json() });
      return Response.json(body);
    });
    return sent;
  }

  it('sends the last ten digits and the code, and returns the token and the customer', async () => {
    const sent = answer({
      success: true,
      message: 'Login successful',
      token: 'jwt',
      data: { id: 'c1', mobile: '9876543210' },
    });
    const verified = await verifyOtp({ mobile: '+91 98765 43210', otp: '123456' });
    expect(verified).toEqual({ token: 'jwt', user: { id: 'c1', mobile: '9876543210' }, message: 'Login successful' });
    expect(sent).toEqual([{ path: '/api/customer/public/verify', body: { mobile: '9876543210', otp: '123456' } }]);
  });

  it('counts a success without token or customer as Invalid response format.', async () => {
    answer({ success: true, message: 'Login successful', data: { id: 'c1', mobile: '9876543210' } });
    await expect(verifyOtp({ mobile: '9876543210', otp: '123456' })).rejects.toThrow('Invalid response format.');
    answer({ success: true, token: 'jwt' });
    await expect(verifyOtp({ mobile: '9876543210', otp: '123456' })).rejects.toThrow('Invalid response format.');
  });

  it('counts an answer without the success flag as a failure, with the server message if any', async () => {
    answer({ message: 'Something is off', token: 'jwt', data: { id: 'c1', mobile: '9876543210' } });
    await expect(verifyOtp({ mobile: '9876543210', otp: '123456' })).rejects.toThrow('Something is off');
    answer({ token: 'jwt', data: { id: 'c1', mobile: '9876543210' } });
    await expect(verifyOtp({ mobile: '9876543210', otp: '123456' })).rejects.toThrow('Invalid response format.');
  });
});
