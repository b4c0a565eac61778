import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { basicAuth, BILLING, createOrder, refusedOp, screenshot } from './helpers';
import { type MerchantStub } from './merchant-stub';
import { REJECT_TEXT, REJECTED_POSTCODE, startShop } from './shop-stub';

/** Fills the create form: two lines, the stub's callbacks, the merchant's shipping options and Germany. */
async function fillCreateForm(page: Page, shop: MerchantStub) {
  const form = page.getByTestId('create-form');
  await form.getByTestId('cart-add-line').click();
  const line = form.getByTestId('cart-line').nth(1);
  await line.getByTestId('cart-line-reference').fill('usb-c-2m');
  await line.getByTestId('cart-line-name').fill('USB-C cable 2 m');
  await line.getByTestId('cart-line-quantity').fill('1');
  await line.getByTestId('cart-line-unit_price').fill('129');
  await line.getByTestId('cart-line-discount').fill('10');
  // total = 1 × 129.00 − 10.00; tax = 119.00 − 119.00 × 100 / 125
  await expect(line.getByTestId('cart-line-total')).toHaveText('SEK 119.00');
  await expect(line.getByTestId('cart-line-tax')).toHaveText('SEK 23.80');
  await expect(form.getByTestId('cart-total')).toHaveText('SEK 619.00');
  await expect(form.getByTestId('cart-tax-total')).toHaveText('SEK 123.80');

  await form.getByTestId('url-address_update').fill(`${shop.url}/address`);
  await form.getByTestId('url-country_change').fill(`${shop.url}/country`);
  await form.getByTestId('url-shipping_option_update').fill(`${shop.url}/shipping`);
  await form.getByTestId('url-validation').fill(`${shop.url}/validation`);
  await expect(form.getByTestId('url-validation-warning')).toContainText('would be refused in production');
  await form.getByTestId('create-shipping-countries').fill('DE');
  await form.getByTestId('create-offer-options').check();
  await expect(form.getByTestId('option-row')).toHaveCount(2);
  await expect(form.getByTestId('option-row').first().getByTestId('option-tax')).toHaveText('SEK 9.80');
}

