import type { Locator, Page } from '@playwright/test';

import type { Product } from '../../server/schemas/product';
import {
  addToCart,
  cartButton,
  cartPanel,
  expect,
  homeCard,
  homeProducts,
  storedValue,
  storeValue,
  headerBottom,
  test,
} from './fixtures';

const rupees = (amount: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(amount);
const paise = (amount: number) => Math.round(amount * 100);

const card = (page: Page, product: Product) => homeCard(page, product.name);
const billRow = (panel: Locator, label: string) => panel.getByRole('row', { name: new RegExp(`^${label}`) });

const addFromHome = (page: Page, product: Product) => addToCart(card(page, product), product.name);

/** The cart as IndexedDB holds it, so a reload is only done once the write has landed. */
const storedCart = (page: Page) => storedValue<{ items: { id: number; quantity: number }[] }>(page, 'cart');

test('Add turns into a stepper and the header button follows the cart', async ({ page, request }) => {
  const [product] = await homeProducts(request);
  await page.goto('/');
  await expect(cartButton(page)).toHaveAccessibleName('My Card');

  await addFromHome(page, product!);
  const stepper = card(page, product!).getByRole('group', { name: `${product!.name} quantity` });
  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(stepper).toContainText('2');
  await expect(cartButton(page)).toHaveAccessibleName(`2 Items ${rupees((paise(product!.price) * 2) / 100)}`);

  await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(cartButton(page)).toHaveAccessibleName(`1 Items ${rupees(product!.price)}`);
  await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
  // Back at 0 the product leaves the cart and focus lands on its Add button again.
  const add = card(page, product!).getByRole('button', { name: `Add ${product!.name} to cart` });
  await expect(add).toBeFocused();
  await expect(cartButton(page)).toHaveAccessibleName('My Card');
});

test('plus at 50 says why, inside the card on a phone, and the stepper keeps its shape', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  const [product] = await homeProducts(request);
  await page.goto('/');
  await addFromHome(page, product!);
  const stepper = card(page, product!).getByRole('group', { name: `${product!.name} quantity` });
  const plus = stepper.getByRole('button', { name: 'Increase quantity' });
  // The buttons fill the stepper's height: the note's live region takes no row of its grid.
  const fillsStepper = async () => {
    const [button, box] = await Promise.all([plus.boundingBox(), stepper.boundingBox()]);
    return button!.height === box!.height;
  };
  for (let quantity = 1; quantity < 50; quantity++) await plus.click();
  await expect(stepper).toContainText('50');
  await expect(plus).toHaveAttribute('aria-disabled', 'true');
  expect(await fillsStepper()).toBe(true);

  // Still pressable (a disabled button said nothing on a phone); Playwright counts aria-disabled as disabled.
  await plus.click({ force: true });
  const note = stepper.getByRole('status');
  await expect(note).toHaveText('Up to 50 of each item per order');
  await expect(cartButton(page)).toHaveAccessibleName(/^50 Items/);
  // Within the card: the home page's strip clips whatever overflows a slide.
  const [noteBox, cardBox] = await Promise.all([note.boundingBox(), card(page, product!).boundingBox()]);
  expect(noteBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(noteBox!.x + noteBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  expect(noteBox!.y).toBeGreaterThanOrEqual(cardBox!.y);
  expect(await fillsStepper()).toBe(true);
  await expect(note).toHaveText('', { timeout: 5000 });
  expect(await fillsStepper()).toBe(true);

  // The stepper just under the sticky header: the note above it would be under the header, so the
  // page moves down far enough to show it.
  const stepperTop = (await stepper.boundingBox())!.y;
  await page.evaluate((by) => window.scrollBy(0, by), stepperTop - (await headerBottom(page)) - 4);
  expect((await stepper.boundingBox())!.y - (await headerBottom(page))).toBeLessThan(10);
  await plus.click({ force: true });
  // Measured while it shows (once it hides, its empty box sits on the stepper); within a pixel
  // (the page scrolls by whole pixels).
  await expect
    .poll(
      async () => ({
        text: await note.textContent(),
        below: (await note.boundingBox())!.y >= (await headerBottom(page)) - 1,
      }),
      {
        timeout: 2000,
      },
    )
    .toEqual({ text: 'Up to 50 of each item per order', below: true });

  await stepper.getByRole('button', { name: 'Decrease quantity' }).click();
  await expect(plus).not.toHaveAttribute('aria-disabled');
  await expect(stepper.getByRole('status')).toHaveCount(0);
});

test('the bill charges ₹25 delivery up to ₹99 and none above, with the info dialog', async ({ page, request }) => {
  // The dearest product at or under ₹99: the fewest taps to cross the line.
  const product = (await homeProducts(request)).filter((p) => p.price <= 99).sort((a, b) => b.price - a.price)[0]!;
  const atOrUnder = Math.floor(9900 / paise(product.price));

  await page.goto('/');
  await addFromHome(page, product);
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: 'My Cart' })).toBeFocused();
  await expect(panel.getByText('Delivery in 9 minutes')).toBeVisible();

  const line = panel.getByRole('listitem').filter({ hasText: product.name });
  const stepper = line.getByRole('group', { name: `${product.name} quantity` });
  for (let quantity = 1; quantity < atOrUnder; quantity++) {
    await stepper.getByRole('button', { name: 'Increase quantity' }).click();
    await expect(stepper).toContainText(String(quantity + 1));
  }

  const under = (paise(product.price) * atOrUnder) / 100;
  expect(under).toBeLessThanOrEqual(99);
  await expect(billRow(panel, 'Items total')).toContainText(rupees(under));
  await expect(billRow(panel, 'Delivery charge')).toContainText('₹25.00');
  await expect(billRow(panel, 'Handling charge')).toContainText('₹5.00');
  await expect(billRow(panel, 'Grand total')).toContainText(rupees(under + 30));
  await expect(panel.getByRole('button', { name: /^Proceed/ })).toContainText(rupees(under + 30));

  await stepper.getByRole('button', { name: 'Increase quantity' }).click();
  const over = (paise(product.price) * (atOrUnder + 1)) / 100;
  expect(over).toBeGreaterThan(99);
  await expect(billRow(panel, 'Items total')).toContainText(rupees(over));
  await expect(billRow(panel, 'Delivery charge')).toContainText('FREE');
  await expect(billRow(panel, 'Delivery charge')).not.toContainText('₹25.00');
  await expect(billRow(panel, 'Grand total')).toContainText(rupees(over + 5));

  const deliveryInfo = panel.getByRole('button', { name: 'About the delivery charge' });
  await deliveryInfo.click();
  const info = page.getByRole('dialog', { name: 'Delivery charge' });
  await expect(info).toContainText('₹25');
  await expect(info).toContainText('below 99');
  await expect(info).toContainText('above 99');
  await info.getByRole('button', { name: 'Sounds good' }).click();
  await expect(info).toBeHidden();
  await expect(deliveryInfo).toBeFocused();

  await panel.getByRole('button', { name: 'About the handling charge' }).click();
  const handling = page.getByRole('dialog', { name: 'Handling charge' });
  await expect(handling).toContainText('₹5');
  // Escape closes only the topmost dialog.
  await page.keyboard.press('Escape');
  await expect(handling).toBeHidden();
  await expect(panel).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(cartButton(page)).toBeFocused();
});

