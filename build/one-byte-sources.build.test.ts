// @vitest-environment node
/**
 * The server's bundle and the page renderer's keep to Latin-1: V8 stores a script's source one
 * byte a character only then, and keeps it for the script's life (decision 050, session 21).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { root, serverBuildIsStale } from '../scripts/lib.mjs';
import { builtClient } from '../tests/setup/built-client';

let serverDir = '';
/** A server build of this test's own, removed afterwards. */
let ownBuild = false;
let rendererDir = '';

beforeAll(async () => {
  // The renderer is built with the client, beside it (build/vite-plugins/prerender-shell.ts).
  rendererDir = `${await builtClient()}-server`;
  if (!(serverBuildIsStale as () => boolean)()) serverDir = path.join(root as string, 'dist-node');
  else {
    serverDir = mkdtempSync(path.join(tmpdir(), 'storefront-one-byte-server-'));
    ownBuild = true;
    const { build } = await import('vite');
    await build({
      root: root as string,
      configFile: path.join(root as string, 'vite.server.config.ts'),
      logLevel: 'warn',
      build: { outDir: serverDir },
    });
  }
}, 240_000);

afterAll(() => {
  if (ownBuild) rmSync(serverDir, { recursive: true, force: true });
});

/** The characters of `file` past Latin-1: how many, and what surrounds the first. */
function wideCharacters(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  let count = 0;
  let first = -1;
  for (let index = 0; index < source.length; index++) {
    if (source.charCodeAt(index) <= 0xff) continue;
    count++;
    if (first < 0) first = index;
  }
  if (count === 0) return [];
  return [`${count} in ${path.basename(file)}, first: …${source.slice(Math.max(0, first - 40), first + 10)}…`];
}

describe('the server-side bundles', () => {
  it('hold no character past Latin-1', () => {
    const scripts = [
      ...readdirSync(serverDir)
        .filter((name) => name.endsWith('.js'))
        .map((name) => path.join(serverDir, name)),
      path.join(rendererDir, 'shell.js'),
      path.join(rendererDir, 'ssr.js'),
    ];
    expect(scripts.length).toBeGreaterThan(5);
    expect(scripts.flatMap(wideCharacters)).toEqual([]);
  });
});
