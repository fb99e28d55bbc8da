/** Sign-in constants (spec point 9) and the dialog's fixed texts. */

/** OTP length. */
export const OTP_LENGTH = 6;
/** Seconds before another code may be requested. */
export const RESEND_WAIT_SECONDS = 30;
/** The success message stays this long before the dialog closes and the redirect happens. */
export const SUCCESS_REDIRECT_MS = 2000;
/** The logout flow shows the full-screen loader this long before signing out. */
export const LOGOUT_DELAY_MS = 2000;
/** Renew the session this long before the token expires. */
export const REFRESH_AHEAD_MS = 60_000;

export const LOGIN_TEXT = {
  success: 'Login successful! Redirecting...',
  resend: 'Resend OTP',
  /** 'Resend OTP in 0:29' */
  resendIn: (clock: string) => `Resend OTP in ${clock}`,
} as const;
