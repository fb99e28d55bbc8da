import type { BrowserContext, Locator, Page } from '@playwright/test';

import type { Product } from '../../server/schemas/product';
import { addToCart, expect, offlineTiles, test } from './fixtures';

const PUNE = { latitude: 18.5204, longitude: 73.8567 };
/** How the gazetteer names a place: locality, city, state, PIN code (issue 16). */
const PUNE_PLACE = /Pune, Maharashtra 411\d{3}, India/;
const NAGPUR_PLACE = /Nagpur, Maharashtra 440\d{3}, India/;

let nextMobile = 0;
const mobile = () => `96${String(Date.now() % 1e6).padStart(6, '0')}${String(nextMobile++ % 100).padStart(2, '0')}`;

async function allowLocation(context: BrowserContext, where = PUNE) {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation(where);
}

const editor = (page: Page) => page.getByRole('dialog', { name: /^(Choose delivery location|Address details)$/ });
const mapOf = (scope: Locator) => scope.locator('.leaflet-container');
const addressForm = (scope: Locator) => scope.getByRole('form');

async function openSavedAddresses(page: Page, signIn: (page: Page, mobile: string) => Promise<void>) {
  await page.goto('/');
  await signIn(page, mobile());
  await page.goto('/account/address');
  await expect(page.getByRole('heading', { name: 'No saved addresses found.' })).toBeVisible();
}

