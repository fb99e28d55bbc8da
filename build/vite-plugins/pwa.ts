import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

import { webManifest } from '../manifest.ts';

/** Vite's build manifest (`build.manifest`), as much of it as the precache needs. */
export type BuildManifest = Record<
  string,
  { file: string; css?: string[]; assets?: string[]; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
>;

/**
 * Routes only staff open: the store console (issue 18). A shopper's phone never runs them, so
 * their code is not precached; the console fetches it from the server (the server keeps it
 * cacheable for a year by its hashed name), and it needs the server for everything else anyway.
 */
export const STAFF_ROUTES = ['src/routes/ops.$.tsx'];

/**
 * The files (scripts and stylesheets) that only staff routes load: reached from a staff route's
 * chunks and from no other chunk reached from the entry without passing through one.
 */
export function staffOnlyFiles(manifest: BuildManifest, staffRoutes: readonly string[] = STAFF_ROUTES): Set<string> {
  const isStaff = (key: string) => staffRoutes.includes(key.split('?')[0]!);
  const next = (key: string) => [...(manifest[key]?.imports ?? []), ...(manifest[key]?.dynamicImports ?? [])];
  const reach = (starts: string[], skip: (key: string) => boolean) => {
    const seen = new Set<string>();
    const stack = [...starts];
    while (stack.length > 0) {
      const key = stack.pop()!;
      if (seen.has(key) || skip(key)) continue;
      seen.add(key);
      stack.push(...next(key));
    }
    return seen;
  };
  const filesOf = (keys: Set<string>) =>
    new Set(
      [...keys].flatMap((key) => [
        manifest[key]!.file,
        ...(manifest[key]!.css ?? []),
        ...(manifest[key]!.assets ?? []),
      ]),
    );
  const entries = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  const shopper = filesOf(reach(entries, isStaff));
  const staff = filesOf(reach(Object.keys(manifest).filter(isStaff), () => false));
  return new Set([...staff].filter((file) => !shopper.has(file)));
}

/** The service worker (sw/sw.ts, built with its precache list injected) and the web manifest. */
export function pwa(): Plugin[] {
  let outDir = 'dist';
  return [
    {
      name: 'quickcart:pwa-out-dir',
      apply: 'build',
      configResolved(config) {
        outDir = path.resolve(config.root, config.build.outDir);
      },
    },
    ...VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      // The glob below already finds the icons; listing them twice would precache them twice.
      includeManifestIcons: false,
      registerType: 'prompt',
      manifest: webManifest,
      injectManifest: {
        // The plugin adds manifest.webmanifest itself.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Store screenshots are for install sheets only; they need not take space on every phone.
        globIgnores: ['screenshots/**'],
        // Runs once the client's files and Vite's manifest are written.
        manifestTransforms: [
          (entries) => {
            const manifest = JSON.parse(
              readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
            ) as BuildManifest;
            const staffOnly = staffOnlyFiles(manifest);
            return { manifest: entries.filter((entry) => !staffOnly.has(entry.url)), warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ];
}
