import { callApi } from './api-helpers';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';
import { dataOf, expect, merchantUrls, test, toShippingStep } from './merchant-page';
import { startMerchantStub } from './merchant-stub';

/*
 * What the embedded checkout shows of the merchant's answers (a refusal's error_text, a validation
 * redirect), and the shipping assistant's options inside it: a pickup point chosen in the iframe, paid,
 * and shown on the receipt.
 */

test('the merchant’s refusal is shown in the iframe, and a validation redirect sends the merchant’s page away', async ({
  page,
  sim,
  merchant,
}) => {
  const callbacks = await startMerchantStub({
    '/address': (body) => {
      const postal = (body.shipping_address as { postal_code?: string }).postal_code;
      return postal === '000 00'
        ? { status: 400, body: { error_type: 'address_error', error_text: 'We cannot deliver to 000 00.' } }
        : { status: 200, body: {} };
    },
    '/validation': () => ({ status: 303, headers: { location: `${merchant.url}/sold-out` }, body: '' }),
  });
  try {
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: merchantUrls(merchant, {
        address_update: `${callbacks.url}/address`,
        validation: `${callbacks.url}/validation`,
      }),
    });
    const id = order.order_id as string;
    await page.goto(`${merchant.url}/checkout/${id}`);
    const frame = page.frameLocator('#klarna-checkout-iframe');
    await frame.getByTestId('kco-fill-person-0').click();
    await frame.getByTestId('kco-postal-code').fill('000 00');
    await frame.getByTestId('kco-address-submit').click();
    await expect(frame.getByTestId('kco-notice')).toContainText('We cannot deliver to 000 00.');
    await expect(frame.getByTestId('kco-section-address')).toHaveAttribute('data-state', 'open');
    await screenshot(page, 'embedded-checkout-merchant-refusal');

    await frame.getByTestId('kco-postal-code').fill('111 34');
    await frame.getByTestId('kco-address-submit').click();
    await expect(frame.getByTestId('kco-section-address')).toHaveAttribute('data-state', 'done');
    await frame.getByTestId('kco-pay').click();
    // Validation answered 303: the purchase is denied and the merchant's page goes to its Location.
    await page.waitForURL(`${merchant.url}/sold-out`);
    const view = await callApi(sim.api, 'GET', `/test_helpers/checkout/orders/${id}`);
    expect(view.json.status).toBe('checkout_incomplete');
    expect(view.json.notice).toMatchObject({ outcome: 'denied', redirect_url: `${merchant.url}/sold-out` });
  } finally {
    await callbacks.close();
  }
});

test('the shipping assistant’s pickup point, chosen in the iframe, paid, and on the receipt', async ({
  page,
  sim,
  merchant,
}) => {
  const on = await callApi(sim.api, 'POST', '/test_helpers/settings/shipping_assistant/built_in');
  expect(on.status).toBe(200);
  const order = await createOrder(sim.api, { ...SAMPLE_ORDER, merchant_urls: merchantUrls(merchant) });
  const id = order.order_id as string;
  const frame = await toShippingStep(page, merchant, id);

  // The customer's view names the options the iframe shows: take a pickup point without add-ons to fill.
  const view = await callApi(sim.api, 'GET', `/test_helpers/checkout/orders/${id}`);
  const shipping = view.json.shipping as {
    source: string;
    preview: boolean;
    options: {
      id: string;
      locations?: { id: string; name: string }[];
      addons?: { required?: boolean }[];
    }[];
  };
  expect([shipping.source, shipping.preview]).toEqual(['integrator', false]);
  const pickup = shipping.options.find(
    (o) => (o.locations?.length ?? 0) > 1 && !(o.addons ?? []).some((a) => a.required),
  )!;
  const location = pickup.locations![1]!;
  await frame
    .locator(`[data-testid=kco-shipping-option][data-option-id="${pickup.id}"] label`)
    .first()
    .click();
  await frame.locator(`[data-testid=kco-location][data-location-id="${location.id}"]`).click();
  await screenshot(page, 'embedded-checkout-pickup');
  await frame.getByTestId('kco-shipping-submit').click();
  await expect(frame.getByTestId('kco-section-shipping')).toHaveAttribute('data-state', 'done');
  await expect
    .poll(() => dataOf(page, 'shipping_option_change'))
    .toContainEqual(expect.objectContaining({ id: pickup.id }));
  await frame.getByTestId('kco-pay').click();
  await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
  const receipt = page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation');
  await expect(receipt.getByTestId('kco-receipt-delivery')).toContainText(location.name);
  const done = await callApi(sim.api, 'GET', `/checkout/v3/orders/${id}`);
  expect(done.json.selected_shipping_option).toMatchObject({
    id: pickup.id,
    delivery_details: { pickup_location: { id: location.id } },
  });
});

