import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

const searchFor = async (page: Page, query: string) => {
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill(query);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Results for "${query}"` })).toBeVisible();
  return page.getByRole('main').getByRole('article');
};

test('a typo still finds the product, and the page says what the results are for', async ({ page }) => {
  await page.goto('/');
  const results = await searchFor(page, 'tomatoe');
  await expect(results.first()).toHaveAccessibleName(/tomato/i);
  const status = page.getByRole('main').getByRole('status');
  await expect(status).toHaveText(/^\d+ products\. Showing results for tomato: nothing matched "tomatoe" as typed\.$/);

  const bananas = await searchFor(page, 'bananna');
  await expect(bananas.first()).toHaveAccessibleName(/banana/i);
  await expect(status).toContainText('Showing results for banana: nothing matched "bananna" as typed.');

  // Spelled right: just the count.
  await searchFor(page, 'banana');
  await expect(status).toHaveText(/^\d+ products?$/);
});

test('Hinglish names find what shoppers mean', async ({ page }) => {
  await page.goto('/');
  const potatoes = await searchFor(page, 'aloo');
  await expect(potatoes.first()).toHaveAccessibleName(/potato/i);

  const onions = await searchFor(page, 'pyaz');
  await expect(onions.first()).toHaveAccessibleName(/onion/i);

  const milk = await searchFor(page, 'doodh');
  await expect(milk.first()).toHaveAccessibleName(/milk/i);
});

test('suggestions understand a typo while typing', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill('panner');
  await expect(page.getByRole('option', { name: /paneer/i }).first()).toBeVisible();
});

test('on a phone a suggestion shows the whole name of a pack, so that two sizes can be told apart', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Search products' }).fill('atta');
  const options = page.getByRole('option', { name: /Aashirvaad Shudh Chakki Atta/ });
  await expect(options).toHaveCount(2);
  for (const option of await options.all()) {
    const name = option.getByText('Aashirvaad Shudh Chakki Atta', { exact: true });
    await expect(name).toBeVisible();
    // Not cut: the text fits the box it is drawn in.
    expect(await name.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(
      true,
    );
  }
});
