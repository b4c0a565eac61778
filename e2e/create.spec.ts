import { expect, test } from './fixtures';
import { refusedOp, screenshot } from './helpers';

// The test provokes the simulator's refusal on purpose; the browser logs the 400.
test.use({ expectedConsoleErrors: [refusedOp('orders.create')] });

test('the create form shows problems next to their fields and remembers the merchant URLs', async ({
  page,
  sim,
}) => {
  await page.goto(sim.console);
  await page.getByTestId('orders-empty-new').click();
  const form = page.getByTestId('create-form');
  const line = form.getByTestId('cart-line').first();

  // A field that does not parse is caught before anything is sent.
  await line.getByTestId('cart-line-quantity').fill('two');
  await expect(line.getByTestId('cart-line-total')).toHaveText('—');
  await form.getByTestId('create-submit').click();
  await expect(form.getByTestId('cart-line-error')).toHaveText(
    'order_lines[0].quantity: must be a whole number',
  );

  // The simulator's own rules, run on the draft, land next to the fields they name.
  await line.getByTestId('cart-line-quantity').fill('2');
  await line.getByTestId('cart-line-name').fill('');
  await form.getByTestId('url-terms').fill('');
  await form.getByTestId('create-offer-options').check();
  await form.getByTestId('option-row').first().getByTestId('option-id').fill('');
  await form.getByTestId('create-submit').click();
  await expect(form.getByTestId('create-error')).toHaveAttribute('data-code', 'FORM_INVALID');
  await expect(form.getByTestId('url-terms-error')).toHaveText('is required');
  await expect(form.getByTestId('cart-line-error')).toContainText('order_lines[0].name');
  await expect(form.getByTestId('option-error')).toContainText('shipping_options[0].id');
  await screenshot(page, 'create-errors');

  await line.getByTestId('cart-line-name').fill('Battery Power Pack');
  await form.getByTestId('url-terms').fill('https://shop.example/terms');
  await form.getByTestId('option-row').first().getByTestId('option-id').fill('standard');
  await form.getByTestId('url-validation').fill('https://shop.example/validation');
  await form.getByTestId('create-purchase_country').fill('DE');
  await expect(form.getByTestId('create-purchase_currency')).toHaveValue('EUR');
  await form.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/orders\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('order-amount')).toHaveText('500,00 €');
  await expect(page.getByTestId('session-warnings')).toHaveCount(0);

  // Next time, the form starts from the same market and URLs.
  await page.goto(`${sim.console}/#/orders/new`);
  await expect(page.getByTestId('url-validation')).toHaveValue('https://shop.example/validation');
  await expect(page.getByTestId('url-terms')).toHaveValue('https://shop.example/terms');
  await expect(page.getByTestId('create-purchase_country')).toHaveValue('DE');
});

test('the create form reports every problem at once beside its field, focuses the first, and Reset brings the sample back', async ({
  page,
  sim,
}) => {
  await page.goto(`${sim.console}/#/orders/new`);
  const form = page.getByTestId('create-form');
  const line = form.getByTestId('cart-line').first();
  await expect(line.getByTestId('cart-line-name')).toHaveValue('Battery Power Pack');

  // A URL that is not a URL is an error as you type, not a warning.
  await form.getByTestId('url-validation').fill('shop.example/validate');
  await expect(form.getByTestId('url-validation-error')).toContainText('is not a URL');
  await expect(form.getByTestId('url-validation-warning')).toHaveCount(0);
  await expect(form.getByTestId('url-validation')).toHaveAttribute('aria-invalid', 'true');

  // Four problems in four places, reported together; nothing is sent.
  await line.getByTestId('cart-line-name').fill('');
  await form.getByTestId('url-terms').fill('');
  await form.getByTestId('create-purchase_currency').fill('EURO');
  await form.getByTestId('create-submit').click();
  await expect(form.getByTestId('create-error')).toHaveAttribute('data-code', 'FORM_INVALID');
  await expect(form.getByTestId('create-error')).toContainText('nothing was sent');
  await expect(form.getByTestId('create-purchase_currency-error')).toHaveText(
    'must be a three-letter ISO 4217 currency code',
  );
  await expect(form.getByTestId('cart-line-error')).toHaveText('order_lines[0].name: must not be empty');
  await expect(form.getByTestId('url-terms-error')).toHaveText('is required');
  await expect(form.getByTestId('url-validation-error')).toContainText('is not a URL');
  await expect(page).toHaveURL(/#\/orders\/new$/);

  // The first of them (in the page's order) has the focus; each names its error.
  const currency = form.getByTestId('create-purchase_currency');
  await expect(currency).toBeFocused();
  for (const field of [currency, form.getByTestId('url-terms'), line.getByTestId('cart-line-name')]) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    const described = (await field.getAttribute('aria-describedby'))!;
    await expect(page.locator(`[id="${described}"]`)).not.toHaveText('');
  }
  await screenshot(page, 'create-all-errors');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'create-all-errors-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Reset: the sample again, and no errors.
  await form.getByTestId('create-reset').click();
  await expect(line.getByTestId('cart-line-name')).toHaveValue('Battery Power Pack');
  await expect(form.getByTestId('url-terms')).toHaveValue('https://example.com/terms');
  await expect(form.getByTestId('url-validation')).toHaveValue('');
  await expect(form.getByTestId('create-purchase_currency')).toHaveValue('SEK');
  await expect(form.getByTestId('create-error')).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);
  await form.getByTestId('create-submit').click();
  await expect(page).toHaveURL(/#\/orders\/[0-9a-f-]{36}$/);
});

test('a skip link leads past the sidebar to the page', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/orders`);
  await page.keyboard.press('Tab');
  const skip = page.getByTestId('skip-link');
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await screenshot(page, 'skip-link');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('main')).toBeFocused();
  // The next Tab lands in the page, not in the sidebar's navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.closest('main') !== null)).toBe(true);
});
