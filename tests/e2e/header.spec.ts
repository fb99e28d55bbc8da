import type { APIRequestContext, Page } from '@playwright/test';

import { addToCart, cartButton, expect, homeProducts, test } from './fixtures';

const WORDS = ['Apple', 'Banana', 'Grapes', 'mango', 'strawberry', 'dragon fruit'];
const PLACEHOLDERS = WORDS.map((word) => `Search "${word}"`);

interface CategorySummary {
  slug: string;
  name: string;
}

async function categories(request: APIRequestContext): Promise<CategorySummary[]> {
  const response = await request.get('/api/category/public');
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { data: CategorySummary[] };
  return body.data;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' });

/** Signs in as far as the header is concerned: the readable session cookie the server sets. */
async function withSession(page: Page, baseURL: string, mobile = '9876543210') {
  const state = { user: { id: 'e2e-customer', mobile }, exp: Math.floor(Date.now() / 1000) + 3600 };
  await page
    .context()
    .addCookies([{ name: '_auth_state', value: encodeURIComponent(JSON.stringify(state)), url: baseURL }]);
}

test.describe('desktop header (1440 px)', () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test('shows the logo, location, search, Login and the cart', async ({ page }) => {
    await page.goto('/products/1');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'QuickCart home' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Maharashtra, India/ })).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
    await expect(header.getByRole('button', { name: /My Card/ })).toBeVisible();
    // The back arrow is for mobile only.
    await expect(header.getByRole('button', { name: 'Go back' })).toBeHidden();

    await header.getByRole('link', { name: 'QuickCart home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the navigation shows 7 categories and More with the rest', async ({ page, request }) => {
    const all = await categories(request);
    expect(all.length).toBeGreaterThan(8);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories', exact: true });
    const links = nav.getByRole('link');
    await expect(links).toHaveCount(7);
    await expect(links).toHaveText(all.slice(0, 7).map((category) => category.name));

    const more = nav.getByRole('button', { name: 'More categories' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(links).toHaveCount(all.length);
    await expect(links.filter({ hasText: all[7]!.name })).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(links).toHaveCount(7);
    await expect(more).toBeFocused();

    // A category behind More opens its page and marks More as holding the current page.
    await more.click();
    await nav.getByRole('link', { name: all.at(-1)!.name }).click();
    await expect(page).toHaveURL(new RegExp(`/${all.at(-1)!.slug}$`));
    await expect(links).toHaveCount(7);
    await expect(nav.getByRole('button', { name: /More categories, current category inside/ })).toBeVisible();
  });

  test('the active category link is marked', async ({ page, request }) => {
    const [first] = await categories(request);
    await page.goto(`/${first!.slug}`);
    const link = page
      .getByRole('navigation', { name: 'Categories', exact: true })
      .getByRole('link', { name: first!.name });
    await expect(link).toHaveAttribute('aria-current', 'page');
  });

  test('the search placeholder rotates every 2.5 s and pauses while focused', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    const placeholder = async () => (await box.getAttribute('placeholder')) ?? '';
    const next = (current: string) => PLACEHOLDERS[(PLACEHOLDERS.indexOf(current) + 1) % PLACEHOLDERS.length]!;

    const first = await placeholder();
    expect(PLACEHOLDERS).toContain(first);
    await expect(box).toHaveAttribute('placeholder', next(first), { timeout: 4000 });

    await box.focus();
    const held = await placeholder();
    await page.waitForTimeout(3500);
    await expect(box).toHaveAttribute('placeholder', held);

    await box.blur();
    await expect(box).toHaveAttribute('placeholder', next(held), { timeout: 4000 });
  });

  test('the location picker offers a search, Detect and the top cities', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: /Maharashtra, India/ });
    await trigger.click();
    const dialog = page.getByRole('dialog', { name: 'Choose your delivery location' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('searchbox', { name: 'Search delivery location' })).toBeFocused();
    await expect(dialog.getByRole('button', { name: 'Detect' })).toBeVisible();
    await expect(dialog.getByRole('list', { name: 'Top cities' }).getByRole('listitem')).toHaveText([
      'Bangalore',
      'Noida',
      'Delhi',
      'Mumbai',
    ]);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.getByRole('heading', { name: 'What are you looking for?' }).click();
    await expect(dialog).toBeHidden();
  });

  test('suggestions appear while typing and the keyboard picks one', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('milk');
    const list = page.getByRole('listbox', { name: 'Product suggestions' });
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const products = list.getByRole('option').filter({ hasNotText: 'See all results' });
    await expect(products.first()).toContainText(/milk/i);
    expect(await products.count()).toBeLessThanOrEqual(6);
    // Each suggestion shows an image, the name, the pack size and the price.
    await expect(products.first().locator('img')).toHaveCount(1);
    await expect(products.first()).toContainText(/₹\d/);

    await box.press('ArrowDown');
    await expect(products.first()).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await products.first().getAttribute('id'))!);
    const name = (await products.first().locator('span span').first().textContent())!;
    await box.press('Enter');
    await expect(page).toHaveURL(/\/products\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

    await box.fill('milk');
    await expect(list.getByRole('option').first()).toBeVisible();
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  test('Enter opens the results page; the URL carries the query and Back works', async ({ page }) => {
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('milk');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=milk$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "milk"' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page).toHaveTitle('Results for "milk" | QuickCart');

    await box.fill('tomato');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "tomato"' })).toBeVisible();
    await expect(page.getByRole('article', { name: /tomato/i }).first()).toBeVisible();

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "milk"' })).toBeVisible();
    await expect(box).toHaveValue('milk');
    await page.goBack();
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
  });

  test('results can be sorted and paged, and the link can be shared', async ({ page, request }) => {
    let q = '';
    for (const candidate of ['milk', 'masala', 'fresh', 'tea']) {
      const { total } = await (await request.get(`/api/product/public?q=${candidate}&pageSize=1`)).json();
      if (total > 24) {
        q = candidate;
        break;
      }
    }
    expect(q, 'a query with more than one page of results').not.toBe('');

    await page.goto(`/search?q=${q}`);
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(24);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(24);

    await page.getByRole('button', { name: /Sort by: Relevance/ }).click();
    const menu = page.getByRole('menu', { name: 'Sort by' });
    await expect(menu.getByRole('menuitemradio')).toHaveText([
      'Relevance',
      'Price (Low to High)',
      'Price (High to Low)',
      'Name (A to Z)',
      'Discount',
    ]);
    await menu.getByRole('menuitemradio', { name: 'Price (Low to High)' }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${q}&sort=price-asc$`));
    await expect(page.getByRole('button', { name: /Sort by: Price \(Low to High\)/ })).toBeFocused();

    // The previous results stay on screen until the sorted ones arrive.
    const prices = () =>
      cards.evaluateAll((articles) =>
        articles.map((article) => {
          const text = article.textContent ?? '';
          return Number(/₹([\d,]+\.\d{2})/.exec(text)![1]!.replace(/,/g, ''));
        }),
      );
    await expect
      .poll(async () => {
        const shown = await prices();
        return shown.every((price, i) => i === 0 || shown[i - 1]! <= price);
      })
      .toBe(true);

    await page.reload();
    await expect(page.getByRole('button', { name: /Sort by: Price \(Low to High\)/ })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('button', { name: /Sort by: Relevance/ })).toBeVisible();
  });

  test('a search without results says so and offers the categories', async ({ page, request }) => {
    const all = await categories(request);
    await page.goto('/');
    const box = searchBox(page);
    await box.fill('qqxzzvv');
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'No results for "qqxzzvv"' })).toBeVisible();
    const offered = page.getByRole('main').getByRole('navigation', { name: 'Shop by category' }).getByRole('link');
    await expect(offered).toHaveText(all.map((category) => category.name));
    await offered.first().click();
    await expect(page).toHaveURL(new RegExp(`/${all[0]!.slug}$`));
  });

  test('a customer gets My Account with the number, the account links and Logout', async ({ page, baseURL }) => {
    await withSession(page, baseURL!);
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Login' })).toBeHidden();
    const account = header.getByRole('button', { name: 'My Account' });
    await account.click();
    await expect(header.getByText('+91 9876543210')).toBeVisible();
    for (const [name, href] of [
      ['My Orders', '/account/orders'],
      ['Saved Address', '/account/address'],
      ['E-Gift Cards', '/account/egiftcards'],
      ["FAQ's", '/account/faqs'],
      ['Account Privacy', '/account/privacy'],
    ]) {
      await expect(header.getByRole('link', { name })).toHaveAttribute('href', href!);
    }
    await expect(header.getByRole('button', { name: 'Logout' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(header.getByRole('link', { name: 'My Orders' })).toBeHidden();
    await expect(account).toBeFocused();
  });

  test('the header follows the session as it starts and ends', async ({ page, baseURL }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();

    await withSession(page, baseURL!);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Refund Policy' }).click();
    await expect(header.getByRole('button', { name: 'My Account' })).toBeVisible();

    await page.context().clearCookies();
    await header.getByRole('link', { name: 'QuickCart home' }).click();
    await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
  });
});

test.describe('narrow desktop header (1024 px)', () => {
  test.use({ viewport: { width: 1024, height: 800 } });

  test('the navigation shows 5 categories and More with the rest', async ({ page, request }) => {
    const all = await categories(request);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Categories', exact: true });
    const links = nav.getByRole('link');
    await expect(links).toHaveText(all.slice(0, 5).map((category) => category.name));
    await nav.getByRole('button', { name: 'More categories' }).click();
    await expect(links).toHaveText(all.map((category) => category.name));
    // A click outside closes the dropdown.
    await page.getByRole('heading', { name: 'What are you looking for?' }).click();
    await expect(links).toHaveCount(5);
  });
});

test.describe('mobile header (360 px)', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('fits the screen, with a back arrow on every page but home', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'QuickCart home' })).toBeVisible();
    await expect(header.getByRole('button', { name: /Maharashtra, India/ })).toBeVisible();
    await expect(searchBox(page)).toBeVisible();
    await expect(header.getByRole('button', { name: 'Go back' })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Categories', exact: true })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
    await expect(page).toHaveURL(/\/policies\/shipping_policy$/);
    const back = header.getByRole('button', { name: 'Go back' });
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header.getByRole('button', { name: 'Go back' })).toHaveCount(0);
  });

  test('the back arrow goes home when the page was opened directly', async ({ page }) => {
    await page.goto('/policies/refund_policy');
    await page.getByRole('banner').getByRole('button', { name: 'Go back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: 'What are you looking for?' })).toBeVisible();
  });

  for (const width of [320, 360]) {
    test(`at ${width} px a cart of four figures keeps its full icon beside the back arrow and Login`, async ({
      page,
      request,
    }) => {
      await page.setViewportSize({ width, height: 740 });
      const products = await homeProducts(request);
      const priciest = products.reduce((best, product) => (product.price > best.price ? product : best));
      await page.goto('/');
      await addToCart(page, priciest.name);
      const stepper = page.getByRole('group', { name: `${priciest.name} quantity` }).first();
      const times = Math.min(Math.ceil(1000 / priciest.price) - 1, 30);
      for (let count = 2; count <= times + 1; count++) {
        await stepper.getByRole('button', { name: 'Increase quantity' }).click();
        await expect(stepper).toContainText(String(count));
      }
      await page.getByRole('contentinfo').getByRole('link', { name: 'Shipping Policy' }).click();
      const header = page.getByRole('banner');
      await expect(header.getByRole('button', { name: 'Go back' })).toBeVisible();
      await expect(header.getByRole('button', { name: 'Login' })).toBeVisible();
      await expect(cartButton(page)).toContainText(/₹\d,\d{3}\.\d{2}/);

      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      const icon = await cartButton(page).locator('svg').boundingBox();
      expect([icon?.width, icon?.height]).toEqual([22, 22]);
      const button = await cartButton(page).boundingBox();
      expect(button!.x + button!.width).toBeLessThanOrEqual(width);
    });
  }

  test('a customer’s user icon goes to /account', async ({ page, baseURL }) => {
    await withSession(page, baseURL!);
    await page.goto('/');
    const account = page.getByRole('banner').getByRole('link', { name: 'My Account' });
    await expect(account).toBeVisible();
    await expect(account).toHaveAttribute('href', '/account');
    await expect(page.getByRole('banner').getByRole('button', { name: 'My Account' })).toBeHidden();
  });
});
