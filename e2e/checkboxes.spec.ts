import { expect, test } from './fixtures';
import { basicAuth, BILLING, createOrder, refusedOp, SAMPLE_ORDER, screenshot } from './helpers';

// Pressing pay with the required box unchecked is refused on purpose (409); the browser logs it.
test.use({ expectedConsoleErrors: [refusedOp('session.complete', 409)] });

test('the merchant’s checkboxes beside pay: a required one unchecked refuses pay, checked it lets the customer pay', async ({
  page,
  sim,
}) => {
  const order = await createOrder(sim.api, {
    ...SAMPLE_ORDER,
    options: {
      additional_checkboxes: [
        { id: 'terms', text: 'I accept the terms', checked: false, required: true },
        { id: 'newsletter', text: 'Send me news', checked: true, required: false },
      ],
    },
  });
  const orderId = String(order.order_id);
  const auth = { 'content-type': 'application/json', authorization: basicAuth() };
  const address = await fetch(`${sim.api}/test_helpers/checkout/orders/${orderId}/address`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({
      billing_address: BILLING,
    }),
  });
  expect(address.status).toBe(200);

  await page.goto(`${sim.console}/#/orders/${orderId}`);
  await page.getByTestId('step-pay').click();
  const boxes = page.getByTestId('pay-checkboxes');
  await expect(boxes.getByTestId('pay-checkbox-terms')).toContainText('I accept the terms');
  await expect(boxes.getByTestId('pay-checkbox-terms')).toContainText('required');
  await expect(boxes.getByTestId('pay-checkbox-terms').locator('input')).not.toBeChecked();
  await expect(boxes.getByTestId('pay-checkbox-newsletter').locator('input')).toBeChecked();
  await expect(page.getByTestId('pay-checkboxes-missing')).toContainText('“I accept the terms”');

  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('pay-error')).toHaveAttribute('data-code', 'CHECKBOX_REQUIRED');
  await expect(page.getByTestId('pay-error')).toContainText("the required checkbox 'terms' is not checked");

  await boxes.getByTestId('pay-checkbox-terms').locator('input').check();
  // The refusal was about the box as it was: it goes once the customer checks it.
  await expect(page.getByTestId('pay-error')).toHaveCount(0);
  await boxes.getByTestId('pay-checkbox-newsletter').locator('input').uncheck();
  await expect(page.getByTestId('pay-checkboxes-missing')).toHaveCount(0);
  await screenshot(page, 'pay-checkboxes');
  // The order carries the answers, as the merchant reads it.
  await expect
    .poll(async () => {
      const o = (await (
        await fetch(`${sim.api}/checkout/v3/orders/${orderId}`, { headers: auth })
      ).json()) as {
        merchant_requested?: unknown;
      };
      return o.merchant_requested;
    })
    .toEqual({
      additional_checkboxes: [
        { id: 'terms', checked: true },
        { id: 'newsletter', checked: false },
      ],
    });

  await page.getByTestId('pay-submit').click();
  await expect(page.getByTestId('order-status')).toContainText('checkout complete');
});
