import type { Page } from '@playwright/test';

import type { CategoryListResponse } from '../../server/schemas/category';
import type { PlacedOrderResponse } from '../../server/schemas/order';
import type { Product } from '../../server/schemas/product';
import { cartPanel, expect, headerBottom, test } from './fixtures';

/**
 * Every shopper route fits a phone and a desktop: nothing is wider than the viewport (the page
 * never pans sideways), no control sticks out of its product card, and the floating cart bar is
 * wholly on screen wherever it shows (and does not show at checkout, where it covered content).
 * One page per width, signed in once, with items in the cart so the bar is there.
 */

const WIDTHS = [360, 375, 412, 768, 1440];
const HEIGHT = 780;
const SHOPPER_OF_WIDTH: Record<number, string> = {
  360: '9410000360',
  375: '9410000375',
  412: '9410000412',
  768: '9410000768',
  1440: '9410001440',
};

const ADDRESS = {
  tag: 'Home',
  name: 'Meera',
  buildingName: 'Flat 12, Palm Court',
  locality: 'Hill Road, Bandra West',
  city: 'Mumbai',
  pincode: '400050',
  gps: { latitude: 19.06, longitude: 72.83 },
};

/** What does not fit at the current width: the page's overflow and controls outside their card. */
function misfits(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth !== root.clientWidth) found.push(`page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    if (document.body.scrollWidth > root.clientWidth) found.push(`body is ${document.body.scrollWidth} px wide`);
    for (const card of document.querySelectorAll('article')) {
      const box = card.getBoundingClientRect();
      if (box.width === 0) continue;
      for (const control of card.querySelectorAll('button, a')) {
        const inner = control.getBoundingClientRect();
        if (inner.width === 0) continue;
        // Half a pixel for sub-pixel rounding.
        if (inner.left < box.left - 0.5 || inner.right > box.right + 0.5) {
          const name = control.getAttribute('aria-label') ?? control.textContent;
          found.push(
            `"${name}" overruns its card by ${Math.round(Math.max(box.left - inner.left, inner.right - box.right))} px`,
          );
        }
      }
    }
    return found;
  });
}

/** The floating cart bar's box against the viewport; null when there is no bar. */
async function floatingBar(page: Page) {
  const bar = page.getByRole('button', { name: /View cart/ });
  if ((await bar.count()) === 0 || !(await bar.isVisible())) return null;
  const box = (await bar.boundingBox())!;
  const viewport = page.viewportSize()!;
  return {
    onScreen: box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
    box: box,
  };
}

/**
 * Where each element in `main` that sticks as the page scrolls stops, less the sticky header's
 * lower edge: none under it. (One that sticks inside a scrolling box of its own, such as the
 * account's page over the header on a phone, is not the header's business.)
 */
async function stickyClearances(page: Page): Promise<number[]> {
  const bottom = await headerBottom(page);
  const tops = await page.evaluate(() => {
    const scrollsWithPage = (el: Element) => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowY !== 'visible') return false;
      }
      return true;
    };
    return [...document.querySelectorAll('main *')]
      .filter((el) => getComputedStyle(el).position === 'sticky' && scrollsWithPage(el))
      .map((el) => parseFloat(getComputedStyle(el).top));
  });
  return tops.map((top) => Math.round(top - bottom));
}

async function settle(page: Page) {
  await expect(page.getByRole('main')).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

for (const width of WIDTHS) {
  test(`every shopper route fits ${width} px`, async ({ page, signIn, consoleGuard }, testInfo) => {
    test.setTimeout(180_000);
    // The not-found pages ask the API for what is not there.
    consoleGuard.allow(/status of 404/);
    await page.setViewportSize({ width, height: HEIGHT });
    await page.goto('/');
    await signIn(page, SHOPPER_OF_WIDTH[width]!);

    const me = await (await page.request.get('/api/customer/me')).json();
    const saved = await page.request.post(`/api/address/${me.data.id}`, { data: ADDRESS });
    expect(saved.status(), await saved.text()).toBe(201);
    const address = (await saved.json()).data;
    const products: Product[] = await (await page.request.get('/api')).json();
    const product = products.find((p) => p.inStock)!;
    const placed = await page.request.post('/api/order', {
      data: { addressId: address._id, items: [{ productId: product.id, quantity: 1, price: product.price }] },
      headers: { 'Idempotency-Key': `layout-${width}-order` },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = ((await placed.json()) as PlacedOrderResponse).data;

    const categories: CategoryListResponse = await (await page.request.get('/api/category/public')).json();
    const routes = [
      '/',
      '/collection',
      ...categories.data.map((category) => `/${category.slug}`),
      `/products/${product.id}`,
      '/products/999999',
      '/search?q=milk',
      '/search?q=zzzzzzzz',
      '/policies/privacy_policy',
      '/policies/refund_policy',
      '/policies/shipping_policy',
      '/policies/terms_and_conditions',
      '/account',
      '/account/orders',
      `/account/orders/${order.id}`,
      '/account/address',
      '/account/egiftcards',
      '/account/faqs',
      '/account/privacy',
      '/checkout',
      '/no-such-page',
    ];

    // Items in the cart, so the floating bar shows on small screens.
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect(cartPanel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(cartPanel(page)).toBeHidden();

    const problems: string[] = [];
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      for (const misfit of await misfits(page)) problems.push(`${route}: ${misfit}`);
      for (const clearance of await stickyClearances(page)) {
        if (clearance < 0) problems.push(`${route}: a sticky part stops ${-clearance} px under the header`);
      }
      const bar = await floatingBar(page);
      const listing = route === '/' || route === '/collection' || categories.data.some((c) => route === `/${c.slug}`);
      if (width < 768 && listing && !bar) {
        problems.push(`${route}: no floating cart bar`);
      }
      if (bar && !bar.onScreen) problems.push(`${route}: floating cart bar at ${JSON.stringify(bar.box)}`);
      if (bar && route === '/checkout') problems.push(`${route}: the floating cart bar covers checkout`);
      if (width === 360 && (route === '/collection' || route === `/${categories.data[0]!.slug}`)) {
        await testInfo.attach(`${route} at 360 px`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
      }
    }

    // The cart panel opened over a category page fits too.
    await page.goto(`/${categories.data[0]!.slug}`);
    await settle(page);
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^1 Items/ })
      .click();
    // Measured where it comes to rest: it slides in from the right.
    await expect(cartPanel(page)).toBeVisible();
    await page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished),
      ),
    );
    const panel = (await cartPanel(page).boundingBox())!;
    if (panel.x < 0 || panel.x + panel.width > width + 0.5) {
      problems.push(`cart panel spans ${Math.round(panel.x)}-${Math.round(panel.x + panel.width)} px`);
    }
    expect(problems).toEqual([]);
  });
}

for (const width of [360, 1440]) {
  test(`at ${width} px the sticky header never covers what takes the focus`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/dairy-breakfast');
    await page.waitForLoadState('networkidle');
    // The header's height is the root's scroll padding (three rows on a phone, two on a desk).
    await expect
      .poll(() => page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop)))
      .toBe(Math.ceil(await headerBottom(page)));

    // A product's control further down the list, scrolled to just under the header's lower edge
    // (where the browser used to count it as in view), then focused as Tab or a dialog closing does.
    const under = (await headerBottom(page)) - 30;
    const top = await page.evaluate((y) => {
      const focusable = [...document.querySelectorAll<HTMLElement>('main a[href], main button:not([disabled])')];
      const it = focusable.find((el) => el.getBoundingClientRect().top + window.scrollY > 900)!;
      window.scrollTo(0, it.getBoundingClientRect().top + window.scrollY - y);
      it.dataset.target = '';
      return it.getBoundingClientRect().top;
    }, under);
    expect(top).toBeCloseTo(under, 0);
    const target = page.locator('[data-target]');
    await target.evaluate((el) => el.focus());
    await expect(target).toBeFocused();
    expect((await target.boundingBox())!.y).toBeGreaterThanOrEqual((await headerBottom(page)) - 1);
  });
}

for (const width of [360, 1440]) {
  test(`at ${width} px the page keeps clear of the sticky header before the app runs too`, async ({ browser }) => {
    // The server's page as it paints before any script: the stylesheet's height of the header.
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 800 } });
    const page = await context.newPage();
    await page.goto('/dairy-breakfast');
    const padding = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop));
    expect(padding).toBeGreaterThanOrEqual(Math.floor(await headerBottom(page)));
    // No more than a few pixels of room wasted above what is scrolled into view.
    expect(padding).toBeLessThan((await headerBottom(page)) + 4);
    await context.close();
  });

  test(`at ${width} px the sticky columns stay in view below the sticky header`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    // A listing's categories stay beside the products as they scroll, below the header.
    await page.goto('/dairy-breakfast');
    await page.waitForLoadState('networkidle');
    const categories = page.getByRole('navigation', { name: 'Dairy & Breakfast categories' });
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(async () => Math.round((await categories.boundingBox())!.y - (await headerBottom(page)))).toBe(8);
    expect(await stickyClearances(page)).toEqual([8]);

    // A product's picture, beside its details from 768 px, stops below the header likewise.
    if (width < 768) {
      // On a phone with something in the cart, the categories end above the floating cart bar.
      await page.getByRole('button', { name: /^Add / }).first().click();
      const bar = page.getByRole('button', { name: /View cart/ });
      await expect(bar).toBeVisible();
      await page.evaluate(() => window.scrollTo(0, 400));
      await expect
        .poll(async () => {
          const list = (await categories.boundingBox())!;
          return Math.round((await bar.boundingBox())!.y - (list.y + list.height));
        })
        .toBeGreaterThanOrEqual(0);
      return;
    }
    await page.goto('/products/1');
    await page.waitForLoadState('networkidle');
    expect(await stickyClearances(page)).toEqual([16]);
  });
}