/** Opens the editor with `scope`'s "+ Add new address" and confirms the current location (Pune). */
async function newAddressAtCurrentLocation(page: Page, scope: Page | Locator = page) {
  await scope.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = editor(page);
  await dialog.getByRole('button', { name: 'Use current location' }).click();
  await expect(dialog.getByText(PUNE_PLACE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  return dialog;
}

async function fillDetails(form: Locator, details: { building: string; name: string; mobile?: string }) {
  await form.getByLabel('Flat / House no / Building name').fill(details.building);
  await form.getByLabel('Your name').fill(details.name);
  if (details.mobile !== undefined) await form.getByLabel('Your mobile number (optional)').fill(details.mobile);
}

test('add, edit and delete an address through the map, with every validation message', async ({
  page,
  context,
  signIn,
}) => {
  // Three dialogs and every message: about 20 s alone, more beside another worker.
  test.setTimeout(60_000);
  await offlineTiles(page);
  await allowLocation(context);
  await openSavedAddresses(page, signIn);

  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = editor(page);
  await expect(dialog).toBeVisible();
  const form = addressForm(dialog);
  await expect(form.getByRole('heading', { name: 'Enter Complete Address' })).toBeVisible();

  // The confirm rule: no place yet.
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toHaveText("Your location couldn't be determined! Try again or enter manually.");
  await expect(alert).toBeHidden({ timeout: 5000 });

  // Every message of spec point 5.
  await form.getByRole('button', { name: 'Other' }).click();
  await form.getByLabel('Your mobile number (optional)').fill('12345');
  await form.getByRole('button', { name: 'Save Address' }).click();
  for (const message of [
    'Tag is required',
    'Please enter your complete address details',
    'Locality is required',
    'Name is required',
    'Please enter a valid 10-digit mobile number',
  ]) {
    await expect(form.getByText(message, { exact: true })).toBeVisible();
  }
  // Mobile input keeps digits only, at most 10.
  const mobileField = form.getByLabel('Your mobile number (optional)');
  await mobileField.fill('98765-43210 99');
  await expect(mobileField).toHaveValue('9876543210');
  // With its country code, pasted or typed key by key, it keeps the number's ten digits.
  await mobileField.fill('+91 98765 43212');
  await expect(mobileField).toHaveValue('9876543212');
  await mobileField.fill('');
  await mobileField.pressSequentially('+91 98765 43210');
  await expect(mobileField).toHaveValue('9876543210');

  // Current location (granted): Pune.
  await dialog.getByRole('button', { name: 'Use current location' }).click();
  await expect(dialog.getByText(PUNE_PLACE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  await expect(form.getByLabel('Locality')).toHaveValue(PUNE_PLACE);
  await expect(form.getByLabel('PIN code')).toHaveValue(/^411\d{3}$/);
  await expect(form.getByLabel('Locality')).toHaveAttribute('readonly', '');

  await form.getByLabel('Custom tag').fill("Parents' home");
  await fillDetails(form, { building: 'B-12, Shanti Niwas', name: 'Asha Rao' });
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();

  const list = page.getByRole('list', { name: 'Saved addresses' });
  const card = list.getByRole('article', { name: "Parents' home: B-12, Shanti Niwas" });
  await expect(card).toContainText(PUNE_PLACE);
  await expect(card).toContainText('Asha Rao · +91 9876543210');
  await expect(card).not.toContainText('Waiting for a connection');

  // Edit: the form opens filled in, in edit mode; a place search moves the address to Nagpur.
  await card.getByRole('button', { name: "Address options for Parents' home" }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(form.getByRole('heading', { name: 'Edit Address' })).toBeVisible();
  await expect(form.getByLabel('Custom tag')).toHaveValue("Parents' home");
  await dialog.getByRole('combobox', { name: 'Search for a place' }).fill('nagp');
  // The city first, then its localities (decision 027).
  await dialog
    .getByRole('option', { name: /Nagpur/ })
    .first()
    .click();
  await expect(dialog.getByText(NAGPUR_PLACE)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  await expect(form.getByLabel('Locality')).toHaveValue(NAGPUR_PLACE);
  // A new place brings its own PIN code.
  await expect(form.getByLabel('PIN code')).toHaveValue(/^440\d{3}$/);
  await form.getByRole('button', { name: 'Work' }).click();
  await form.getByLabel('Flat / House no / Building name').fill('Office 5, Sitabuldi Towers');
  await form.getByRole('button', { name: 'Update Address' }).click();
  await expect(dialog).toBeHidden();
  const edited = list.getByRole('article', { name: 'Work: Office 5, Sitabuldi Towers' });
  await expect(edited).toContainText(NAGPUR_PLACE);
  await expect(list.getByRole('article')).toHaveCount(1);
  // Focus is on the page, never on its body: back on the card's options or, while the change is
  // on its way (the card shows no options then), on the main content.
  await expect.poll(() => page.evaluate(() => document.activeElement !== document.body)).toBe(true);

  // Delete asks first; Cancel keeps it, and Escape too, with focus back on the card's options.
  const options = edited.getByRole('button', { name: 'Address options for Work' });
  await options.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this address?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(edited).toBeVisible();
  await expect(options).toBeFocused();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(confirm).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(options).toBeFocused();
  await options.click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('heading', { name: 'No saved addresses found.' })).toBeVisible();
  // The card is gone: focus is on the main content.
  await expect(page.locator('main#main')).toBeFocused();
});

test('without location permission the picker says so, and a click on the map still picks the place', async ({
  page,
  signIn,
}) => {
  await offlineTiles(page);
  await openSavedAddresses(page, signIn);
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = editor(page);
  await dialog.getByRole('button', { name: 'Use current location' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Failed to get your current location. Please try again.');
  // Trying again cannot help while the browser refuses: what can, beside the button, after the alert.
  const blocked =
    'Location access is blocked for this site. Allow it in your browser’s site settings, or search for your area or tap the map where you are.';
  await expect(dialog.getByText(blocked)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Use current location' })).toHaveAccessibleDescription(blocked);

  // The map opens on Mumbai (no previous address): a click near the pin names the place there.
  const map = mapOf(dialog);
  const box = (await map.boundingBox())!;
  await map.click({ position: { x: box.width / 2 - 60, y: box.height / 2 - 40 } });
  await expect(dialog.getByText(/Mumbai, Maharashtra 4\d{5}, India/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();
  const form = addressForm(dialog);
  await expect(form.getByLabel('Locality')).toHaveValue(/Mumbai, Maharashtra 4\d{5}, India$/);
  await fillDetails(form, { building: 'Flat 3, Sea View', name: 'Ravi' });
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page.getByRole('article', { name: 'Home: Flat 3, Sea View' })).toBeVisible();
});

test('an address added offline is shown as pending and saved when the connection returns', async ({
  page,
  context,
  signIn,
  consoleGuard,
}) => {
  // A long flow (map, form, book, checkout): about 25 s alone, more beside another worker.
  test.setTimeout(60_000);
  // Offline, the browser logs each request the service worker could not answer.
  consoleGuard.allow(/ERR_FAILED|ERR_INTERNET_DISCONNECTED/);
  await offlineTiles(page);
  await allowLocation(context);
  await openSavedAddresses(page, signIn);
  const dialog = await newAddressAtCurrentLocation(page);
  const form = addressForm(dialog);
  await fillDetails(form, { building: 'Flat 9, Offline Towers', name: 'Meera' });

  await context.setOffline(true);
  await form.getByRole('button', { name: 'Save Address' }).click();
  const card = page.getByRole('article', { name: 'Home: Flat 9, Offline Towers' });
  await expect(card).toContainText('Waiting for a connection');

  await context.setOffline(false);
  await expect(card).not.toContainText('Waiting for a connection');
  await page.reload();
  await expect(page.getByRole('article', { name: 'Home: Flat 9, Offline Towers' })).toBeVisible();
});

test('an edit based on an old copy is refused with a clear banner, and the current address is shown', async ({
  page,
  context,
  signIn,
  consoleGuard,
}) => {
  // The browser logs the refused PUT itself; the test checks what the shopper is told.
  consoleGuard.allow(/status of 409/);
  await offlineTiles(page);
  await allowLocation(context);
  await openSavedAddresses(page, signIn);
  const dialog = await newAddressAtCurrentLocation(page);
  await fillDetails(addressForm(dialog), { building: 'Flat 1, First Copy', name: 'Asha' });
  await addressForm(dialog).getByRole('button', { name: 'Save Address' }).click();
  const card = page.getByRole('article', { name: 'Home: Flat 1, First Copy' });
  await expect(card).toBeVisible();

  // Another device changes it meanwhile (same session, straight through the API).
  const session = await page.evaluate(() =>
    JSON.parse(decodeURIComponent(/_auth_state=([^;]+)/.exec(document.cookie)![1]!)),
  );
  // The card shows the address as soon as it is saved here; the server has it once the request lands.
  const stored = async () => (await (await page.request.get(`/api/address/?customer=${session.user.id}`)).json()).data;
  await expect.poll(async () => (await stored()).length).toBe(1);
  const [address] = await stored();
  const changed = await page.request.put(`/api/address/${address._id}`, {
    data: { ...address, buildingName: 'Flat 1, Other Device', version: address.version },
  });
  expect(changed.status()).toBe(200);

  await card.getByRole('button', { name: 'Address options for Home' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await addressForm(dialog).getByLabel('Flat / House no / Building name').fill('Flat 1, My Edit');
  await addressForm(dialog).getByRole('button', { name: 'Update Address' }).click();
  const banner = page.getByRole('alert').filter({ hasText: 'changed on another device' });
  await expect(banner).toBeVisible();
  await expect(page.getByRole('article', { name: 'Home: Flat 1, Other Device' })).toBeVisible();
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
});

test('choose a delivery address in the cart, then Proceed goes to checkout and closes the cart', async ({
  page,
  context,
  request,
  signIn,
}) => {
  await offlineTiles(page);
  await allowLocation(context);
  await page.goto('/');
  await signIn(page, mobile());
  const products: Product[] = await (await request.get('/api')).json();
  const product = products.find((p) => p.inStock)!;
  await addToCart(page, product.name);
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^\d+ Items/ })
    .click();
  const cart = page.getByRole('dialog', { name: 'My Cart' });
  // No delivery address yet: the spec's text.
  await expect(cart.getByText('Delivery in 9 minutes')).toBeVisible();
  await cart.getByRole('button', { name: /^Proceed/ }).click();
  const addresses = page.getByRole('dialog', { name: 'Select delivery address' });
  await expect(addresses.getByRole('heading', { name: 'No addresses found.' })).toBeVisible();
  // No address chosen yet: nothing to proceed with.
  await expect(addresses.getByRole('button', { name: /^Proceed/ })).toHaveCount(0);

  const dialog = await newAddressAtCurrentLocation(page, addresses);
  await fillDetails(addressForm(dialog), { building: 'House 7, Koregaon Park', name: 'Asha' });
  await addressForm(dialog).getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();

  // Once saved, the address just added is the delivery address: no second tap.
  const choice = addresses.getByRole('button', { name: /House 7, Koregaon Park/ });
  await expect(choice).toBeEnabled();
  await expect(choice).toHaveAttribute('aria-pressed', 'true');
  // 'Delivering here' sits beside the tag: the address keeps the card's width, not a narrow column.
  await expect(choice.getByText('Delivering here')).toBeVisible();
  const [line, card] = await Promise.all([
    choice.getByText(/House 7, Koregaon Park/).boundingBox(),
    choice.boundingBox(),
  ]);
  expect(line!.width).toBeGreaterThan(card!.width * 0.7);
  await addresses.getByRole('button', { name: /^Proceed/ }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(addresses).toBeHidden();
  await expect(cart).toBeHidden();

  // With a delivery address, the cart says how soon from the nearest dark store's distance.
  const served = await (
    await request.get(`/api/delivery/serviceability?lat=${PUNE.latitude}&lng=${PUNE.longitude}`)
  ).json();
  expect(served.data.message).toMatch(/^Delivery in \d+ minutes$/);
  await page.goto('/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: /^\d+ Items?/ })
    .click();
  await expect(cart.getByText(served.data.message)).toBeVisible();
});

test('a place found by name fills its PIN code, which the address book and checkout show (issue 16)', async ({
  page,
  request,
  signIn,
}) => {
  // A long flow (map, form, book, checkout): about 25 s alone, more beside another worker.
  test.setTimeout(60_000);
  await offlineTiles(page);
  await openSavedAddresses(page, signIn);
  await page.getByRole('button', { name: '+ Add new address' }).click();
  const dialog = editor(page);
  await dialog.getByRole('combobox', { name: 'Search for a place' }).fill('Koramangala');
  await dialog
    .getByRole('option', { name: /Koramangala/ })
    .first()
    .click();
  await expect(dialog.getByText(/Koramangala/).first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Confirm location' }).click();

  // Filled from the map, next to the locality, for a numeric keyboard and postal-code autofill.
  const form = addressForm(dialog);
  const pin = form.getByLabel('PIN code');
  await expect(pin).toHaveValue(/^5600\d\d$/);
  const pincode = await pin.inputValue();
  await expect(pin).toHaveAttribute('inputmode', 'numeric');
  await expect(pin).toHaveAttribute('autocomplete', 'postal-code');
  await expect(pin).toHaveAttribute('maxlength', '6');

  // Editable, digits only, and checked with the server's message.
  await pin.fill('56oo34');
  await expect(pin).toHaveValue('5634');
  await pin.fill('060034');
  await expect(pin).toHaveValue('060034');
  await fillDetails(form, { building: 'Flat 4, Lake View', name: 'Asha Rao' });
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Please enter a valid 6-digit PIN code (it does not start with 0)')).toBeVisible();
  await expect(pin).toBeFocused();
  await pin.fill(pincode);
  await expect(form.getByText('Please enter a valid 6-digit PIN code (it does not start with 0)')).toBeHidden();
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();

  // The address book.
  const card = page
    .getByRole('list', { name: 'Saved addresses' })
    .getByRole('article', { name: 'Home: Flat 4, Lake View' });
  await expect(card).toContainText(pincode);
  await expect(card).toContainText(/Koramangala/);
  await expect(card).not.toContainText('Waiting for a connection');

  // Checkout: the picker and the delivery address card.
  const products: Product[] = await (await request.get('/api')).json();
  const product = products.find((p) => p.inStock)!;
  await page.goto('/');
  await addToCart(page, product.name);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: /^(Choose|Change)$/ }).click();
  const picker = page.getByRole('dialog', { name: 'Select delivery address' });
  const choice = picker.getByRole('button', { name: /Flat 4, Lake View/ });
  await expect(choice).toContainText(pincode);
  await choice.click();
  await expect(picker).toBeHidden();
  const delivery = main.getByRole('region', { name: 'Delivery address' });
  await expect(delivery).toContainText('Flat 4, Lake View');
  await expect(delivery).toContainText(pincode);
});

test('a PIN code of another city is refused beside its field before saving, with the draft kept', async ({
  page,
  context,
  signIn,
}) => {
  await offlineTiles(page);
  await allowLocation(context);
  await openSavedAddresses(page, signIn);
  const dialog = await newAddressAtCurrentLocation(page);
  const form = addressForm(dialog);
  const pin = form.getByLabel('PIN code');
  const pune = await pin.inputValue();
  expect(pune).toMatch(/^411\d{3}$/);
  await pin.fill('110001');
  await fillDetails(form, { building: 'Flat 12, Shanti Kunj', name: 'Ravi Kulkarni' });
  await form.getByRole('button', { name: 'Save Address' }).click();

  const message =
    'PIN code 110001 is in Delhi, far from the location on the map. Check the PIN code, or change the location.';
  await expect(form.getByText(message)).toBeVisible();
  await expect(pin).toBeFocused();
  await expect(pin).toHaveAccessibleDescription(message);
  await expect(form.getByLabel('Flat / House no / Building name')).toHaveValue('Flat 12, Shanti Kunj');
  await expect(page.getByRole('alert')).toHaveCount(0);

  await pin.fill(pune);
  await expect(form.getByText(message)).toBeHidden();
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(dialog).toBeHidden();
  const card = page
    .getByRole('list', { name: 'Saved addresses' })
    .getByRole('article', { name: 'Home: Flat 12, Shanti Kunj' });
  await expect(card).toContainText(pune);
});
