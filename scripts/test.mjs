// `npm test`: every test. Unit, component and server integration tests (vitest), then the
// built app in real Chromium (Playwright). Prints one closing line with the totals.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { ensureChromium } from './chromium.mjs';
import { bin, buildClient, requirePinnedNode, root, run } from './lib.mjs';

requirePinnedNode();

const e2eOnly = process.argv.includes('--e2e-only');
const reportDir = path.join(root, '.tmp');
mkdirSync(reportDir, { recursive: true });
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
rmSync(vitestReport, { force: true });
rmSync(playwrightReport, { force: true });

const started = Date.now();
let failed = false;

if (!e2eOnly) {
  const code = await run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
  ]);
  failed ||= code !== 0;
}

const chromium = ensureChromium();
await buildClient();
const code = await run(bin('playwright'), ['test'], { env: { ...process.env, CHROMIUM_PATH: chromium } });
failed ||= code !== 0;

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const unit = readJson(vitestReport);
const e2e = readJson(playwrightReport);
let passed = 0;
let failures = 0;
let skipped = 0;
if (unit) {
  passed += unit.numPassedTests;
  failures += unit.numFailedTests;
  skipped += unit.numPendingTests + (unit.numTodoTests ?? 0);
} else if (!e2eOnly) failures += 1;
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failures += e2e.stats.unexpected;
  skipped += e2e.stats.skipped;
} else failures += 1;
if (failures > 0) failed = true;

console.log(`\nAll tests finished in ${Math.round((Date.now() - started) / 1000)} s`);
const flaky = e2e?.stats.flaky ?? 0;
console.log(
  `Tests: ${passed} passed, ${failures} failed${skipped ? `, ${skipped} skipped` : ''}` +
    (flaky ? ` (${flaky} passed only on retry: see "flaky" above)` : ''),
);
process.exit(failed ? 1 : 0);
