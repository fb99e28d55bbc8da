import ky, { NetworkError, TimeoutError } from 'ky';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { verifyOtp } from './api/verify-otp';
import { AuthError, loginVerifyMessage, otpRequestErrorMessage, verifyErrorMessage } from './errors';

const request = new Request('http://localhost/api/customer/public', { method: 'POST' });
/** The error ky itself throws for this answer (it reads the body into `data`). */
const failed = (fetch: () => Promise<Response>) =>
  ky.post('http://localhost/api/customer/public', { fetch, retry: 0 }).then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
const httpError = (status: number, body?: unknown) =>
  failed(async () => (body === undefined ? new Response(null, { status }) : Response.json(body, { status })));
const networkError = () => failed(() => Promise.reject(new TypeError('Failed to fetch')));
const timeoutError = () => new TimeoutError(request);

describe('the sign-in error catalogue (spec point 8)', () => {
  it('OTP request: the server message, else Failed to request OTP; network; unknown', async () => {
    expect(
      await otpRequestErrorMessage(await httpError(429, { success: false, message: 'Please wait 20 seconds' })),
    ).toBe('Please wait 20 seconds');
    expect(await otpRequestErrorMessage(await httpError(500))).toBe('Failed to request OTP');
    expect(await otpRequestErrorMessage(await httpError(502, { success: false }))).toBe('Failed to request OTP');
    // ky wraps the fetch failures it recognises; a wording it does not know stays a TypeError.
    expect(await networkError()).toBeInstanceOf(NetworkError);
    expect(await otpRequestErrorMessage(await networkError())).toBe('Network error. Please try again.');
    expect(await otpRequestErrorMessage(new TypeError('Load failed'))).toBe('Network error. Please try again.');
    expect(await otpRequestErrorMessage(timeoutError())).toBe('Network error. Please try again.');
    expect(await otpRequestErrorMessage(new Error('boom'))).toBe('An unknown error occurred.');
  });

  it('verification: the server message, else the three fallbacks', async () => {
    expect(await verifyErrorMessage(await httpError(410, { message: 'OTP expired. Please request a new one.' }))).toBe(
      'OTP expired. Please request a new one.',
    );
    expect(await verifyErrorMessage(await httpError(500))).toBe('Verification failed');
    expect(await verifyErrorMessage(await networkError())).toBe('OTP verification failed.');
    expect(await verifyErrorMessage(new Error('boom'))).toBe('Unknown error during OTP verification.');
    expect(await verifyErrorMessage(new AuthError('Invalid response format.'))).toBe('Invalid response format.');
  });

  it('in the dialog a wrong code is always Invalid OTP; a lost connection says so', async () => {
    expect(await loginVerifyMessage(await httpError(401, { message: 'Nope' }))).toEqual({
      message: 'Invalid OTP. Please try again.',
      network: false,
      codeEnded: false,
    });
    expect(await loginVerifyMessage(await networkError())).toEqual({
      message: 'Network error. Please try again.',
      network: true,
      codeEnded: false,
    });
    expect(
      await loginVerifyMessage(await httpError(429, { message: 'Too many wrong attempts. Please request a new OTP.' })),
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
