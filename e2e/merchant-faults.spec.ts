import { callApi } from './api-helpers';
import { screenshot } from './helpers';
import { completedOrder, expect, test } from './push-merchant-stub';

/*
 * Merchant faults from the console: the setting on the Settings page, an order's own set on its page, and
 * what was applied, seen on the order's page, on its push timeline and at the merchant's server itself.
 */

test('the setting on the Settings page, an order’s own faults on its page, applied at the merchant', async ({
  page,
  sim,
  pushMerchant: stub,
}) => {
  test.setTimeout(60_000);
  expect((await callApi(sim.api, 'PUT', '/test_helpers/clock', { mode: 'manual' })).status).toBe(200);

  // The setting: one switch on the Settings page, applied at once, as a script would read it.
  await page.goto(`${sim.console}/#/settings`);
  const card = page.getByTestId('settings-faults');
  await expect(card.getByTestId('settings-faults-count')).toHaveText('none on');
  // Each switch is saved at once and shows what the simulator answered.
  await card.getByTestId('settings-faults-switches-duplicate_push').click();
  await expect(card.getByTestId('settings-faults-switches-duplicate_push')).toBeChecked();
  await expect(card.getByTestId('settings-faults-count')).toHaveText('1 on');
  await expect
    .poll(async () => (await callApi(sim.api, 'GET', '/test_helpers/merchant_faults')).json.duplicate_push)
    .toBe(true);
  await screenshot(page, 'merchant-faults-setting');

  // An order of its own: the setting's set to start from, one more switch on.
  const id = await completedOrder(sim.api, stub);
  await page.goto(`${sim.console}/#/orders/${id}`);
  const faults = page.getByTestId('order-faults');
  await expect(faults.getByTestId('order-faults-setting')).toContainText('Duplicate push');
  await faults.getByTestId('order-faults-mode').selectOption('own');
  await expect(faults.getByTestId('order-faults-switches-duplicate_push')).toBeChecked();
  await faults.getByTestId('order-faults-switches-push_unknown_order').click();
  await expect(faults.getByTestId('order-faults-switches-push_unknown_order')).toBeChecked();
  await expect
    .poll(
      async () =>
        (await callApi(sim.api, 'GET', `/test_helpers/checkout/orders/${id}/merchant_faults`)).json.own,
    )
    .toMatchObject({ duplicate_push: true, push_unknown_order: true });
  await expect(faults.getByTestId('order-faults-applied-none')).toBeVisible();

  // The first push: twice for the order, once for an order the merchant never saw.
  expect((await callApi(sim.api, 'POST', '/test_helpers/clock/advance', { seconds: 120 })).status).toBe(200);
  await expect.poll(() => stub.pushes.length).toBe(3);
  expect(stub.pushes.filter((p) => p === id)).toHaveLength(2);
  const applied = faults.getByTestId('order-fault-applied');
  await expect(applied).toHaveCount(2);
  await expect(applied.nth(0)).toHaveAttribute('data-fault', 'duplicate_push');
  await expect(applied.nth(1)).toHaveAttribute('data-fault', 'push_unknown_order');
  await expect(applied.nth(1)).toContainText(stub.pushes.find((p) => p !== id)!);
  await screenshot(page, 'merchant-faults-order');

  // The push timeline marks the attempt they came with.
  await page.goto(`${sim.console}/#/orders/${id}/timeline`);
  const row = page.getByTestId('attempt-row').and(page.locator('[data-number="1"]'));
  await expect(row.getByTestId('attempt-fault')).toHaveText([
    'fault: duplicate_push',
    'fault: push_unknown_order',
  ]);

  // Back to the setting: nothing of its own any more.
  await page.goto(`${sim.console}/#/orders/${id}`);
  await faults.getByTestId('order-faults-mode').selectOption('setting');
  await expect(faults.getByTestId('order-faults-setting')).toBeVisible();
  await expect
    .poll(
      async () =>
        (await callApi(sim.api, 'GET', `/test_helpers/checkout/orders/${id}/merchant_faults`)).json.own,
    )
    .toBeNull();
});
