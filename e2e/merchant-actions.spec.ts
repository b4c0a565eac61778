import { callApi } from './api-helpers';
import { screenshot, timelinePoints as points } from './helpers';
import { completedOrder, expect, test } from './push-merchant-stub';

test('acting as the merchant: Acknowledge from the console stops the push schedule, through the API', async ({
  page,
  sim,
  pushMerchant: stub,
}) => {
  expect((await callApi(sim.api, 'PUT', '/test_helpers/clock', { mode: 'manual' })).status).toBe(200);
  const orderId = await completedOrder(sim.api, stub);
  await page.goto(`${sim.console}/#/orders/${orderId}/timeline`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(points(page, 'pending')).toHaveCount(16);

  // The first push goes out; the stub answers 200 without acknowledging, so the retries stay planned.
  await page.getByTestId('clock-next').click();
  await expect(points(page, 'made')).toHaveCount(1);
  await expect(points(page, 'pending')).toHaveCount(15);

  const act = page.getByTestId('om-act');
  await act.getByTestId('om-act-acknowledge').click();
  await expect(act.getByTestId('om-act-result')).toHaveAttribute('data-ok', 'true');
  await expect(act.getByTestId('om-act-result')).toContainText(
    'POST /ordermanagement/v1/orders/{order_id}/acknowledge → 204 No Content',
  );
  await expect(page.getByTestId('timeline')).toHaveAttribute('data-state', 'acknowledged');
  await expect(points(page, 'pending')).toHaveCount(0);
  await expect(points(page, 'cancelled')).toHaveCount(15);
  await expect(page.getByTestId('om-ack')).toHaveAttribute('data-acknowledged', 'true');
  // "Now" is the acknowledgement's moment: its cursor stays clear of the marker and its label.
  const ack = (await page.getByTestId('timeline-ack').boundingBox())!;
  const now = (await page.getByTestId('timeline-now').locator('line').boundingBox())!;
  expect(now.y).toBeGreaterThan(ack.y + 20);
  await page.getByTestId('timeline').screenshot({ path: 'test-results/screens/timeline-ack-now.png' });
  // The call is the API's own, marked as the console's.
  const call = page
    .getByTestId('om-call')
    .filter({ has: page.getByTestId('om-call-by').getByText('console') });
  await expect(call).toHaveCount(1);
  await expect(call).toHaveAttribute('data-kind', 'ordermanagement.acknowledge');

  // A day later, nothing more was pushed.
  await page.getByTestId('clock-plus-day').click();
  await expect(page.getByTestId('clock-fired')).toBeVisible();
  await expect(points(page, 'made')).toHaveCount(1);
  expect(stub.pushes).toEqual([orderId]);
  await screenshot(page, 'merchant-acknowledged');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'merchant-acknowledged-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // Capture part, refund some, set the references; a refused cancel shows the API's refusal.
  await act.getByTestId('om-act-capture').click();
  await act.getByTestId('om-act-capture-amount').fill('300');
  await act.getByTestId('om-act-capture-description').fill('First parcel');
  await act.getByTestId('om-act-capture-submit').click();
  await expect(act.getByTestId('om-act-result')).toContainText('→ 201 Created');
  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'PART_CAPTURED');
  await expect(page.getByTestId('om-captured-amount')).toHaveText('300,00 kr');

  await act.getByTestId('om-act-refund').click();
  await expect(act.getByTestId('om-act-refund-amount')).toHaveValue('300.00');
  await act.getByTestId('om-act-refund-amount').fill('50');
  await act.getByTestId('om-act-refund-submit').click();
  await expect(act.getByTestId('om-act-result')).toContainText('→ 201 Created');
  await expect(page.getByTestId('om-refunded-amount')).toHaveText('50,00 kr');

  await act.getByTestId('om-act-references').click();
  await act.getByTestId('om-act-reference1').fill('CONSOLE-1');
  await act.getByTestId('om-act-references-submit').click();
  await expect(page.getByTestId('om-merchant_reference1')).toHaveText('CONSOLE-1');

  await act.getByTestId('om-act-cancel').click();
  await act.getByTestId('om-act-cancel-confirm').click();
  await expect(act.getByTestId('om-act-result')).toHaveAttribute('data-ok', 'false');
  await expect(act.getByTestId('om-act-result')).toContainText('403 CANCEL_NOT_ALLOWED');
  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'PART_CAPTURED');
  await expect(page.getByTestId('om-call-by').getByText('console')).toHaveCount(5);
  await screenshot(page, 'merchant-actions');

  // In the log, the console's calls are marked as such.
  await page.goto(`${sim.console}/#/log?order=${orderId}&kind=ordermanagement`);
  await expect(page.getByTestId('log-row')).toHaveCount(5);
  await expect(page.getByTestId('log-row-console')).toHaveCount(5);
  await page.getByTestId('log-row').first().click();
  await expect(page.getByTestId('exchange-console')).toBeVisible();
  await expect(page.getByTestId('exchange-request-headers')).toContainText('x-sim-caller');
});

test('Start a payment on a terminal goes through the in-person API and shows on its screen', async ({
  page,
  sim,
}) => {
  await page.goto(`${sim.console}/#/terminals`);
  const terminal = page
    .getByTestId(/^terminal-/)
    .and(page.locator('[data-device-id]'))
    .first();
  await expect(terminal).toHaveAttribute('data-screen', 'idle');
  await terminal.getByTestId('terminal-start-open').click();
  await terminal.getByTestId('terminal-start-amount').fill('129.90');
  await screenshot(page, 'terminal-start-form');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'terminal-start-form-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await terminal.getByTestId('terminal-start-submit').click();
  await expect(terminal).toHaveAttribute('data-screen', 'payment');
  await expect(terminal).toContainText('129.90');
  await expect(terminal.getByTestId('terminal-start-open')).toBeDisabled();
  await screenshot(page, 'terminal-started-from-console');

  // The session was created by POST /ipp/v1/sessions, recorded as the console's call.
  await page.goto(`${sim.console}/#/log?kind=ipp.session.create`);
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row-console')).toBeVisible();
  await expect(page.getByTestId('log-row-status')).toHaveText('201');
});
