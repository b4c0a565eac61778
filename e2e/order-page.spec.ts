import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';
import { startMerchantStub } from './merchant-stub';

/** The sample order with two shipping options of the merchant's (standard preselected) and DE offered too. */
const withOptions = (urls: Record<string, string> = {}) => ({
  ...SAMPLE_ORDER,
  shipping_countries: ['DE'],
  merchant_urls: { ...SAMPLE_ORDER.merchant_urls, ...urls },
  shipping_options: [
    { id: 'standard', name: 'Standard', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true },
    { id: 'express', name: 'Express', price: 9900, tax_amount: 1980, tax_rate: 2500 },
  ],
});

test('before pay the total carries the chosen option’s fee; a fee the merchant left out is warned about then', async ({
  page,
  sim,
}) => {
  // No shipping_option_update: the simulator adds the fee at completion, and the total says so before.
  const plain = String((await createOrder(sim.api, withOptions())).order_id);
  await page.goto(`${sim.console}/#/orders/${plain}`);
  const panel = page.getByTestId('step-panel');
  await panel.getByTestId('address-fill').click();
  await panel.getByTestId('address-submit').click();
  await expect(panel).toHaveAttribute('data-step', 'shipping');
  await panel.getByTestId('shipping-option-express').click();
  await panel.getByTestId('shipping-submit').click();
  await expect(panel).toHaveAttribute('data-step', 'pay');
  await expect(panel.getByTestId('customer-totals-items')).toHaveText('500,00 kr');
  await expect(panel.getByTestId('customer-totals-shipping')).toHaveText('99,00 kr');
  await expect(panel.getByTestId('customer-totals-total')).toHaveText('599,00 kr');
  await expect(panel.getByTestId('pay-submit')).toHaveText('Pay 599,00 kr');
  await expect(panel.getByTestId('customer-warnings')).toHaveCount(0);
  await screenshot(page, 'order-pay-totals');

  // A shipping_option_update that answers without a shipping_fee line: the warning comes at that step.
  const shop = await startMerchantStub({ '/shipping': () => ({ status: 200, body: {} }) });
  try {
    const id = String(
      (await createOrder(sim.api, withOptions({ shipping_option_update: `${shop.url}/shipping` }))).order_id,
    );
    await page.goto(`${sim.console}/#/orders/${id}`);
    await panel.getByTestId('address-fill').click();
    await panel.getByTestId('address-submit').click();
    await expect(panel).toHaveAttribute('data-step', 'shipping');
    await expect(panel.getByTestId('customer-warnings')).toHaveCount(0);
    await panel.getByTestId('shipping-option-express').click();
    await panel.getByTestId('shipping-submit').click();
    await expect(panel).toHaveAttribute('data-step', 'pay');
    await expect(panel.getByTestId('customer-warning')).toContainText(
      "shipping_option_update is registered and the cart has no shipping_fee line for 'Express'",
    );
    await expect(panel.getByTestId('customer-totals-shipping')).toHaveText('0,00 kr');
    await expect(panel.getByTestId('pay-submit')).toHaveText('Pay 500,00 kr');
    // Back on the option step, the same warning.
    await page.getByTestId('step-shipping').click();
    await expect(panel.getByTestId('customer-warning')).toBeVisible();
    await screenshot(page, 'order-fee-warning');
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'order-fee-warning-dark');
  } finally {
    await shop.close();
  }
});

test('the address form follows the country the customer switched to', async ({ page, sim }) => {
  const id = String((await createOrder(sim.api, withOptions())).order_id);
  await page.goto(`${sim.console}/#/orders/${id}`);
  const panel = page.getByTestId('step-panel');
  await expect(panel.getByTestId('billing-country')).toHaveValue('SE');
  await page.getByTestId('step-country').click();
  await panel.getByTestId('country-select').selectOption('DE');
  await panel.getByTestId('country-submit').click();
  await expect(panel).toHaveAttribute('data-step', 'address');
  await expect(panel.getByTestId('billing-country')).toHaveValue('DE');
  await expect(panel.getByTestId('address-fill')).toHaveText('Fill test person (DE)');
  await panel.getByTestId('address-fill').click();
  await expect(panel.getByTestId('billing-country')).toHaveValue('DE');
  await expect(panel.getByTestId('billing-city')).not.toHaveValue('');

  // Switched from elsewhere (a script), the open form follows too.
  const back = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/country`, {
    country: 'SE',
  });
  expect(back.status).toBe(200);
  await expect(panel.getByTestId('billing-country')).toHaveValue('SE');
  await expect(panel.getByTestId('address-fill')).toHaveText('Fill test person (SE)');
});

test('the history never squeezes a step’s sentence, however many exchanges it links', async ({
  page,
  sim,
}) => {
  // The shipping assistant makes the address step call the integrator (auth, options): several links.
  expect((await callApi(sim.api, 'POST', '/test_helpers/settings/shipping_assistant/built_in')).status).toBe(
    200,
  );
  const shop = await startMerchantStub({ '/address': () => ({ status: 200, body: {} }) });
  try {
    const id = String(
      (
        await createOrder(sim.api, {
          ...SAMPLE_ORDER,
          merchant_urls: { ...SAMPLE_ORDER.merchant_urls, address_update: `${shop.url}/address` },
        })
      ).order_id,
    );
    await page.goto(`${sim.console}/#/orders/${id}`);
    const panel = page.getByTestId('step-panel');
    await panel.getByTestId('address-fill').click();
    await panel.getByTestId('address-submit').click();
    await page.getByTestId('session-history').locator('summary').click(); // the history folds out on demand
    const entry = page.getByTestId('history-entry').first();
    await expect(entry.getByTestId('step-result-exchange')).not.toHaveCount(0);
    expect(await entry.getByTestId('step-result-exchange').count()).toBeGreaterThanOrEqual(3);
    // The sentence keeps its width: a few lines at most, never a word per line.
    const message = entry.locator('.history-message');
    const box = (await message.boundingBox())!;
    expect(box.width).toBeGreaterThan(400);
    await screenshot(page, 'order-history');
  } finally {
    await shop.close();
  }
});
