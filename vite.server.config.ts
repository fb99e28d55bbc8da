import { execFileSync } from 'node:child_process';
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';

import { defineConfig, type Plugin } from 'vite';

import { ONE_BYTE_OUTPUT } from './build/one-byte-output.ts';

/**
 * The server built ahead of time into plain JavaScript (decision 022): `npm run build` runs this
 * after the client build, and `npm run serve` / `npm run ops` run the result with `node`, no
 * TypeScript loader. Packages stay imports of node_modules (the production install's
 * `dependencies`); only the server's own code is bundled.
 */
const OUT_DIR = 'dist-node';

/**
 * Files the server reads beside its own module at run time (`import.meta.url`): the migrations
 * (server/db/client.ts), PGlite's thread (server/db/pglite-remote.ts) with the extensions module it
 * imports, and the page renderer's thread (server/ssr/page-renderer.ts); the gazetteer's data file
 * is written there too (writeGazetteer). Every chunk is written flat into OUT_DIR, so each module's
 * `import.meta.url` points there.
 */
const RUNTIME_FILES = [
  'server/db/migrations',
  'server/db/pglite-extensions.mjs',
  'server/db/pglite-initdb.mjs',
  'server/db/pglite-worker.mjs',
  'server/ssr/page-worker.mjs',
];

/**
 * The gazetteer's compact file (decision 027), read beside the server module at run time; made
 * by a script in its own process (it needs the TypeScript loader and the data packages).
 */
function writeGazetteer(outDir: string) {
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build-gazetteer.ts', outDir], { stdio: 'inherit' });
}

function copyRuntimeFiles(): Plugin {
  let outDir = '';
  return {
    name: 'storefront:server-runtime-files',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const source of RUNTIME_FILES) {
        const target = path.join(outDir, path.basename(source));
        rmSync(target, { recursive: true, force: true });
        cpSync(source, target, { recursive: true });
      }
      writeGazetteer(outDir);
    },
  };
}

export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  plugins: [copyRuntimeFiles()],
  build: {
    ssr: true,
    target: 'node24',
    outDir: OUT_DIR,
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      // server/entry.ts turns source maps on, then imports server/server.ts (decision 050).
      input: { server: 'server/entry.ts', ops: 'server/ops/cli.ts' },
      output: {
        // Stack traces need the mappings, not the sources: without them the maps the server
        // reads at start are a third of the size.
        sourcemapExcludeSources: true,
        ...ONE_BYTE_OUTPUT,
        entryFileNames: '[name].js',
        chunkFileNames: '[name]-[hash].js',
      },
    },
  },
});
