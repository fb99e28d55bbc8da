import type { OtpRequested } from './api/request-otp';
import { RESEND_WAIT_SECONDS } from './constants';

/** A code sent: for which number, until when it works and when another may be asked for. */
export interface Challenge extends OtpRequested {
  for: string;
  expiresAt: number;
  resendAt: number;
  /** False once the server has said the code expired or had too many wrong tries. */
  usable: boolean;
}

export function toChallenge(mobile: string, requested: OtpRequested, now = Date.now()): Challenge {
  return {
    ...requested,
    for: mobile,
    expiresAt: now + requested.expiresIn * 1000,
    resendAt: now + (requested.resendIn || RESEND_WAIT_SECONDS) * 1000,
    usable: true,
  };
}

/** What a login step says went wrong. */
export interface Problem {
  message: string;
  /** No answer from the server: worth trying again by itself once the connection is back. */
  network: boolean;
}

/**
 * The problem to show, if any. A failure for want of a connection while the browser is offline
 * is not shown: the dialog already says signing in needs a connection and will carry on by itself
 * (and it does), so 'Network error. Please try again.' beside it contradicted it.
 */
export const visibleProblem = (problem: Problem | null, online: boolean): Problem | null =>
  problem && problem.network && !online ? null : problem;
