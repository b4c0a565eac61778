import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { screenshot } from './helpers';

/*
 * The flow a newcomer sees: the sample shop that ships with the simulator, the checkout embedded in its
 * page, the shop's own cart change on the checkout page (suspend, update, resume), the purchase, the shop's
 * confirmation page, and the console's push timeline showing the order acknowledged.
 */

test('a purchase in the sample shop: checkout in its page, confirmation, acknowledged in the console', async ({
  page,
  sim,
}) => {
  await page.goto(sim.shop);
  await page.getByTestId('add-enamel-mug').click();
  await page.getByTestId('go-to-checkout').click();
  await expect(page).toHaveURL(`${sim.shop}/checkout`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await expect(frame.getByTestId('kco-line')).toHaveCount(1); // the mug (the pickup's fee shows as shipping)
  const before = await frame.getByTestId('kco-total').textContent();

  // The shop's own +: suspend, the order updated server-side, resume; the checkout shows the new total.
  await page.getByTestId('inc-enamel-mug').click();
  await expect(page.getByTestId('qty-enamel-mug')).toHaveText('2');
  await expect(frame.getByTestId('kco-total')).not.toHaveText(before!);
  // The shop and the checkout both write money as sv-SE does (547,00 kr); compare the digits all the same.
  const digits = (s: string | null) => (s ?? '').replace(/\D/g, '');
  const shopTotal = async () => digits(await page.getByTestId('checkout-total').textContent());
  const checkoutTotal = async () => digits(await frame.getByTestId('kco-total').textContent());
  await expect.poll(checkoutTotal).toBe(await shopTotal());

  await frame.getByTestId('kco-fill-person-0').click();
  await frame.getByTestId('kco-address-submit').click();
  await expect(frame.getByTestId('kco-section-address')).toHaveAttribute('data-state', 'done');
  await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
  await expect(frame.getByTestId('kco-section-shipping')).toHaveAttribute('data-state', 'done');
  // The shop keeps its own total in step through order_total_change.
  await expect.poll(shopTotal).toBe(await checkoutTotal());
  await screenshot(page, 'shop-checkout');

  await frame.getByTestId('kco-pay').click();
  await page.waitForURL(/\/confirmation\?order_id=/);
  const orderId = new URL(page.url()).searchParams.get('order_id')!;
  await expect(page.getByTestId('order-number')).toHaveText(/^SHOP-\d+$/);
  await expect(page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation')).toBeVisible();
  await screenshot(page, 'shop-confirmation');

  // The shop acknowledged from its confirmation page and wrote its order number back.
  const om = await callApi(sim.api, 'GET', `/ordermanagement/v1/orders/${orderId}`);
  expect(om.json.merchant_reference1).toBe(await page.getByTestId('order-number').textContent());
  await page.goto(`${sim.console}/#/orders/${orderId}/timeline`);
  await expect(page.getByTestId('timeline-summary')).toContainText(/acknowledged/i);
  await screenshot(page, 'shop-timeline-acknowledged');
});
