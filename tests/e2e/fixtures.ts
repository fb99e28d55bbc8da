import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { test as base, expect, type Page } from '@playwright/test';

export interface StoreServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
}

/** Starts the real server (built client, embedded database, fresh data directory) on a free port. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<StoreServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start in time:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Storefront ready at (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${output}`));
    });
  });
  return { url, dataDir, process: child };
}

export async function stopServer(server: StoreServer, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill(signal);
  await exited;
}

export interface ConsoleGuard {
  /** Lets console errors matching this pattern pass (e.g. the 404 a not-found page causes). */
  allow(pattern: RegExp): void;
}

interface OutboxMessage {
  to: string;
  text: string;
  at: string;
}

/** The SMS the server has "sent" so far (the outbox adapter's file in the data directory). */
export function readOutbox(dataDir: string): OutboxMessage[] {
  const file = path.join(dataDir, 'sms-outbox.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * The code of the newest SMS to `mobile` after the first `since` messages of the outbox,
 * waiting for it to arrive. The SMS ends with the WebOTP line `@host #123456`.
 */
export async function waitForOtp(dataDir: string, mobile: string, since = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      () => {
        const message = readOutbox(dataDir)
          .slice(since)
          .findLast((m) => m.to === `+91${mobile}`);
        code = message && /#(\d{6})\s*$/.exec(message.text)?.[1];
        return code;
      },
      { message: `an OTP SMS to +91${mobile}` },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}

/**
 * Signs in through the login dialog as a shopper would: opens it from the header unless it is
 * already open, types the number, reads the code from the SMS outbox and types it in.
 */
export async function signInWith(page: Page, dataDir: string, mobile: string) {
  const phoneStep = page.getByRole('dialog', { name: 'Log in or sign up' });
  if (!(await phoneStep.isVisible())) await page.getByRole('banner').getByRole('button', { name: 'Login' }).click();
  const since = readOutbox(dataDir).length;
  await phoneStep.getByLabel('Mobile number').fill(mobile);
  await phoneStep.getByRole('button', { name: 'Continue' }).click();
  const code = await waitForOtp(dataDir, mobile, since);
  const otpStep = page.getByRole('dialog', { name: 'OTP Verification' });
  await otpStep.getByRole('textbox', { name: 'Digit 1 of 6' }).pressSequentially(code);
  await otpStep.getByRole('button', { name: 'Verify' }).click();
  await expect(otpStep.getByRole('status')).toHaveText('Login successful! Redirecting...');
  await expect(otpStep).toBeHidden();
}

export const test = base.extend<
  {
    consoleGuard: ConsoleGuard;
    /** Signs `page` in with `mobile` (use a number of its own per test: OTP limits are per number). */
    signIn: (page: Page, mobile: string) => Promise<void>;
  },
  { server: StoreServer }
>({
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form.
    async ({}, use) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-e2e-'));
      const server = await startServer(dataDir);
      await use(server);
      await stopServer(server);
      rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  signIn: async ({ server }, use) => use((page, mobile) => signInWith(page, server.dataDir, mobile)),
  // Any console error or uncaught exception on the page fails the test.
  consoleGuard: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)));
      expect(unexpected, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
