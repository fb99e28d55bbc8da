/**
 * Lighthouse (mobile preset: a mid-range phone on a slow 4G link, simulated) for `/`, a category
 * page, a product page and `/checkout` signed in, on the built client served by the real server
 * in its own process with a fresh data directory. Prints one JSON object: the four category
 * scores, FCP, LCP, TBT, CLS, main-thread work and script boot-up for each page.
 *
 *   npm run build && npm run bench:lighthouse -- [--runs 1] [--details] [--save DIR] [--pages products,dairy]
 *
 * Uses Debian's Chromium (/usr/bin/chromium, or CHROME_PATH). Targets: performance >= 95,
 * accessibility 100, best practices 100, SEO >= 95.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

import { startServer } from '../tests/support/server-process';
import { latestOtp } from '../tests/support/sms-outbox';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '1' },
    details: { type: 'boolean', default: false },
    /** A directory to write each run's full report into (`<page>-<run>.json`), to study. */
    save: { type: 'string' },
    /** Only the pages whose path contains one of these, comma separated (`--pages products`; `/` is the home page). */
    pages: { type: 'string' },
  },
});
const runs = Math.max(1, Number(args.runs));

const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Puts cookies into the browser's default profile over the DevTools protocol, where the tab
 * Lighthouse opens next will find them: one `Storage.setCookies` call needs no browser driver.
 */
async function setBrowserCookies(port: number, url: string, cookies: { name: string; value: string }[]) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as {
    webSocketDebuggerUrl: string;
  };
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener('open', resolve, { once: true });
    socket.addEventListener('error', reject, { once: true });
  });
  try {
    const reply = new Promise<{ error?: { message: string } }>((resolve) =>
      socket.addEventListener('message', (event) => resolve(JSON.parse(String(event.data))), { once: true }),
    );
    socket.send(
      JSON.stringify({ id: 1, method: 'Storage.setCookies', params: { cookies: cookies.map((c) => ({ ...c, url })) } }),
    );
    const { error } = await reply;
    if (error) throw new Error(`Storage.setCookies failed: ${error.message}`);
  } finally {
    socket.close();
  }
}

/** Signs in through the API as the storefront does and returns the cookies it sets. */
async function signIn(base: string, dataDir: string): Promise<{ name: string; value: string }[]> {
  const mobile = '9876543219';
  const post = (url: string, body: unknown) =>
    fetch(new URL(url, base), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const requested = await post('/api/customer/public', { mobile });
  if (!requested.ok) throw new Error(`OTP request failed: ${requested.status} ${await requested.text()}`);
  const otp = latestOtp(dataDir, mobile);
  const verified = await post('/api/customer/public/verify', { mobile, otp });
  if (!verified.ok) throw new Error(`sign-in failed: ${verified.status} ${await verified.text()}`);
  return verified.headers.getSetCookie().map((cookie) => {
    const [pair = ''] = cookie.split(';');
    const at = pair.indexOf('=');
    return { name: pair.slice(0, at), value: decodeURIComponent(pair.slice(at + 1)) };
  });
}

interface PageFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** All main-thread work during the load (Lighthouse's mainthread-work-breakdown). */
  mainThreadMs: number;
  /** Script evaluation, parsing and compiling (Lighthouse's bootup-time). */
  bootupMs: number;
  failing: string[];
  /** Where the page ended up (a signed-out visitor to /checkout is sent home). */
  finalUrl: string;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const dataDir = mkdtempSync(path.join(tmpdir(), 'storefront-bench-lh-'));
const server = await startServer({ dataDir, env: { NODE_ENV: 'development' } });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
const results: Record<string, PageFigures> = {};
try {
  const cookies = await signIn(server.url, dataDir);
  // The page itself must hold the session (the client reads `_auth_state`), so the signed-in
  // page is audited with the cookies in the browser and Lighthouse told not to clear storage.
  const pages: { name: string; url: string; signedIn?: boolean }[] = [
    { name: '/', url: '/' },
    { name: '/{category}', url: '/dairy-breakfast' },
    { name: '/products/{id}', url: '/products/1' },
    { name: '/checkout (signed in)', url: '/checkout', signedIn: true },
  ];
  const wanted = args.pages?.split(',');
  for (const page of pages) {
    // `/` names the home page alone (every path contains it).
    if (wanted && !wanted.some((part) => (part === '/' ? page.url === '/' : page.url.includes(part)))) continue;
    const samples: PageFigures[] = [];
    for (let run = 0, failures = 0; run < runs; run++) {
      if (page.signedIn) await setBrowserCookies(chrome.port, server.url, cookies);
      const result = await lighthouse(new URL(page.url, server.url).toString(), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        disableStorageReset: Boolean(page.signedIn),
      });
      // A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no figures: run it again.
      if (result?.lhr.runtimeError) {
        console.error(`${page.name}: ${result.lhr.runtimeError.code}, running again`);
        if (++failures > 3) throw new Error(`${page.name}: ${result.lhr.runtimeError.message}`);
        run--;
        continue;
      }
      const lhr = result!.lhr;
      if (args.save) {
        mkdirSync(args.save, { recursive: true });
        const file = `${page.url.slice(1).replace(/\W+/g, '_') || 'home'}-${run + 1}.json`;
        writeFileSync(path.join(args.save, file), JSON.stringify(lhr));
      }
      if (args.details) {
        for (const audit of Object.values(lhr.audits)) {
          if (audit.score === null || audit.score >= 1 || audit.scoreDisplayMode === 'informative') continue;
          const items =
            (audit.details as { items?: { node?: { snippet?: string }; href?: string; text?: string }[] })?.items ?? [];
          console.error(
            `${page.name} ${audit.id}: ${items
              .slice(0, 5)
              .map((i) => i.node?.snippet ?? i.href ?? i.text ?? '')
              .join(' | ')}`,
          );
        }
      }
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      samples.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcpMs: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
        cls: Math.round((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) * 1000) / 1000,
        mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? 0),
        bootupMs: Math.round(lhr.audits['bootup-time']?.numericValue ?? 0),
        finalUrl: new URL(lhr.finalDisplayedUrl).pathname,
        // What keeps a category from full marks, to act on.
        failing: Object.values(lhr.categories)
          .filter((category) => category.id !== 'performance')
          .flatMap((category) => category.auditRefs)
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => ref.id),
      });
    }
    const pick = (key: keyof Omit<PageFigures, 'failing' | 'finalUrl'>) => median(samples.map((s) => s[key]));
    results[page.name] = {
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      fcpMs: pick('fcpMs'),
      lcpMs: pick('lcpMs'),
      tbtMs: pick('tbtMs'),
      cls: pick('cls'),
      mainThreadMs: pick('mainThreadMs'),
      bootupMs: pick('bootupMs'),
      failing: [...new Set(samples.flatMap((s) => s.failing))],
      finalUrl: samples[0]!.finalUrl,
    };
  }
} finally {
  chrome.kill();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(
  JSON.stringify(
    {
      benchmark: 'lighthouse',
      command: `npm run build && npm run bench:lighthouse -- --runs ${runs}`,
      preset: 'mobile (simulated throttling)',
      runs,
      pages: results,
      targets: { performance: 95, accessibility: 100, bestPractices: 100, seo: 95 },
    },
    null,
    2,
  ),
);
