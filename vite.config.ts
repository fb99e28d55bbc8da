import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { build as viteBuild, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const API_ORIGIN = process.env.API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Names this build: the persisted query cache of another build is not restored (its data may be
 * shaped differently). BUILD_ID overrides it; else the package version and the git commit.
 */
function buildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
    return `${version}-${commit}`;
  } catch {
    return version;
  }
}
process.env.VITE_BUILD_ID ??= buildId();

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

const SHELL_MARK = '<div id="root"></div>';

/** Where the server build of a client build goes: beside it, never inside the served files. */
function serverBuildDir(outDir: string): string {
  return `${outDir}-server`;
}

/**
 * Renders the app shell (src/shell.tsx: skip link, header, empty main) into index.html's root at
 * build time, so a first or offline visit paints the real header before any script has run. A
 * server-side build of the shell runs in a child process (the persisted atoms open
 * BroadcastChannels that would keep this one alive); vanilla-extract names classes from the file
 * path in both builds, so the shell's classes are the ones in the client's stylesheets.
 */
function prerenderShell(): Plugin {
  let root = process.cwd();
  let serverDir = '';
  // Built beside, and put in place only once the client is written: a server never pairs a new
  // renderer with an older client (their class names and stylesheets must match).
  const nextDir = () => `${serverDir}.next`;
  return {
    name: 'storefront:prerender-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      serverDir = serverBuildDir(path.resolve(config.root, config.build.outDir));
    },
    writeBundle: {
      sequential: true,
      handler() {
        rmSync(serverDir, { recursive: true, force: true });
        renameSync(nextDir(), serverDir);
      },
    },
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!html.includes(SHELL_MARK)) throw new Error(`index.html has no ${SHELL_MARK} to render the shell into`);
        // One server build for the shell (rendered here) and the page renderer the server runs
        // (src/ssr.tsx, decision 015). Self-contained, so that it runs wherever the build goes.
        await viteBuild({
          configFile: false,
          root,
          logLevel: 'warn',
          mode: 'production',
          plugins: [react(), vanillaExtractPlugin()],
          ssr: { noExternal: true },
          publicDir: false,
          build: {
            ssr: true,
            rollupOptions: { input: { shell: 'src/shell.tsx', ssr: 'src/ssr.tsx' } },
            outDir: nextDir(),
            emptyOutDir: true,
            minify: false,
            sourcemap: false,
          },
        });
        const entry = pathToFileURL(path.join(nextDir(), 'shell.js')).href;
        const shell = execFileSync(
          process.execPath,
          [
            '--input-type=module',
            '-e',
            `const { renderShell } = await import(${JSON.stringify(entry)}); process.stdout.write(await renderShell()); process.exit(0);`,
          ],
          { cwd: root, encoding: 'utf8' },
        );
        // Marked not yet usable until React replaces it (decision 015), as a server-rendered page is.
        return html.replace(
          SHELL_MARK,
          `<div id="root"><div data-prerendered aria-disabled="true">${shell}</div></div>`,
        );
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
    prerenderShell(),
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    vanillaExtractPlugin(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The glob below already finds the icons; listing them twice would precache them twice.
      includeManifestIcons: false,
      registerType: 'prompt',
      manifest: {
        id: '/',
        name: 'QuickCart — groceries in minutes',
        short_name: 'QuickCart',
        description: 'Groceries, fruits, vegetables and daily essentials delivered in minutes.',
        lang: 'en-IN',
        dir: 'ltr',
        categories: ['shopping', 'food'],
        theme_color: '#0c831f',
        background_color: '#ffffff',
        display: 'standalone',
        orientation: 'any',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
        // Made by scripts/pwa-assets.mjs from a running store.
        screenshots: [
          {
            src: '/screenshots/home-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'The QuickCart home page on a phone',
          },
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'The QuickCart home page on a computer',
          },
        ],
        shortcuts: [
          {
            name: 'Cart',
            short_name: 'Cart',
            description: 'Open your cart',
            url: '/?cart=open',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'My Orders',
            short_name: 'Orders',
            description: 'See your orders and their status',
            url: '/account/orders',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
      },
      injectManifest: {
        // The plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Store screenshots are for install sheets only; they need not take space on every phone.
        globIgnores: ['screenshots/**'],
      },
      devOptions: { enabled: false },
    }),
    precompress(),
  ],
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
                ) &&
                libraries.has(id) &&
                !/query-core[\\/].*hydration/.test(id),
            },
            {
              // The app's own helpers that the first screen and lazy chunks share: one chunk
              // instead of a handful of tiny ones, each costing a request and gzip overhead.
              name: 'shared',
              test: (id: string) => /[\\/]src[\\/](lib|components|styles)[\\/]/.test(id) && libraries.has(id),
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
