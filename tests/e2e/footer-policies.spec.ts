import { expect, test } from './fixtures';

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
      expect(await article.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(2);
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
    await signIn(page, '9400000001');
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
