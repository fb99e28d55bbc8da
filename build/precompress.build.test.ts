// @vitest-environment node
/**
 * The build's precompressed copies (build/vite-plugins/precompress.ts), as the server sends them
 * to a browser that asks for gzip or brotli: each is its file's bytes, and the gzip copy is no
 * larger than zlib's best.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';

import { beforeAll, describe, expect, it } from 'vitest';

import { builtClient } from '../tests/setup/built-client';
import { filesUnder } from './vite-plugins/precompress';

let dist = '';
beforeAll(async () => {
  dist = await builtClient();
}, 180_000);

describe('the precompressed copies of the built client', () => {
  it('are there for every script and stylesheet of 1 KB or more, and hold its exact bytes', () => {
    const sources = filesUnder(dist).filter((file) => /\.(js|css)$/.test(file) && statSync(file).size >= 1024);
    expect(sources.length).toBeGreaterThan(20);
    for (const file of sources) {
      const content = readFileSync(file);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(content), `${file}.gz`).toBe(true);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(content), `${file}.br`).toBe(true);
    }
  });

  it("compress the scripts smaller than zlib's level 9 does (Zopfli, decision 068)", () => {
    const scripts = filesUnder(path.join(dist, 'assets')).filter(
      (file) => /\.js$/.test(file) && statSync(file).size >= 8192,
    );
    let zopfli = 0;
    let zlib = 0;
    for (const file of scripts) {
      const gzip = statSync(`${file}.gz`).size;
      const best = gzipSync(readFileSync(file), { level: 9 }).length;
      expect(gzip, file).toBeLessThanOrEqual(best);
      zopfli += gzip;
      zlib += best;
    }
    // Zopfli saves 3-4 % on this build's scripts; zlib at level 9 would save nothing.
    expect(zopfli).toBeLessThan(zlib * 0.98);
  });
});
