/**
 * The SMS the server has "sent": outside production the outbox adapter appends each one as a
 * JSON line to DATA_DIR/sms-outbox.jsonl, and tests and benchmarks read codes from there as a
 * shopper reads them from the phone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { OUTBOX_FILE } from '../../server/sms/outbox';

export interface OutboxMessage {
  /** The number with its country code (`+919876543210`). */
  to: string;
  text: string;
  at: string;
}

/** Every message in the outbox of `dataDir`, oldest first (none before the first SMS). */
export function readOutbox(dataDir: string): OutboxMessage[] {
  let raw: string;
  try {
    raw = readFileSync(path.join(dataDir, OUTBOX_FILE), 'utf8');
  } catch {
    return [];
  }
  return raw
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/** The code in an OTP SMS, from its last line (the WebOTP line `@host #123456`). */
export const otpIn = (text: string): string | undefined => /#(\d{6})\s*$/.exec(text)?.[1];

/**
 * The code of the newest SMS to `mobile` (ten digits, no country code) after the first `since`
 * messages of the outbox; undefined while there is none.
 */
export function latestOtp(dataDir: string, mobile: string, since = 0): string | undefined {
  const message = readOutbox(dataDir)
    .slice(since)
    .findLast((m) => m.to === `+91${mobile}`);
  return message && otpIn(message.text);
}
