/**
 * What the store console's browser tests share: the command line as an operator runs it, a
 * server whose data directory the command line prepared (staff, stock), and signing in at /ops.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import type { Product } from '../../server/schemas/product';
import { repoRoot, startServer, type ServerProcess } from '../support/server-process';
import { expect, SERVER_START_MS, signInWith } from './fixtures';

/** `npm run ops -- ...` as an operator runs it, with the server stopped (PGlite is one process). */
export function ops(dataDir: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/ops/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`ops ${args.join(' ')} failed:\n${run.stdout}\n${run.stderr}`);
  return run.stdout.trim();
}

/** Adds a member of staff with the command line and checks it said so. */
export function addStaff(dataDir: string, mobile: string, role: 'picker' | 'manager' | 'admin', store?: string) {
  const args = ['staff:add', mobile, '--role', role, ...(store === undefined ? [] : ['--store', store])];
  expect(ops(dataDir, ...args)).toContain('can sign in at /ops');
}

/** The dark stores as `stores:list` prints them (`label`: the city and the store's name). */
export function listStores(dataDir: string): { id: string; label: string; latitude: number; longitude: number }[] {
  return ops(dataDir, 'stores:list')
    .split('\n')
    .flatMap((line) => {
      const match = /^\s*(\d+)\s+(.*?)\s+(-?\d+\.\d+), (-?\d+\.\d+)\s+radius/.exec(line);
      return match
        ? [{ id: match[1]!, label: match[2]!, latitude: Number(match[3]), longitude: Number(match[4]) }]
        : [];
    });
}

/**
 * A worker's server for console tests: started once on a fresh data directory to migrate and
 * seed it, stopped so that `prepare` can run the command line (staff, stock; it gets the home
 * feed the seeded server answered), started again; stopped and removed when `use` ends.
 */
export async function withPreparedServer(
  prefix: string,
  prepare: (dataDir: string, homeFeed: Product[]) => void,
  use: (server: ServerProcess) => Promise<void>,
) {
  const dataDir = mkdtempSync(path.join(tmpdir(), `storefront-e2e-${prefix}-`));
  try {
    const seeding = await startServer({ dataDir, readyTimeoutMs: 2 * SERVER_START_MS });
    let homeFeed: Product[];
    try {
      homeFeed = (await (await fetch(`${seeding.url}/api?limit=24`)).json()) as Product[];
    } finally {
      await seeding.stop();
    }
    prepare(dataDir, homeFeed);
    const server = await startServer({ dataDir, readyTimeoutMs: 2 * SERVER_START_MS });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Signs in at the console's sign-in screen (the page must be on /ops, signed out). */
export async function signInToConsole(page: Page, dataDir: string, mobile: string) {
  await page.getByRole('main').getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  await signInWith(page, dataDir, mobile);
}
