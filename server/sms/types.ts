/** One text message to one Indian mobile number. */
export interface SmsMessage {
  /** +91 and ten digits. */
  to: string;
  text: string;
  /**
   * The template variables of the text, for providers that send a registered (DLT) template
   * rather than free text; `otp` is the one-time code when the message carries one.
   */
  vars?: Record<string, string>;
}

export interface SmsLog {
  info(details: object, message: string): void;
}

export interface SmsSender {
  readonly name: string;
  /**
   * Resolves once the provider accepted the message; rejects with an SmsError otherwise. Logs on
   * `log` when given (the asking request's, so that the line carries its id).
   */
  send(message: SmsMessage, log?: SmsLog): Promise<void>;
}

/**
 * A message the provider did not take: `rejected` when it answered with an error (bad key,
 * template, balance), `unavailable` when it could not be reached or did not answer in time.
 */
export class SmsError extends Error {
  override name = 'SmsError';
  constructor(
    readonly kind: 'rejected' | 'unavailable',
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
