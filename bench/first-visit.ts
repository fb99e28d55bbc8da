/**
 * A first visit on a slow phone, throttled for real (not simulated as Lighthouse does): Chromium
 * with DevTools' network throttling at Lighthouse's "applied" slow-4G values (562.5 ms round
 * trips, 1.47 Mbps down, 675 kbps up) and the CPU 4x slower, no service worker, a new browser
 * context per load. For each page it prints the medians of what the browser itself reports:
 * first contentful paint, largest contentful paint, when the app had taken the page over (the
 * server's page no longer marked `aria-disabled`, decision 044), and the main thread's blocking
 * time from first paint until a second after the app took over: the part over 50 ms of each long
 * task the browser reported, counted from the first paint for one under way then (as Lighthouse
 * counts its TBT, here measured instead of simulated), and the longest task.
 *
 *   npm run build && npm run bench:first-visit -- [--runs 5] [--pages /,dairy,products]
 *
 * The built client served by the real server in its own process, with a fresh data directory.
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from 'playwright-core';

import { startServer } from '../tests/support/server-process';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    /** Only the pages whose path contains one of these, comma separated (`/` is the home page). */
    pages: { type: 'string' },
  },
});
const runs = Math.max(1, Number(args.runs));

/** Lighthouse's devtools ("applied") throttling for its mobile preset. */
const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

const PAGES = [
  { name: '/', url: '/' },
  { name: '/{category}', url: '/dairy-breakfast' },
  { name: '/products/{id}', url: '/products/1' },
];
const wanted = args.pages?.split(',').map((page) => page.trim());
const pages = PAGES.filter(
  (page) => !wanted || wanted.some((part) => (part === '/' ? page.url === '/' : page.url.includes(part))),
);

/** Runs in the page before its own scripts: records the paints and when the app took over. */
const WATCH = `
  window.__firstVisit = { fcp: null, lcp: null, usable: null, tasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__firstVisit.tasks.push([entry.startTime, entry.duration]);
  }).observe({ type: 'longtask', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      if (entry.name === 'first-contentful-paint') window.__firstVisit.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    window.__firstVisit.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const usable = () => {
    if (window.__firstVisit.usable === null && document.querySelector('[data-prerendered]:not([aria-disabled])'))
      window.__firstVisit.usable = performance.now();
  };
  new MutationObserver(usable).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-disabled'] });
`;

type Figures = { fcp: number; lcp: number; usable: number; blocking: number; longest: number };
type Reported = { fcp: number | null; lcp: number | null; usable: number | null; tasks: [number, number][] };

/**
 * Lighthouse's TBT, over what the browser measured: each long task's time over 50 ms after the
 * first paint (a task under way then counts from it), and the longest of those parts.
 */
function blockingTime({ fcp, tasks }: { fcp: number; tasks: [number, number][] }) {
  const after = tasks
    .filter(([start, duration]) => start + duration > fcp)
    .map(([start, duration]) => start + duration - Math.max(start, fcp));
  return {
    blocking: after.reduce((sum, duration) => sum + Math.max(0, duration - 50), 0),
    longest: Math.max(0, ...after),
  };
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-first-visit-'));
const server = await startServer({ dataDir, env: { NODE_ENV: 'development' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
const results: Record<string, Figures & { runs: Figures[] }> = {};
try {
  for (let run = 0; run < runs; run++) {
    for (const page of pages) {
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
        serviceWorkers: 'block',
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await tab.addInitScript({ content: WATCH });
      await tab.goto(new URL(page.url, server.url).href, { waitUntil: 'load', timeout: 120_000 });
      await tab.waitForFunction(() => (window as unknown as { __firstVisit: Reported }).__firstVisit.usable !== null, {
        timeout: 120_000,
      });
      // A later, larger paint still counts until the shopper does something.
      await tab.waitForTimeout(1000);
      const reported = await tab.evaluate(() => (window as unknown as { __firstVisit: Reported }).__firstVisit);
      const { fcp, lcp, usable, tasks } = reported;
      // A paint the browser did not report would count as 0 ms in the medians.
      if (fcp === null || lcp === null)
        throw new Error(`${page.url}: the browser reported no ${fcp === null ? 'FCP' : 'LCP'}`);
      (results[page.name] ??= { fcp: 0, lcp: 0, usable: 0, blocking: 0, longest: 0, runs: [] }).runs.push({
        fcp,
        lcp,
        usable: usable!,
        ...blockingTime({ fcp, tasks }),
      });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
for (const figures of Object.values(results)) {
  figures.fcp = median(figures.runs.map((run) => run.fcp));
  figures.lcp = median(figures.runs.map((run) => run.lcp));
  figures.usable = median(figures.runs.map((run) => run.usable));
  figures.blocking = median(figures.runs.map((run) => run.blocking));
  figures.longest = median(figures.runs.map((run) => run.longest));
}

console.log(
  JSON.stringify(
    {
      benchmark: 'first-visit',
      command: `npm run bench:first-visit -- --runs ${runs}${args.pages ? ` --pages ${args.pages}` : ''}`,
      throttling: { network: NETWORK, cpuSlowdown: CPU_SLOWDOWN },
      medians: Object.fromEntries(
        Object.entries(results).map(([name, { fcp, lcp, usable, blocking, longest }]) => [
          name,
          { fcpMs: fcp, lcpMs: lcp, usableMs: usable, blockingMs: blocking, longestTaskMs: longest },
        ]),
      ),
      runs: Object.fromEntries(
        Object.entries(results).map(([name, { runs: each }]) => [
          name,
          each.map((run) => ({
            fcpMs: Math.round(run.fcp),
            lcpMs: Math.round(run.lcp),
            usableMs: Math.round(run.usable),
            blockingMs: Math.round(run.blocking),
            longestTaskMs: Math.round(run.longest),
          })),
        ]),
      ),
    },
    null,
    2,
  ),
);
