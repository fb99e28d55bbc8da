import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

import type { Plugin } from 'vite';

import { writeGzipCopies } from '../gzip.ts';

/** Every file under `dir`, in its subdirectories too. */
export const filesUnder = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });

/**
 * Writes .br and .gz beside every compressible file of the build, once, at maximum quality
 * (brotli 11, Zopfli for gzip), so the server sends them as they are instead of compressing on
 * every request.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'storefront:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const files = filesUnder(outDir).filter(
          (file) => /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file) && statSync(file).size >= 1024,
        );
        // Zopfli on threads of its own while brotli runs here.
        const gzipped = writeGzipCopies(files);
        for (const file of files) {
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(readFileSync(file), { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
        await gzipped;
      },
    },
  };
}