test('after a failed delivery change the iframe shows the option the order holds, as the console does', async ({
  page,
  sim,
  merchant,
}) => {
  // shipping_option_update answers malformed JSON: the step fails and the order keeps Standard.
  const callbacks = await startMerchantStub({
    '/shipping': () => ({ status: 200, body: '{"shipping_options": [' }),
  });
  try {
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: merchantUrls(merchant, { shipping_option_update: `${callbacks.url}/shipping` }),
      shipping_options: [
        { id: 'standard', name: 'Standard', price: 4900, tax_amount: 980, tax_rate: 2500, preselected: true },
        { id: 'express', name: 'Express', price: 9900, tax_amount: 1980, tax_rate: 2500 },
      ],
    });
    const id = order.order_id as string;
    const frame = await toShippingStep(page, merchant, id);

    const radio = (optionId: string) =>
      frame.locator(`[data-testid=kco-shipping-option][data-option-id=${optionId}] input`);
    await frame.locator('[data-testid=kco-shipping-option][data-option-id=express] label').click();
    await expect(frame.getByTestId('kco-notice')).toHaveAttribute('data-outcome', 'failed');
    // The click did not change the order: Standard shows selected again, and the checkout says so.
    await expect(radio('standard')).toBeChecked();
    await expect(radio('express')).not.toBeChecked();
    await expect(frame.getByTestId('kco-shipping-kept')).toHaveText(
      'Your delivery was not changed: Standard is still selected.',
    );
    await screenshot(page, 'embedded-checkout-shipping-failed');

    const doc = await callApi(sim.api, 'GET', `/checkout/v3/orders/${id}`);
    expect((doc.json.selected_shipping_option as { id: string }).id).toBe('standard');
    // The console's order page marks the same option selected.
    const console = await page.context().newPage();
    await console.goto(`${sim.console}/#/orders/${id}`);
    const panel = console.getByTestId('step-panel');
    await expect(panel).toHaveAttribute('data-step', 'shipping');
    // (the green badge: "preselected" is another one)
    await expect(panel.getByTestId('shipping-option-standard').locator('.badge-ok')).toHaveText('selected');
    await expect(panel.getByTestId('shipping-option-express').locator('.badge-ok')).toHaveCount(0);
    await expect(panel.getByTestId('shipping-option-standard').locator('input')).toBeChecked();
    // The same failed change made from the console leaves its form on the order's option too.
    await panel.getByTestId('shipping-option-express').click();
    await panel.getByTestId('shipping-submit').click();
    await expect(panel.getByTestId('shipping-option-standard').locator('input')).toBeChecked();
    await expect(panel.getByTestId('shipping-option-express').locator('input')).not.toBeChecked();
    await expect
      .poll(
        async () =>
          (await callApi(sim.api, 'GET', `/checkout/v3/orders/${id}`)).json.selected_shipping_option,
      )
      .toMatchObject({ id: 'standard' });
  } finally {
    await callbacks.close();
  }
});
