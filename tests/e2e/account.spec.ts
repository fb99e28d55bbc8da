import { readFileSync } from 'node:fs';

import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

// Every test signs in with a number of its own: the server limits OTP requests per number.

const main = (page: Page) => page.getByRole('main');
const header = (page: Page) => page.getByRole('banner');

test.describe('account area on a desktop (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('a sidebar with the number, My Addresses, My Orders and Logout beside the page', async ({ page, signIn }) => {
    await page.goto('/');
    await signIn(page, '9100000001');
    await page.goto('/account');
    const sidebar = page.getByRole('navigation', { name: 'My Account' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar).toContainText('+91 9100000001');
    for (const name of ['My Addresses', 'My Orders', 'E-Gift Cards', "FAQ's", 'Account Privacy']) {
      await expect(sidebar.getByRole('link', { name })).toBeVisible();
    }
    await expect(sidebar.getByRole('button', { name: 'Logout' })).toBeVisible();
    // The phone menu is not shown beside the sidebar; the footer is hidden in the account area.
    await expect(page.getByRole('navigation', { name: 'Account menu' })).toBeHidden();
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await sidebar.getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(sidebar.getByRole('link', { name: 'My Orders' })).toHaveAttribute('aria-current', 'page');
    await expect(main(page).getByRole('heading', { level: 1, name: 'My Orders' })).toBeFocused();
    await expect(main(page).getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    // No back arrow on a desktop: the sidebar is there.
    await expect(main(page).getByRole('link', { name: 'Back to My Account' })).toBeHidden();

    await sidebar.getByRole('link', { name: 'My Addresses' }).click();
    await expect(page).toHaveURL(/\/account\/address$/);
    await expect(main(page).getByRole('heading', { name: 'No saved addresses found.' })).toBeVisible();

    await page.goto('/account/orders');
    await main(page).getByRole('link', { name: 'Start shopping' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header menu links to the account pages', async ({ page, signIn }) => {
    await page.goto('/');
    await signIn(page, '9100000002');
    await header(page).getByRole('button', { name: 'My Account' }).click();
    await header(page).getByRole('link', { name: 'Account Privacy' }).click();
    await expect(page).toHaveURL(/\/account\/privacy$/);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Account Privacy' })).toBeVisible();
    // Each account page says which it is in the tab and the history, not only 'My Account'.
    await expect(page).toHaveTitle('Account Privacy | QuickCart');
    await header(page).getByRole('button', { name: 'My Account' }).click();
    await header(page).getByRole('link', { name: 'My Orders' }).click();
    await expect(page).toHaveURL(/\/account\/orders$/);
    await expect(page).toHaveTitle('My Orders | QuickCart');
    await page.goto('/account');
    await expect(page).toHaveTitle('My Account | QuickCart');
  });
});

test.describe('account area on a phone (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('/account is the menu; each page covers the screen with a back arrow', async ({ page, signIn }) => {
    await page.goto('/');
    await signIn(page, '9100000003');
    await header(page).getByRole('link', { name: 'My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    const menu = page.getByRole('navigation', { name: 'Account menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'My Orders',
      'Saved Address',
      'E-Gift Cards',
      "FAQ's",
      'Account Privacy',
    ]);
    await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
    await expect(main(page)).toContainText('+91 9100000003');
    await expect(page.getByRole('navigation', { name: 'My Account' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await menu.getByRole('link', { name: 'E-Gift Cards' }).click();
    await expect(page).toHaveURL(/\/account\/egiftcards$/);
    const title = main(page).getByRole('heading', { level: 1, name: 'E-Gift Cards' });
    await expect(title).toBeVisible();
    await expect(main(page).getByRole('heading', { name: 'Redeem a gift card' })).toBeVisible();
    // Full screen: the page covers the header.
    const box = await main(page).locator('section').first().boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: 360 });

    await main(page).getByRole('link', { name: 'Back to My Account' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(menu).toBeVisible();
  });
});

test('FAQs answer the common questions in an accordion', async ({ page, signIn }) => {
  await page.goto('/');
  await signIn(page, '9100000004');
  await page.goto('/account/faqs');
  const question = main(page).getByText('Is there a delivery charge?');
  const answer = main(page).getByText(/Delivery costs ₹25 when your items total ₹99 or less/);
  await expect(answer).toBeHidden();
  await question.click();
  await expect(answer).toBeVisible();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();

  await main(page).getByText('What is the handling charge?').click();
  await expect(main(page).getByText(/A flat ₹5 on every order/)).toBeVisible();
  await main(page).getByText('How can I pay?').click();
  await expect(main(page).getByText(/cash on delivery/)).toBeVisible();
  await main(page).getByText('My order arrived damaged or wrong. What do I do?').click();
  await expect(main(page).getByText(/within 24 hours of delivery/)).toBeVisible();
  await main(page).getByText('When will I get my refund?').click();
  await expect(main(page).getByText(/credited within 72 working hours/)).toBeVisible();
});

test('privacy: download my data as a JSON file', async ({ page, signIn }) => {
  await page.goto('/');
  await signIn(page, '9100000005');
  await page.goto('/account/privacy');
  const kept = main(page).getByRole('region', { name: 'What we keep and why' });
  for (const what of ['mobile number', 'saved addresses', 'orders', 'sessions']) await expect(kept).toContainText(what);

  const download = page.waitForEvent('download');
  await main(page).getByRole('button', { name: 'Download my data' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('quickcart-my-data.json');
  const data = JSON.parse(readFileSync(await file.path(), 'utf8')) as { customer: { mobile: string } };
  expect(data.customer.mobile).toBe('9100000005');
  await expect(main(page).getByText('Your download has started.')).toBeVisible();
});

test('privacy: deleting the account asks first, then signs out', async ({ page, signIn }) => {
  await page.goto('/');
  await signIn(page, '9100000006');
  await page.goto('/account/privacy');
  const open = main(page).getByRole('button', { name: 'Delete my account' });
  await open.click();
  const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await confirm.getByRole('button', { name: 'Delete my account' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Please wait' })).toBeVisible();
  // The loader's 2 s, then the deletion and the clean-up: longer on a busy machine.
  await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
  await expect(header(page).getByRole('button', { name: 'Login' })).toBeVisible();

  await page.goto('/account/orders');
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
});

test('the privacy policy sends shoppers to the self-service page for a copy or deletion', async ({ page, signIn }) => {
  await page.goto('/policies/privacy_policy');
  const choices = main(page).getByRole('region', { name: 'Your choices' });
  await expect(choices).toContainText('Download my data');
  await expect(choices).toContainText('Delete my account');
  await expect(choices).not.toContainText('write to us from the mobile number');
  // Anything else still goes to support.
  await expect(choices.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);

  // A visitor following the link signs in and lands on it.
  await choices.getByRole('link', { name: 'My Account › Account Privacy' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in or sign up' })).toBeVisible();
  await signIn(page, '9100000008');
  await expect(page).toHaveURL(/\/account\/privacy$/);
  await expect(main(page).getByRole('heading', { level: 1, name: 'Account Privacy' })).toBeVisible();
});

test('checkout with an empty cart says so and leads back to shopping', async ({ page, signIn }) => {
  await page.goto('/');
  await signIn(page, '9100000007');
  await page.goto('/checkout');
  await expect(main(page).getByRole('heading', { level: 1, name: 'Your cart is empty' })).toBeVisible();
  await main(page).getByRole('link', { name: 'Start shopping' }).click();
  await expect(page).toHaveURL(/\/$/);
});
