// Draws the install icons and the store screenshots the web app manifest lists, with Chromium
// (playwright-core). Run by hand when the logo or the look of the store changes; the PNGs are
// committed so the build never needs a browser.
//
//   npx node scripts/pwa-assets.mjs                  icons only, from public/favicon.svg
//   STORE_URL=http://127.0.0.1:3000 npx node scripts/pwa-assets.mjs --screenshots
//                                                    also screenshots of a running store
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { chromium } from 'playwright-core';

import { chromiumPath } from './chromium.mjs';
import { requirePinnedNode, root } from './lib.mjs';

requirePinnedNode();

const publicDir = path.join(root, 'public');
const logo = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');
const BRAND = '#0c831f';

/**
 * `any` icons are the rounded logo on transparent ground; maskable ones fill the square with the
 * brand colour and keep the cart inside the central 80 % safe zone, since launchers crop them
 * to a circle or a squircle.
 */
const icons = [
  { file: 'icons/icon-192.png', size: 192, maskable: false },
  { file: 'icons/icon-512.png', size: 512, maskable: false },
  { file: 'icons/icon-maskable-192.png', size: 192, maskable: true },
  { file: 'icons/icon-maskable-512.png', size: 512, maskable: true },
  // iOS ignores the manifest's icons and rounds the corners itself: a full square.
  { file: 'icons/apple-touch-icon.png', size: 180, maskable: true },
];

const iconPage = (size, maskable) => {
  const inner = maskable ? Math.round(size * 0.72) : size;
  const svg = maskable ? logo.replace(/<rect [^>]*\/>/, '') : logo;
  return `<!doctype html><html><body style="margin:0;background:${maskable ? BRAND : 'transparent'}">
<div style="width:${size}px;height:${size}px;display:grid;place-items:center">
<div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
</div></body></html>`;
};

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--headless'] });
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(iconPage(size, maskable));
    await page.screenshot({ path: path.join(publicDir, file), omitBackground: !maskable });
    await page.close();
    console.log(`wrote public/${file}`);
  }

  if (process.argv.includes('--screenshots')) {
    const url = process.env.STORE_URL ?? 'http://127.0.0.1:3000';
    const shots = [
      { file: 'screenshots/home-narrow.png', viewport: { width: 390, height: 844 } },
      { file: 'screenshots/home-wide.png', viewport: { width: 1280, height: 800 } },
    ];
    for (const { file, viewport } of shots) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: 1, serviceWorkers: 'block' });
      await page.goto(url);
      await page.getByRole('heading').first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(publicDir, file) });
      await page.close();
      console.log(`wrote public/${file}`);
    }
  }
} finally {
  await browser.close();
}
