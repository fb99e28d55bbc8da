import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Page } from '@playwright/test';

// Evaluated through the DevTools protocol, which the page's strict CSP (no inline scripts) allows.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * axe-core's serious and critical violations on the page, or only inside the elements matching
 * `selector` (quicker, for a notice that is only shown for a few seconds), one line each.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<string[]> {
  // Once per document: evaluating its 500 KB again took seconds on a busy machine, longer than a
  // notice that is shown for three stays (CI's a11y.spec 'back online' failed so).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  // The whole page as it comes to rest: a dialog still fading in has text at part of its contrast
  // (CI's a11y.spec 'the login dialog…' failed so, once). Not for a short-lived notice (`selector`).
  if (!selector) {
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((animation) => animation.playState === 'running')
            .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
            .map((animation) => animation.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    );
  }
  const violations = await page.evaluate(async (selector) => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document | { include: string[] }, options: object): Promise<{ violations: AxeViolation[] }>;
        };
      }
    ).axe;
    const result = await axe.run(selector ? { include: [selector] } : document, { resultTypes: ['violations'] });
    return result.violations;
  }, selector);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')}`,
    );
}