test('remove takes items out; an empty cart invites the shopper back', async ({ page, request }) => {
  const [first, second] = await homeProducts(request);
  await page.goto('/');
  await addFromHome(page, first!);
  await addFromHome(page, second!);
  await cartButton(page).click();
  const panel = cartPanel(page);
  await expect(panel.getByRole('listitem')).toHaveCount(2);

  await panel.getByRole('button', { name: `Remove ${first!.name} from cart` }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(1);
  await expect(billRow(panel, 'Items total')).toContainText(rupees(second!.price));

  await panel.getByRole('button', { name: `Remove ${second!.name} from cart` }).click();
  await expect(panel.getByRole('heading', { name: 'Your cart is empty' })).toBeVisible();
  await expect(panel.getByRole('row')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Start shopping' }).click();
  await expect(panel).toBeHidden();
  await expect(cartButton(page)).toHaveAccessibleName('My Card');
});

test('the cart survives a reload', async ({ page, request }) => {
  const [product] = await homeProducts(request);
  await page.goto('/');
  await addFromHome(page, product!);
  await card(page, product!).getByRole('button', { name: 'Increase quantity' }).click();
  const label = `2 Items ${rupees((paise(product!.price) * 2) / 100)}`;
  await expect(cartButton(page)).toHaveAccessibleName(label);
  await expect.poll(async () => (await storedCart(page))?.items[0]?.quantity).toBe(2);

  await page.reload();
  await expect(cartButton(page)).toHaveAccessibleName(label);
  await expect(card(page, product!).getByRole('group', { name: `${product!.name} quantity` })).toContainText('2');
  await cartButton(page).click();
  await expect(cartPanel(page).getByRole('listitem').filter({ hasText: product!.name })).toContainText('2');
});

test('opening the cart refreshes prices and flags products that are gone', async ({ page, request }) => {
  const [product] = await homeProducts(request);
  // Stored from the static offline page, where the app does not run: an open store page could
  // read the cart first, refresh it and save the new prices before the visit below, which would
  // then find nothing to flag.
  await page.goto('/offline.html');
  // A cart saved days ago: one price has moved since, one product no longer exists.
  await storeValue(page, 'cart', {
    items: [
      {
        id: product!.id,
        name: product!.name,
        img: product!.img,
        discount: '',
        size: product!.packSize,
        price: 1,
        mrp: 1,
        quantity: 1,
      },
      {
        id: 999_999,
        name: 'Discontinued Biscuits',
        img: product!.img,
        discount: '',
        size: '100 g',
        price: 10,
        mrp: 10,
        quantity: 3,
      },
    ],
  });
  await page.goto('/');
  await cartButton(page).click();
  const panel = cartPanel(page);

  const fresh = panel.getByRole('listitem').filter({ hasText: product!.name });
  await expect(fresh).toContainText(rupees(product!.price));
  await expect(fresh).toContainText('Price updated');

  const gone = panel.getByRole('listitem').filter({ hasText: 'Discontinued Biscuits' });
  await expect(gone).toContainText('Currently unavailable');
  await expect(gone.getByRole('button', { name: 'Increase quantity' })).toHaveCount(0);
  // Left out of every total.
  await expect(cartButton(page)).toHaveAccessibleName(`1 Items ${rupees(product!.price)}`);
  await expect(billRow(panel, 'Items total')).toContainText(rupees(product!.price));

  await gone.getByRole('button', { name: 'Remove Discontinued Biscuits from cart' }).click();
  await expect(gone).toHaveCount(0);
});

test('Proceed asks a visitor to log in', async ({ page, request }) => {
  const [product] = await homeProducts(request);
  await page.goto('/');
  await addFromHome(page, product!);
  await cartButton(page).click();
  await cartPanel(page)
    .getByRole('button', { name: /^Proceed/ })
    .click();
  await expect(cartPanel(page)).toBeHidden();
  // The login dialog belongs to the auth feature; until it is mounted, check the popup state it reads.
  await expect.poll(() => storedValue(page, 'popups')).toEqual({ cart: false, login: true });
});

test('on a phone a bar at the bottom opens a full-width cart; on a desktop the panel sits right', async ({
  page,
  request,
}) => {
  const [product] = await homeProducts(request);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  const bar = page.getByRole('button', { name: /View cart/ });
  await expect(bar).toBeHidden();
  await addFromHome(page, product!);
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('1 Items');
  await expect(bar).toContainText(rupees(product!.price));
  await bar.click();
  const panel = cartPanel(page);
  await expect(panel).toBeVisible();
  // Polled: the sheet slides in.
  const edges = async () => {
    const box = (await panel.boundingBox())!;
    return { left: Math.round(box.x), right: Math.round(box.x + box.width) };
  };
  await expect.poll(edges).toEqual({ left: 0, right: 360 });
  await panel.getByRole('button', { name: 'Close cart' }).click();
  await expect(panel).toBeHidden();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(bar).toBeHidden();
  await cartButton(page).click();
  await expect(panel).toBeVisible();
  await expect.poll(edges).toEqual({ left: 1040, right: 1440 });
});