test('a session from the create form to a completed purchase, against a merchant stub', async ({
  page,
  sim,
}) => {
  test.setTimeout(60_000);
  const shop = await startShop();
  try {
    await page.goto(sim.console);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    await page.getByTestId('orders-empty-new').click();
    await fillCreateForm(page, shop);
    await screenshot(page, 'create-order');
    await page.getByTestId('create-submit').click();

    await expect(page).toHaveURL(/#\/orders\/[0-9a-f-]{36}$/);
    const orderId = await page.getByTestId('order-id').innerText();
    await expect(page.getByTestId('production-only-notes')).toContainText(
      'merchant_urls.address_update is not https: it would be refused in production',
    );
    await expect(page.getByTestId('callback-validation')).toContainText(`${shop.url}/validation`);
    await expect(page.getByTestId('callback-notification')).toContainText('not registered');
    await expect(page.getByTestId('step-address')).toHaveAttribute('data-state', 'current');

    // Country: the stub answers the German market in euros; the diff shows the currency and the repriced lines.
    await page.getByTestId('step-country').click();
    await page.getByTestId('country-select').selectOption('DE');
    await page.getByTestId('country-submit').click();
    const result = page.getByTestId('step-result');
    await expect(result).toHaveAttribute('data-step', 'country');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('applied');
    await expect(result.getByTestId('step-result-message')).toHaveText(
      /^Your server answered 200 to country_change: its answer changed \d+ fields of the order\.$/,
    );
    await expect(result.getByTestId('diff-field-purchase_currency')).toContainText('SEK');
    await expect(result.getByTestId('diff-field-purchase_currency')).toContainText('EUR');
    await expect(page.getByTestId('order-amount')).toHaveText('56,28 €');

    // Address 1: refused by the merchant with a text the customer sees.
    const panel = page.getByTestId('step-panel');
    await expect(panel).toHaveAttribute('data-step', 'address');
    await panel.getByTestId('address-fill').click();
    await expect(panel.getByTestId('billing-city')).toHaveValue('Berlin');
    await panel.getByTestId('billing-postal_code').fill(REJECTED_POSTCODE);
    await panel.getByTestId('address-submit').click();
    await expect(result).toHaveAttribute('data-step', 'address');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('rejected');
    await expect(result.getByTestId('step-result-message')).toHaveText(
      `Your server answered 400 address_error to address_update: the customer stays in the checkout and sees: “${REJECT_TEXT}”.`,
    );
    await expect(result.getByTestId('step-result-exchange')).toHaveText('address_update → 400');
    await expect(panel).toHaveAttribute('data-step', 'address');
    await expect(page.getByTestId('first-failure')).toHaveAttribute('data-kind', 'refused');
    await screenshot(page, 'session-rejected');

    // Address 2: accepted, and the merchant adds a line: the diff shows it.
    await panel.getByTestId('address-fill').click();
    await expect(panel.getByTestId('billing-city')).toHaveValue('München');
    await panel.getByTestId('address-submit').click();
    await expect(result.getByTestId('step-result-outcome')).toHaveText('applied');
    await expect(result.getByTestId('step-result-message')).toHaveText(
      /^Your server answered 200 to address_update: its answer changed \d+ fields? of the order\.$/,
    );
    const added = result.getByTestId('diff-line').and(page.locator('[data-kind="added"]'));
    await expect(added).toHaveCount(1);
    await expect(added).toContainText('Transport insurance');
    await expect(result.getByTestId('diff-field-order_amount')).toContainText('56,28 €');
    await expect(result.getByTestId('diff-field-order_amount')).toContainText('59,27 €');
    await expect(page.getByTestId('step-address-summary')).toHaveText('Jonas Schneider, München');
    // The refusal is history now: listed with the steps, no longer the notice on top of the order.
    await expect(page.getByTestId('first-failure')).toHaveCount(0);
    await expect(page.getByTestId('history-outcome')).toContainText(['rejected', 'applied']);
    await screenshot(page, 'session-diff');

    // Shipping option: the stub's answer carries the fee line.
    await expect(panel).toHaveAttribute('data-step', 'shipping');
    await expect(panel.getByTestId('shipping-option-standard')).toContainText('preselected');
    await expect(panel.getByTestId('shipping-option-express')).toContainText('9,90 €');
    await panel.getByTestId('shipping-option-express').click();
    await panel.getByTestId('shipping-submit').click();
    await expect(result).toHaveAttribute('data-step', 'shipping_option');
    await expect(result.getByTestId('diff-line').and(page.locator('[data-kind="added"]'))).toContainText(
      'DHL Express',
    );

    // Pay: validation answers 200 and the purchase completes.
    await expect(panel).toHaveAttribute('data-step', 'pay');
    await panel.getByTestId('fraud-PENDING').click();
    await panel.getByTestId('fraud-ACCEPTED').click();
    await expect(panel.getByTestId('pay-submit')).toHaveText('Pay 69,17 €');
    await panel.getByTestId('pay-submit').click();
    await expect(result).toHaveAttribute('data-step', 'complete');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('completed');
    await expect(result.getByTestId('step-result-message')).toHaveText(
      'Your server answered 200 to validation: the purchase completes.',
    );
    await expect(page.getByTestId('order-status')).toHaveText('checkout complete');
    await expect(page.getByTestId('order-headline')).toHaveAttribute('data-state', 'completed');
    await expect(panel.getByTestId('after-purchase')).toBeVisible();
    await expect(page.getByTestId('history-entry')).toHaveCount(5);
    await expect(page.getByTestId('history-outcome')).toHaveText([
      'applied',
      'rejected',
      'applied',
      'applied',
      'completed',
    ]);
    await screenshot(page, 'session-completed');

    // A completed session takes no more steps: the forms are disabled.
    await page.getByTestId('step-address').click();
    await expect(panel.getByTestId('billing-given_name')).toBeDisabled();
    await expect(panel.getByTestId('address-submit')).toBeDisabled();
    expect(shop.calls.map((c) => c.path)).toEqual([
      '/country',
      '/address',
      '/address',
      '/shipping',
      '/validation',
    ]);

    // The exchange link opens the log on that order, with the exchange unfolded.
    await page.getByTestId('step-country').click();
    await page.getByTestId('session-history').locator('summary').click(); // the history folds out on demand
    await page.getByTestId('history-entry').nth(1).getByTestId('step-result-exchange').click();
    await expect(page.getByTestId('log-filter')).toHaveValue(orderId);
    await expect(page.getByTestId('log-count')).toHaveAttribute('data-server-filter', 'true');
    const detail = page.getByTestId('exchange-detail');
    await expect(detail).toHaveCount(1);
    await expect(detail.getByTestId('exchange-response-body')).toContainText(REJECT_TEXT);
  } finally {
    await shop.close();
  }
});

test.describe('a session driven from elsewhere', () => {
  // Paying before the address is refused on purpose (409); the browser logs it.
  test.use({ expectedConsoleErrors: [refusedOp('session.complete', 409)] });

  test('refused steps show inline, script steps show live, and an aborted session locks', async ({
    page,
    sim,
  }) => {
    const order = await createOrder(sim.api);
    const orderId = String(order.order_id);
    await page.goto(`${sim.console}/#/orders/${orderId}`);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

    // Pay before any address: the simulator refuses the step, and the form says why.
    await page.getByTestId('step-pay').click();
    await page.getByTestId('pay-submit').click();
    const error = page.getByTestId('pay-error');
    await expect(error).toHaveAttribute('data-code', 'STEP_OUT_OF_ORDER');
    await expect(error).toContainText('This step cannot run yet');
    await expect(error).toContainText('the customer has not entered an address yet');

    // A QA script enters the address through the automation API: the page follows without a reload.
    const res = await fetch(`${sim.api}/test_helpers/checkout/orders/${orderId}/address`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: basicAuth() },
      body: JSON.stringify({
        billing_address: BILLING,
      }),
    });
    expect(res.status).toBe(200);
    await expect(page.getByTestId('history-entry')).toHaveCount(1);
    await expect(page.getByTestId('step-address-summary')).toHaveText('Erik Lindqvist, Stockholm');
    await expect(page.getByTestId('step-result-message')).toHaveText(
      'No address_update is registered: the address is taken as entered.',
    );

    await page.getByTestId('session-abort').click();
    await page.getByTestId('session-abort-confirm').click();
    await expect(page.getByTestId('order-headline')).toHaveAttribute('data-state', 'aborted');
    await expect(page.getByTestId('order-status')).toHaveText('aborted');
    await page.getByTestId('step-pay').click();
    await expect(page.getByTestId('pay-submit')).toBeDisabled();
  });
});
