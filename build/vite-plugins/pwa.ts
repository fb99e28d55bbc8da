import { VitePWA } from 'vite-plugin-pwa';

import { webManifest } from '../manifest.ts';

/** The service worker (sw/sw.ts, built with its precache list injected) and the web manifest. */
export function pwa() {
  return VitePWA({
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
    },
    devOptions: { enabled: false },
  });
}
