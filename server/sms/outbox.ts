import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { SmsMessage, SmsSender } from './types';

export const OUTBOX_FILE = 'sms-outbox.jsonl';

export interface OutboxOptions {
  dataDir: string;
  log: FastifyBaseLogger;
  /** Also print the code line on the terminal, for a person running the store locally. */
  echo: boolean;
  now?: () => Date;
}

/**
 * The offline default outside production: each message becomes one JSON line in
 * DATA_DIR/sms-outbox.jsonl (browser tests read codes from it) and the code goes to the log.
 */
export function createOutboxSender({ dataDir, log, echo, now = () => new Date() }: OutboxOptions): SmsSender {
  const file = path.join(dataDir, OUTBOX_FILE);
  let ready: Promise<unknown> | undefined;
  return {
    name: 'outbox',
    async send({ to, text, vars }: SmsMessage) {
      ready ??= mkdir(dataDir, { recursive: true });
      await ready;
      // One write of one line in append mode, so lines of concurrent requests never interleave.
      await appendFile(file, JSON.stringify({ to, text, at: now().toISOString() }) + '\n');
      const line = vars?.otp ? `OTP for ${to}: ${vars.otp}` : `SMS for ${to}: ${text}`;
      log.info({ to }, line);
      if (echo) console.log(line);
    },
  };
}
