import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz beside every compressible file of the build, once, at maximum quality,
 * so the server sends them as they are instead of compressing on every request.
 */
function precompress(): Plugin {
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
      handler() {
        const walk = (dir: string): string[] =>
          readdirSync(dir).flatMap((name) => {
            const file = path.join(dir, name);
            return statSync(file).isDirectory() ? walk(file) : [file];
          });
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|json|webmanifest|txt)$/.test(file)) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * Finds the library modules the entry imports statically: the code every page needs before it
 * can render. Only those go into the long-cached `vendor` chunk; library code that only lazy
 * chunks use (mutations, the map, persistence) stays with those chunks instead of weighing on
 * the first load.
 */
function initialLibraries(): { plugin: Plugin; has: (id: string) => boolean } {
  const initial = new Set<string>();
  const plugin: Plugin = {
    name: 'storefront:initial-libraries',
    apply: 'build',
    buildEnd() {
      initial.clear();
      const queue = [...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry);
      while (queue.length > 0) {
        const id = queue.pop()!;
        if (initial.has(id)) continue;
        initial.add(id);
        queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, has: (id) => initial.has(id) };
}

const libraries = initialLibraries();

export default defineConfig({
  plugins: [
    libraries.plugin,
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      manifest: {
        name: 'QuickCart — groceries in minutes',
        short_name: 'QuickCart',
        description: 'Groceries, fruits, vegetables and daily essentials delivered in minutes.',
        lang: 'en-IN',
        theme_color: '#0c831f',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // bench/page-weight.ts reads it to find what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // The libraries every page needs travel as one long-cached chunk: fewer requests, and
        // one gzip stream compresses better than a dozen small ones. Library code that only
        // lazy chunks use is left out of it (see initialLibraries).
        advancedChunks: {
          groups: [
            {
              name: 'vendor',
              test: (id: string) =>
                /node_modules[\\/](react|react-dom|scheduler|@tanstack|jotai|ky|idb-keyval|use-sync-external-store)[\\/]/.test(
                  id,
                ) && libraries.has(id),
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': API_ORIGIN,
      '/images': API_ORIGIN,
      '/healthz': API_ORIGIN,
      '/readyz': API_ORIGIN,
    },
  },
});
