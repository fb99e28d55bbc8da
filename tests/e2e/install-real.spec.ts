import { chromium } from '@playwright/test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { launchArgs } from '../../playwright.config';
import { expect, test, waitForServiceWorker } from './fixtures';

/**
 * The browser's own install offer, not a synthetic one: Chromium fires `beforeinstallprompt` only
 * outside incognito (a persistent profile) and, headless, only without its engagement checks. It
 * fires early, before the install invitation's lazily loaded code has arrived (issue 20).
 */
test("Chromium's real install offer reaches the invitation on a second visit", async ({ baseURL }) => {
  const profile = await mkdtemp(path.join(tmpdir(), 'quickcart-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [...launchArgs, '--bypass-app-banner-engagement-checks'],
    baseURL,
  });
  try {
    const first = context.pages()[0] ?? (await context.newPage());
    await first.goto('/');
    // The first visit counts (once the app's PWA part has started) but is not yet enough interest
    // for the store to ask.
    await waitForServiceWorker(first);
    await expect.poll(() => first.evaluate(() => localStorage.getItem('quickcart:visits'))).toBe('1');
    await first.keyboard.press('Shift');
    await expect(first.getByRole('region', { name: 'Install QuickCart' })).toHaveCount(0);
    await first.close();

    // A second visit, in a new tab: the offer comes as the page loads and is held for the invitation.
    const second = await context.newPage();
    await second.goto('/');
    const invitation = second.getByRole('region', { name: 'Install QuickCart' });
    // Not before the shopper's first input on the page (it would cover what they came to see, and
    // become the page's largest paint) ...
    await second.waitForTimeout(1000);
    await expect(invitation).toHaveCount(0);
    // ... then at once (as soon as the PWA host, a lazy chunk, is there to hear it).
    await expect
      .poll(
        async () => {
          await second.keyboard.press('Shift');
          return invitation.getByRole('button', { name: 'Install' }).count();
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    await expect(invitation.getByRole('button', { name: 'Install' })).toBeVisible();
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
