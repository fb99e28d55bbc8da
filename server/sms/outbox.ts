import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';

import type { SmsLog, SmsMessage, SmsSender } from './types';

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
 *
 * The line is appended synchronously: one small write to the page cache takes microseconds,
 * while the promise API hands every write to the thread pool and back, which under load costs the
 * request more than the write itself. One write call per line in append mode, so lines never
 * interleave, and the line is in the file when the request is answered.
 */
export function createOutboxSender({ dataDir, log, echo, now = () => new Date() }: OutboxOptions): SmsSender {
  const file = path.join(dataDir, OUTBOX_FILE);
  let ready = false;
  return {
    name: 'outbox',
    async send({ to, text, vars }: SmsMessage, requestLog: SmsLog = log) {
      if (!ready) {
        mkdirSync(dataDir, { recursive: true });
        ready = true;
      }
      appendFileSync(file, JSON.stringify({ to, text, at: now().toISOString() }) + '\n');
      const line = vars?.otp ? `OTP for ${to}: ${vars.otp}` : `SMS for ${to}: ${text}`;
      requestLog.info({ to }, line);
      if (echo) console.log(line);
    },
  };
}
