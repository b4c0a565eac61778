import { callApi } from './api-helpers';
import { elementShot } from './helpers';
import { completedOrder, expect, test } from './push-merchant-stub';

test('the order management panel follows the authorization, the customer, shipments and due dates', async ({
  page,
  sim,
  pushMerchant: stub,
}) => {
  test.setTimeout(60_000);
  const orderId = await completedOrder(sim.api, stub);
  const base = `/ordermanagement/v1/orders/${orderId}`;
  const call = async (method: string, path: string, body?: unknown, status = 204) => {
    const r = await callApi(sim.api, method, `${base}${path}`, body);
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBe(status);
    return r;
  };
  await page.goto(`${sim.console}/#/orders/${orderId}/timeline`);
  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'AUTHORIZED');
  await expect(page.getByTestId('om-history-empty')).toBeVisible();
  await expect(page.getByTestId('om-klarna-reference')).toHaveText(/^[A-Z2-9]{7}$/);

  // The merchant lowers the amount, ships part of it with a tracking number, and extends the due date.
  await call('PATCH', '/authorization', { order_amount: 40000, description: 'one item out of stock' });
  await expect(page.getByTestId('om-order-amount')).toHaveText('400,00 kr');
  await expect(page.getByTestId('om-original-amount')).toHaveText('500,00 kr');
  const capture = await call('POST', '/captures', { captured_amount: 30000, description: 'Parcel 1' }, 201);
  expect(capture.status).toBe(201);
  const captures = await callApi(sim.api, 'GET', `${base}/captures`);
  const captureId = String((captures.json as unknown as Array<{ capture_id: string }>)[0]!.capture_id);
  await call('POST', `/captures/${captureId}/shipping-info`, {
    shipping_info: [
      { shipping_company: 'PostNord', shipping_method: 'PickUpPoint', tracking_number: 'PN-77' },
    ],
  });
  await call('PATCH', `/captures/${captureId}/extend-due-date`, { number_of_days: 14 });
  await call('POST', `/captures/${captureId}/trigger-send-out`);
  await call('PATCH', '/customer-details', {
    shipping_address: { email: 'new@example.se', phone: '+46701234567' },
  });
  await call('POST', '/extend-authorization-time');
  await call('POST', '/release-remaining-authorization');

  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'CAPTURED');
  await expect(page.getByTestId('om-remaining-amount')).toHaveText('0,00 kr');
  await expect(page.getByTestId('om-capture')).toHaveCount(1);
  await expect(page.getByTestId('om-capture-shipping-item')).toContainText('PostNord');
  await expect(page.getByTestId('om-capture-shipping-item')).toContainText('PN-77');
  await expect(page.getByTestId('om-capture-due')).toHaveAttribute('data-extended', 'true');
  await expect(page.getByTestId('om-capture-send-outs')).toHaveText('1');
  await expect(page.getByTestId('om-shipping-address-email')).toHaveText('new@example.se');
  await expect(page.getByTestId('om-shipping-address-phone')).toHaveText('+46701234567');
  const history = page.getByTestId('om-history-entry');
  await expect(history).toHaveCount(8);
  const actions = await history.evaluateAll((els) => els.map((e) => e.getAttribute('data-action')));
  expect(actions).toEqual([
    'authorization_updated',
    'captured',
    'capture_shipping_info',
    'due_date_extended',
    'send_out',
    'customer_details',
    'authorization_extended',
    'authorization_released',
  ]);
  await expect(history.first()).toContainText('order_amount 500,00 kr → 400,00 kr');
  await expect(page.getByTestId('om-call').last()).toHaveAttribute(
    'data-kind',
    'ordermanagement.release_authorization',
  );
  await elementShot(page.getByTestId('om-panel'), 'om-panel-after-delivery');
});
