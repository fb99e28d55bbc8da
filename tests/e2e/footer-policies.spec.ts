import type { Page } from '@playwright/test';

import { addToCart, expect, homeCard, homeProducts, scrollPast, test } from './fixtures';

const POLICIES = [
  {
    link: 'Privacy Policy',
    path: '/policies/privacy_policy',
    facts: [/18 years of age or older/],
  },
  {
    link: 'Shipping Policy',
    path: '/policies/shipping_policy',
    facts: [/within India only/, /1-2 working days/, /within 4 working days/, /Mon-Sat 10:00am-8:00pm/],
  },
  {
    link: 'Terms & Conditions',
    path: '/policies/terms_and_conditions',
    facts: [/governed by the laws of India/, /jurisdiction of the courts in Mysore/],
  },
  {
    link: 'Refund Policy',
    path: '/policies/refund_policy',
    facts: [
      /package is damaged/,
      /boxes are unsealed/,
      /wrong item is sent/,
      /by e-mail with photos within 24 hours/,
      /credited within 72 working hours/,
      /No returns, because our items are edible/,
    ],
  },
];

test.describe('footer', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('links to every policy page, and each shows its key facts and title', async ({ page }) => {
    for (const policy of POLICIES) {
      await page.goto('/');
      const footer = page.getByRole('contentinfo');
      await footer.getByRole('link', { name: policy.link }).click();
      await expect(page).toHaveURL(new RegExp(`${policy.path}$`));
      const article = page.getByRole('main').getByRole('article');
      await expect(article.getByRole('heading', { level: 1, name: policy.link })).toBeVisible();
      await expect.poll(() => article.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
      for (const fact of policy.facts) await expect(article.getByText(fact).first()).toBeVisible();
      await expect(page).toHaveTitle(`${policy.link} | QuickCart`);
    }
  });

  test('has no dead links, and offers India and rupees only', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', { name: 'Refund Policy' })).toBeVisible();
    await expect(footer.getByRole('navigation', { name: 'All categories' }).getByRole('link').first()).toBeVisible();
    const hrefs = await footer.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(8);
    for (const href of hrefs) expect(href, 'footer link target').toMatch(/^(\/[a-z]|mailto:)/);
    await expect(footer.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', /^mailto:/);

    const region = footer.getByRole('combobox', { name: 'Currency and country' });
    await expect(region).toHaveValue('INR-IN');
    await expect(region.locator('option:checked')).toHaveText('INR ₹ | India');
    await expect(footer.getByText(/only in India/)).toBeVisible();
  });

  test('subscribe checks the address, confirms and remembers it', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });

    await email.fill('not-an-email');
    await subscribe.click();
    await expect(footer.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toBeFocused();

    await email.fill('asha@example.in');
    await subscribe.click();
    await expect(footer.getByText('Thanks for subscribing!')).toBeVisible();
    await expect(email).toHaveValue('');
    await expect(footer.getByText('Please enter a valid email address')).toBeHidden();

    await page.reload();
    await expect(page.getByRole('contentinfo').getByText('You are subscribed as asha@example.in.')).toBeVisible();
  });

  test('is hidden on account and checkout paths', async ({ page, signIn }) => {
    // A real session: a made-up one is refused by the server, and the app then signs out and
    // leaves the page (which made this test depend on timing).
    await page.goto('/');
    await signIn(page, '9420000010');
    await expect(page.getByRole('contentinfo')).toBeVisible();
    for (const path of ['/checkout', '/account', '/account/orders']) {
      await page.goto(path);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
    }
  });
});

test('a policy path the store does not have is a not-found page', async ({ page, consoleGuard }) => {
  consoleGuard.allow(/status of 404/);
  await page.goto('/policies/cookie_policy');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('QuickCart: groceries delivered in minutes');
});

test('the scroll-to-top button appears after 300 px of scrolling', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/policies/privacy_policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const button = page.getByRole('button', { name: 'Scroll to top' });
  await expect(button).toBeHidden();
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 250);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(250);
  await expect(button).toBeHidden();
  await page.mouse.wheel(0, 150);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toBeHidden();
});

/**
 * Scrolls to the very end (the button's room at the foot appears with it, so once more after it
 * shows) and names what of the page's content the floating controls cover: the text and controls
 * in main and the footer whose boxes meet the scroll-to-top button's or the cart bar's.
 */
async function coveredAtTheEnd(page: Page) {
  const button = page.getByRole('button', { name: 'Scroll to top' });
  const toEnd = () => page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  // Until it shows: a page still settling (content arriving, the router restoring the scroll)
  // can move the page back up.
  await expect
    .poll(async () => {
      await toEnd();
      return button.isVisible();
    })
    .toBe(true);
  await toEnd();
  await expect
    .poll(() =>
      page.evaluate(() => Math.ceil(window.scrollY + window.innerHeight) >= document.documentElement.scrollHeight),
    )
    .toBe(true);
  return page.evaluate(() => {
    const floating = [...document.querySelectorAll('button')]
      .filter((b) => b.getAttribute('aria-label') === 'Scroll to top' || b.textContent!.includes('View cart'))
      .map((b) => ({ name: b.getAttribute('aria-label') ?? 'View cart', box: b.getBoundingClientRect() }));
    const content = document.querySelectorAll(
      'main p, main li, main h1, main h2, main h3, main a, main button, main label, footer p, footer li, footer a, footer label, footer input, footer select, footer button',
    );
    return [...content].flatMap((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) return [];
      return floating
        .filter(
          ({ box: at }) => box.left < at.right && box.right > at.left && box.top < at.bottom && box.bottom > at.top,
        )
        .map(
          ({ name }) => `${name} covers <${element.tagName.toLowerCase()}> ${element.textContent!.trim().slice(0, 40)}`,
        );
    });
  });
}

test.describe('the scroll-to-top button at the end of the page', () => {
  test('covers nothing of the footer at 360 px, nor at 1440 px', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/policies/privacy_policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    const lastLine = page.getByRole('contentinfo').getByText(/Groceries delivered in minutes across India/);
    await expect(lastLine).toBeAttached();
    expect(await coveredAtTheEnd(page)).toEqual([]);
    await expect(lastLine).toBeInViewport();

    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await coveredAtTheEnd(page)).toEqual([]);
    await expect(lastLine).toBeInViewport();
  });

  test('at 360 px, above the cart bar, covers nothing of the footer, and stays off checkout', async ({
    page,
    signIn,
  }) => {
    await page.setViewportSize({ width: 360, height: 640 });
    await page.goto('/');
    // A number of its own: the footer test above has just asked OTPs for 9420000010.
    await signIn(page, '9400000360');
    const [product] = await homeProducts(page.request);
    await addToCart(homeCard(page, product!.name), product!.name);

    await page.goto('/policies/privacy_policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByRole('button', { name: /View cart/ })).toBeVisible();
    expect(await coveredAtTheEnd(page)).toEqual([]);

    // No footer at checkout, and no button either: anywhere on the page it would float over the
    // payment's buttons (Place order, Pay another way) at this width.
    await page.goto('/checkout');
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await scrollPast(page, 300);
    await expect(page.getByRole('button', { name: 'Scroll to top' })).toHaveCount(0);
  });
});
