import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { clientBuildIsStale, clientInputsChangedAt, root } from '../../scripts/lib.mjs';

const PREFIX = 'storefront-test-build-';
/** Where a build of this checkout's sources, as they are, goes (and is found by the next run). */
const buildDir = () =>
  path.join(
    tmpdir(),
    `${PREFIX}${createHash('sha256')
      .update(`${root}\n${Math.floor(clientInputsChangedAt())}\n${process.env.NODE_ENV ?? ''}`)
      .digest('hex')
      .slice(0, 16)}`,
  );

/** Whether the process that took a lock still runs (a killed run leaves its lock behind). */
function holderAlive(lock: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
  } catch {
    // Taken a moment ago, its id not written yet: alive.
    return true;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Builds not used for a day: several MB of the temporary directory each. */
function removeOldBuilds(current: string) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.startsWith(current)) continue;
    const used = statSync(path.join(tmpdir(), name, '.complete'), { throwIfNoEntry: false });
    if (used && Date.now() - used.mtimeMs > 24 * 60 * 60_000) {
      for (const dir of [name, `${name}-server`]) rmSync(path.join(tmpdir(), dir), { recursive: true, force: true });
    }
  }
}

/**
 * The built client for tests that read the build: DIST_DIR, or dist/ when it is up to date, or
 * else a build in a temporary directory named after this checkout and its sources' last change,
 * shared by every test file that asks (the first builds it under a lock, the others wait for it)
 * and by later runs until a source changes.
 */
export async function builtClient(): Promise<string> {
  if (process.env.DIST_DIR) return path.resolve(process.env.DIST_DIR);
  if (!clientBuildIsStale()) return path.join(root, 'dist');
  const dist = buildDir();
  const complete = path.join(dist, '.complete');
  const lock = `${dist}.lock`;
  for (;;) {
    if (existsSync(complete)) {
      const now = new Date();
      utimesSync(complete, now, now);
      return dist;
    }
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(lock)) rmSync(lock, { recursive: true, force: true });
      else await sleep(250);
    }
  }
  try {
    if (!existsSync(complete)) {
      const { build } = await import('vite');
      await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
      writeFileSync(complete, '');
      removeOldBuilds(path.basename(dist));
    }
    return dist;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
