import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';

import { createOutboxSender } from './outbox';

// The adapter only logs at info.
const fakeLogger = () => ({ info: vi.fn() }) as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn> };
const silent = fakeLogger();
const at = new Date('2026-01-10T10:00:00.000Z');

describe('the outbox SMS adapter', () => {
  it('appends one JSON line per message to DATA_DIR/sms-outbox.jsonl', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'storefront-outbox-')), 'nested');
    const sender = createOutboxSender({ dataDir, log: silent, echo: false, now: () => at });
    await sender.send({ to: '+919876543210', text: 'first', vars: { otp: '123456' } });
    await Promise.all([
      sender.send({ to: '+919876543211', text: 'second' }),
      sender.send({ to: '+919876543212', text: 'third' }),
    ]);
    const lines = readFileSync(path.join(dataDir, 'sms-outbox.jsonl'), 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ to: '+919876543210', text: 'first', at: '2026-01-10T10:00:00.000Z' });
    expect(lines.map((l) => l.text).sort()).toEqual(['first', 'second', 'third']);
  });

  it('logs the code, and prints it for a person running the store in development', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-outbox-'));
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const logger = fakeLogger();
    const info = logger.info;
    await createOutboxSender({ dataDir, log: logger, echo: true }).send({
      to: '+919876543210',
      text: 'Your QuickCart code is 123456.',
      vars: { otp: '123456' },
    });
    expect(info).toHaveBeenCalledWith({ to: '+919876543210' }, 'OTP for +919876543210: 123456');
    expect(log).toHaveBeenCalledWith('OTP for +919876543210: 123456');

    log.mockClear();
    await createOutboxSender({ dataDir, log: logger, echo: false }).send({
      to: '+919876543210',
      text: 'x',
      vars: { otp: '1' },
    });
    expect(log).not.toHaveBeenCalled();
  });
});
