import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
for (const url of ['/', '/products/1', '/vegetables-fruits', '/search?q=milk']) {
  const ctx = await browser.newContext({ serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const logs = [];
  page.on('console', (m) => logs.push(m.type() + ': ' + m.text().slice(0, 4000)));
  page.on('pageerror', (e) => logs.push('pageerror: ' + e.message));
  const api = [];
  page.on('request', (r) => { if (r.url().includes('/api/')) api.push(r.url().replace('http://localhost:3101', '')); });
  await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { window.__main = document.querySelector('main'); window.__hdr = document.querySelector('header'); }));
  await page.goto('http://localhost:3101' + url);
  await page.waitForTimeout(3000);
  const r = await page.evaluate(() => ({ pre: !!document.querySelector('[data-prerendered]'), dis: document.querySelector('[data-prerendered]')?.getAttribute('aria-disabled'), sameMain: window.__main === document.querySelector('main'), sameHdr: window.__hdr === document.querySelector('header') }));
  console.log(url, JSON.stringify(r), api, logs);
  await ctx.close();
}
await browser.close();
