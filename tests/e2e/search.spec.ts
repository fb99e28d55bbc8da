import type { Page } from '@playwright/test';

import { expect, test } from './fixtures';

const searchFor = async (page: Page, query: string) => {
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill(query);
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Results for "${query}"` })).toBeVisible();
  return page.getByRole('main').getByRole('article');
};

test('a typo still finds the product', async ({ page }) => {
  await page.goto('/');
  const results = await searchFor(page, 'tomatoe');
  await expect(results.first()).toHaveAccessibleName(/tomato/i);

  const bananas = await searchFor(page, 'bananna');
  await expect(bananas.first()).toHaveAccessibleName(/banana/i);
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
