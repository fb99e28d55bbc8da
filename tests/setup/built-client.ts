import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { clientBuildIsStale, clientInputsChangedAt, root } from '../../scripts/lib.mjs';

/** Longer than a build takes on a busy 2-core machine: a lock this old was left by a crash. */
const ABANDONED_LOCK_MS = 5 * 60_000;

const PREFIX = 'storefront-test-build-';

/** Builds of earlier sources, unused for an hour: each is several MB of the temporary directory. */
function removeOlderBuilds(current: string) {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(PREFIX) || name.startsWith(current)) continue;
    const dir = path.join(tmpdir(), name);
    if (Date.now() - statSync(dir).mtimeMs > 60 * 60_000) rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The built client for tests that read the build: DIST_DIR, or dist/ when it is up to date, or
 * else a build in a temporary directory named after the sources' last change, shared by every
 * test file that asks (the first builds it under a lock, the others wait for it) and by later
 * runs until a source changes.
 */
export async function builtClient(): Promise<string> {
  if (process.env.DIST_DIR) return path.resolve(process.env.DIST_DIR);
  if (!clientBuildIsStale()) return path.join(root, 'dist');
  const dist = path.join(tmpdir(), `${PREFIX}${Math.floor(clientInputsChangedAt())}`);
  const built = path.join(dist, '.complete');
  const lock = `${dist}.lock`;
  for (;;) {
    if (existsSync(built)) return dist;
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > ABANDONED_LOCK_MS)
        rmSync(lock, { recursive: true });
      await sleep(250);
    }
  }
  try {
    if (existsSync(built)) return dist;
    const { build } = await import('vite');
    await build({ root, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
    writeFileSync(built, '');
    removeOlderBuilds(path.basename(dist));
    return dist;
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
