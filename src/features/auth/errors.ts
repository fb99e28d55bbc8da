import { HTTPError, NetworkError, TimeoutError } from 'ky';

import { serverMessage } from '../../lib/server-message';

/** Every sign-in message a shopper can see, word for word from the spec (points 5 and 8). */
export const AUTH_ERRORS = {
  mobileRequired: 'Mobile number is required',
  mobileLength: 'Mobile number must be 10 digits',
  /** Not in the spec: ten digits that no Indian mobile number has (the server refuses them too). */
  mobileStart: 'Mobile number must start with 6, 7, 8 or 9',
  otpIncomplete: 'Please enter a valid 6-digit OTP.',
  otpRequestFailed: 'Failed to request OTP',
  network: 'Network error. Please try again.',
  unknown: 'An unknown error occurred.',
  verificationFailed: 'Verification failed',
  verificationNoResponse: 'OTP verification failed.',
  verificationUnknown: 'Unknown error during OTP verification.',
  invalidResponse: 'Invalid response format.',
  invalidOtp: 'Invalid OTP. Please try again.',
  resendFailed: 'Failed to resend OTP. Please try again.',
} as const;

/** A failure decided by the client, e.g. a success answer without a token. */
export class AuthError extends Error {
  override name = 'AuthError';
}

export type Failure =
  /** The server answered with an error status (and maybe a message). */
  | { kind: 'server'; status: number; message: string | undefined }
  /** No answer: offline, connection dropped or timed out. */
  | { kind: 'network' }
  /** The client refused the answer. */
  | { kind: 'client'; message: string }
  | { kind: 'unknown' };

export async function classifyFailure(error: unknown): Promise<Failure> {
  if (error instanceof HTTPError) {
    return { kind: 'server', status: error.response.status, message: serverMessage(error) };
  }
  // No answer at all: ky wraps the fetch failures it recognises in a NetworkError; any other
  // TypeError from fetch (a browser wording ky does not know) means the same.
  if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof TypeError)
    return { kind: 'network' };
  if (error instanceof AuthError) return { kind: 'client', message: error.message };
  return { kind: 'unknown' };
}

/** Spec point 8, OTP request: the server's message, else the catalogue's text for what went wrong. */
export async function otpRequestErrorMessage(error: unknown): Promise<string> {
  const failure = await classifyFailure(error);
  switch (failure.kind) {
    case 'server':
      return failure.message ?? AUTH_ERRORS.otpRequestFailed;
    case 'network':
      return AUTH_ERRORS.network;
    case 'client':
      return failure.message;
    case 'unknown':
      return AUTH_ERRORS.unknown;
  }
}

/** Spec point 8, OTP verification: the server's message, else the catalogue's text. */
export async function verifyErrorMessage(error: unknown): Promise<string> {
  const failure = await classifyFailure(error);
  switch (failure.kind) {
    case 'server':
      return failure.message ?? AUTH_ERRORS.verificationFailed;
    case 'network':
      return AUTH_ERRORS.verificationNoResponse;
    case 'client':
      return failure.message;
    case 'unknown':
      return AUTH_ERRORS.verificationUnknown;
  }
}

/**
 * What the login dialog says when a code is not accepted: a wrong code is always 'Invalid OTP.
 * Please try again.'; no answer at all says so, since the code may still be right.
 */
export async function loginVerifyMessage(
  error: unknown,
): Promise<{ message: string; network: boolean; codeEnded: boolean }> {
  const failure = await classifyFailure(error);
  if (failure.kind === 'network') return { message: AUTH_ERRORS.network, network: true, codeEnded: false };
  const status = failure.kind === 'server' ? failure.status : undefined;
  if (status === 401) return { message: AUTH_ERRORS.invalidOtp, network: false, codeEnded: false };
  // 410: expired or already used; 429: too many wrong tries. Only a new code helps.
  return { message: await verifyErrorMessage(error), network: false, codeEnded: status === 410 || status === 429 };
}
