import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

import { buildId } from './build/build-id.ts';
import { firstLoadChunkGroups, initialLibraries } from './build/vite-plugins/initial-libraries.ts';
import { precompress } from './build/vite-plugins/precompress.ts';
import { prerenderShell } from './build/vite-plugins/prerender-shell.ts';
import { pwa } from './build/vite-plugins/pwa.ts';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

process.env.VITE_BUILD_ID ??= buildId();

const libraries = initialLibraries();

export default defineConfig({
  plugins: [
    libraries.plugin,
    prerenderShell(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    pwa(),
    precompress(),
  ],
  resolve: {
    alias: [
      {
        // TanStack Store imports the shim of useSyncExternalStore, for React before 18. React 19
        // has the hook, and the shim would only hand it back: take the same package's entry for
        // React 18+, which uses React's hook directly (~400 B gzip off `/`, decision 021).
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  build: {
    target: 'es2022',
    // The modulepreload polyfill only helps browsers without <link rel=modulepreload> (Safari
    // before 17), where the page still loads, one import level at a time. It cost ~400 B of `/`
    // and a MutationObserver looking at every node React adds, for the life of the page.
    modulePreload: { polyfill: false },
    sourcemap: true,
    // bench/page-weight.ts reads it to find what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        // V8's explicit compile hint (Chrome 136+, ignored elsewhere): compile every function of
        // the libraries' chunk as it streams in, on a background thread, instead of each one on
        // the main thread the first time the start calls it. The first load calls most of them
        // (React's hydration, the router, the query cache); the main thread's compile time on a
        // first visit about halves (decision 062). After minifying, where the comment survives.
        postBanner: (chunk) => (chunk.name === 'vendor' ? '//# allFunctionsCalledOnLoad' : ''),
        codeSplitting: { groups: firstLoadChunkGroups(libraries.has) },
        chunkFileNames: (chunk) => (chunk.name === 'vendor' ? 'assets/vendor-[hash].js' : 'assets/[hash].js'),
        assetFileNames: 'assets/[hash][extname]',
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
