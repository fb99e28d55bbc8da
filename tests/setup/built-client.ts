import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { clientBuildIsStale, root } from '../../scripts/lib.mjs';

/**
 * The built client for tests that read the build: DIST_DIR, or dist/ when it is up to date, or
 * else a fresh build in a temporary directory (named after `purpose`).
 */
export async function builtClient(purpose: string): Promise<string> {
  if (process.env.DIST_DIR) return path.resolve(process.env.DIST_DIR);
  if (!(clientBuildIsStale as () => boolean)()) return path.join(root as string, 'dist');
  const dist = mkdtempSync(path.join(tmpdir(), `storefront-${purpose}-build-`));
  const { build } = await import('vite');
  await build({ root: root as string, logLevel: 'warn', build: { outDir: dist, emptyOutDir: true } });
  return dist;
}
