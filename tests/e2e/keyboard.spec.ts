import type { Locator, Page } from '@playwright/test';

import { readOutbox } from '../support/sms-outbox';
import { expect, offlineTiles, test, waitForOtp } from './fixtures';

/**
 * The main journey with the keyboard alone: from `/`, browse to a product, add it to the cart,
 * open the cart, Proceed (the login dialog), sign in, add an address through the map picker's
 * place search, deliver to it, check out, place the order and find it in My Orders. Only
 * page.keyboard drives the page; locators only say where focus should arrive.
 */

const MOBILE = `95${String(Date.now() % 1e8).padStart(8, '0')}`;

const isFocused = (target: Locator) =>
  target.evaluate((el) => el === document.activeElement || el.contains(document.activeElement));

async function describeFocus(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el) return 'nothing';
    return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
  });
}

/** Tabs (or Shift+Tabs) until `target` has focus; fails when it is not reached in `max` steps. */
async function tabTo(page: Page, target: Locator, { max = 60, back = false } = {}) {
  await expect(target).toBeVisible();
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    if (await isFocused(target)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    seen.push(await describeFocus(page));
  }
  if (await isFocused(target)) return;
  throw new Error(`could not reach ${target.toString()} with the keyboard; focus went: ${seen.join(' -> ')}`);
}

async function activate(page: Page, target: Locator, key = 'Enter') {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

const main = (page: Page) => page.getByRole('main');

test('the main journey works with the keyboard alone', async ({ page, server }) => {
  test.setTimeout(180_000);
  await offlineTiles(page);
  await page.goto('/');

  // Browse: the first product of the home feed, then add it from its page.
  const firstProduct = main(page).getByRole('article').first().getByRole('link').first();
  await activate(page, firstProduct);
  await expect(page).toHaveURL(/\/products?\//);
  await activate(page, main(page).getByRole('button', { name: 'ADD TO CART' }));
  const cart = page.getByRole('dialog', { name: 'My Cart' });
  await expect(cart).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  // Focus comes back to where the shopper was, not to the top of the page.
  // (the ADD TO CART button has become the quantity stepper).
  await expect
    .poll(() => page.evaluate(() => Boolean(document.activeElement?.closest('main [role="group"], main button'))))
    .toBe(true);

  // Open the cart from the header and Proceed: signed out, that asks to sign in.
  await activate(page, page.getByRole('banner').getByRole('button', { name: /^1 Items/ }));
  await expect(cart).toBeVisible();
  await activate(page, cart.getByRole('button', { name: /^Proceed/ }));
  const phoneStep = page.getByRole('dialog', { name: 'Log in or sign up' });
  await expect(phoneStep).toBeVisible();
  await tabTo(page, phoneStep.getByLabel('Mobile number'));
  const since = readOutbox(server.dataDir).length;
  await page.keyboard.type(MOBILE);
  await activate(page, phoneStep.getByRole('button', { name: 'Continue' }));
  const code = await waitForOtp(server.dataDir, MOBILE, since);
  const otpStep = page.getByRole('dialog', { name: 'OTP Verification' });
  await tabTo(page, otpStep.getByRole('textbox', { name: 'Digit 1 of 6' }));
  await page.keyboard.type(code);
  await activate(page, otpStep.getByRole('button', { name: 'Verify' }));
  await expect(otpStep).toBeHidden();

  // Delivery address: none saved yet, so add one through the map picker's search.
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  // Signing in closes the login dialog and brings the cart back on its address step.
  await expect(picker).toBeVisible();
  await activate(page, picker.getByRole('button', { name: /Add new address/i }));
  const editor = page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
  const search = editor.getByRole('combobox', { name: 'Search for a place' });
  await tabTo(page, search);
  await page.keyboard.type('Mumb');
  await expect(editor.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await activate(page, editor.getByRole('button', { name: 'Confirm location' }));
  const form = editor.getByRole('form');
  await tabTo(page, form.getByLabel('Flat / House no / Building name'));
  await page.keyboard.type('Flat 9, Keyboard House');
  await tabTo(page, form.getByLabel('Your name'));
  await page.keyboard.type('Kavya');
  await activate(page, form.getByRole('button', { name: 'Save Address' }));
  await expect(editor).toBeHidden();

  // Deliver there, then checkout.
  await expect(picker).toBeVisible();
  await activate(page, picker.getByRole('button', { name: /Flat 9, Keyboard House/ }));
  await activate(page, picker.getByRole('button', { name: /^Proceed/ }));
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await activate(page, main(page).getByRole('button', { name: /^Place order · ₹/ }));
  const title = main(page).getByRole('heading', { level: 1, name: /^Order #\d+$/ });
  await expect(title).toBeVisible();
  const orderTitle = (await title.textContent())!;

  // My Orders, through the header's account menu.
  await activate(page, page.getByRole('banner').getByRole('button', { name: /^My Account|^Account/ }));
  await activate(
    page,
    page
      .getByRole('menuitem', { name: /My Orders/ })
      .or(page.getByRole('link', { name: /My Orders/ }))
      .first(),
  );
  await expect(main(page).getByRole('listitem', { name: orderTitle })).toBeVisible();
});
