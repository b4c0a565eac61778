import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { createOrder } from './helpers';

test('the push page lists test clocks with what is bound to them, advances and deletes them', async ({
  page,
  sim,
}) => {
  const order = await createOrder(sim.api);
  const made = await callApi(sim.api, 'POST', '/test_helpers/test_clocks', {
    name: 'worker 1',
    frozen_time: '2030-01-01T00:00:00Z',
  });
  expect(made.status).toBe(201);
  const clockId = made.json.clock_id as string;
  const bound = await callApi(sim.api, 'POST', `/test_helpers/test_clocks/${clockId}/bindings`, {
    order_id: order.order_id,
  });
  expect(bound.status).toBe(200);

  await page.goto(`${sim.console}/#/push`);
  const row = page.getByTestId('test-clock-row').and(page.locator(`[data-clock-id="${clockId}"]`));
  await expect(row).toContainText('worker 1');
  await expect(row.getByTestId('test-clock-bound')).toHaveAttribute('data-id', String(order.order_id));
  await expect(row.getByTestId('test-clock-next')).toContainText('1 timer pending');
  const before = await row.getByTestId('test-clock-now').textContent();

  await row.getByTestId('test-clock-plus-hour').click();
  await expect(row.getByTestId('test-clock-now')).not.toHaveText(before ?? '');
  const view = await callApi(sim.api, 'GET', `/test_helpers/test_clocks/${clockId}`);
  expect(view.json.now).toBe('2030-01-01T01:00:00.000Z');

  // One made here shows up beside it.
  await page.getByTestId('test-clock-create').click();
  await expect(page.getByTestId('test-clock-row')).toHaveCount(2);

  await row.getByTestId('test-clock-delete').click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId('test-clock-row')).toHaveCount(1);
  expect((await callApi(sim.api, 'GET', `/test_helpers/test_clocks/${clockId}`)).status).toBe(404);
});
