import { chromium } from 'playwright';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ serviceWorkers: 'block' });
const page = await ctx.newPage();
await page.addInitScript(() => document.addEventListener('DOMContentLoaded', () => { window.__kids = [...document.querySelector('[data-prerendered]').childNodes].map(n => n.nodeName + (n.nodeType===8? ':'+n.data:'')); }));
await page.goto('http://localhost:' + process.argv[2] + '/');
await page.waitForTimeout(2000);
console.log(await page.evaluate(() => window.__kids), await page.evaluate(() => [...document.querySelector('[data-prerendered]').childNodes].map(n => n.nodeName + (n.nodeType===8? ':'+n.data:''))));
await browser.close();
