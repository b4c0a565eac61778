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

  // The simulator's own problems land next to the fields they name.
  await line.getByTestId('cart-line-quantity').fill('2');
  await line.getByTestId('cart-line-name').fill('');
  await form.getByTestId('url-terms').fill('');
  await form.getByTestId('create-offer-options').check();
  await form.getByTestId('option-row').first().getByTestId('option-id').fill('');
  await form.getByTestId('create-submit').click();
  await expect(form.getByTestId('create-error')).toHaveAttribute('data-code', 'BAD_VALUE');
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
  await expect(page.getByTestId('order-amount')).toHaveText('500.00 EUR');
  await expect(page.getByTestId('session-warnings')).toHaveCount(0);

  // Next time, the form starts from the same market and URLs.
  await page.goto(`${sim.console}/#/orders/new`);
  await expect(page.getByTestId('url-validation')).toHaveValue('https://shop.example/validation');
  await expect(page.getByTestId('url-terms')).toHaveValue('https://shop.example/terms');
  await expect(page.getByTestId('create-purchase_country')).toHaveValue('DE');
});
