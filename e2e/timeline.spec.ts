import { callApi } from './api-helpers';
import {
  BILLING,
  createOrder,
  elementShot,
  SAMPLE_ORDER,
  screenshot,
  timelinePoint as point,
  timelinePoints as points,
} from './helpers';
import { startMerchantStub, stubLine } from './merchant-stub';
import { completedOrder, expect, test } from './push-merchant-stub';

test('the timeline follows a manual clock through push attempts and stops at the acknowledgement', async ({
  page,
  sim,
  pushMerchant: stub,
}) => {
  test.setTimeout(60_000);
  const orderId = await completedOrder(sim.api, stub);
  await page.goto(`${sim.console}/#/orders/${orderId}/timeline`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('tls-badge')).toContainText('TLS rules off');
  // The timeline is the simulator's own view of the spec's push schedule, and labelled so.
  await expect(page.getByTestId('push-timeline-card').getByTestId('sim-defined-badge')).toBeVisible();

  // The clock runs in real time at first; pause it from the console.
  await page.getByTestId('clock-pause').click();
  await expect(page.getByTestId('clock-mode')).toHaveAttribute('data-mode', 'manual');
  await expect(page.getByTestId('sidebar-clock')).toHaveAttribute('data-mode', 'manual');
  const timeline = page.getByTestId('timeline');
  await expect(points(page, 'pending')).toHaveCount(16);
  await expect(page.getByTestId('timeline-summary')).toContainText('0 of 16 attempts made; attempt 1 is due');

  // Two attempts, one "next event" each: the stub answers 200 but does not acknowledge.
  await page.getByTestId('clock-next').click();
  await expect(point(page, 1)).toHaveAttribute('data-state', 'made');
  await expect(point(page, 1)).toHaveAttribute('data-outcome', 'delivered');
  await expect(page.getByTestId('clock-fired-item')).toHaveAttribute('data-kind', 'push.attempt');
  await page.getByTestId('clock-next').click();
  await expect(point(page, 2)).toHaveAttribute('data-state', 'made');

  // +1 hour from the 5-minute attempt passes the 15-, 30- and 60-minute ones.
  await page.getByTestId('clock-plus-hour').click();
  await expect(page.getByTestId('clock-fired')).toHaveAttribute('data-count', '3');
  await expect(points(page, 'made')).toHaveCount(5);
  await expect(points(page, 'pending')).toHaveCount(11);
  await expect(page.getByTestId('timeline-summary')).toContainText('5 of 16 attempts made; attempt 6 is due');
  await expect(page.getByTestId('attempt-row').and(page.locator('[data-state="made"]'))).toHaveCount(5);
  await expect(page.getByTestId('om-calls-empty')).toBeVisible();
  expect(stub.pushes).toEqual([orderId, orderId, orderId, orderId, orderId]);
  await point(page, 5).hover();
  await expect(page.getByTestId('timeline-tip')).toContainText('Attempt 5 · HTTP 200 · delivered');
  await screenshot(page, 'timeline-attempts');

  // From now on the merchant acknowledges: the next push ends the schedule.
  stub.acknowledge = true;
  await page.getByTestId('clock-next').click();
  await expect(page.getByTestId('timeline-ack')).toBeVisible();
  await expect(timeline).toHaveAttribute('data-state', 'acknowledged');
  await expect(points(page, 'made')).toHaveCount(6);
  await expect(points(page, 'cancelled')).toHaveCount(10);
  await expect(points(page, 'pending')).toHaveCount(0);
  await expect(page.getByTestId('timeline-summary')).toContainText(
    'after 6 attempts: the remaining 10 planned are cancelled, the timeline stops.',
  );
  await expect(page.getByTestId('om-ack')).toHaveAttribute('data-acknowledged', 'true');
  await expect(page.getByTestId('om-call')).toHaveCount(3);
  await expect(page.getByTestId('om-call').nth(2)).toHaveAttribute(
    'data-kind',
    'ordermanagement.acknowledge',
  );
  await expect(page.getByTestId('om-merchant_reference1')).toHaveText('SHOP-1001');
  expect(stub.acks).toEqual([204]);

  // Advancing on makes no further attempt.
  await page.getByTestId('clock-plus-day').click();
  await expect(page.getByTestId('clock-fired')).toBeVisible();
  await expect(
    page.getByTestId('clock-fired-item').and(page.locator('[data-kind="push.attempt"]')),
  ).toHaveCount(0);
  await expect(points(page, 'made')).toHaveCount(6);
  await expect(page.getByTestId('timeline-now')).toHaveAttribute('data-side', 'inside');
  expect(stub.pushes).toHaveLength(6);
  await screenshot(page, 'timeline-acknowledged');
  await elementShot(page.getByTestId('timeline'), 'timeline-detail');

  // The merchant ships part of the order and refunds some of it: the panel follows live.
  const base = `/ordermanagement/v1/orders/${orderId}`;
  const capture = await callApi(sim.api, 'POST', `${base}/captures`, {
    captured_amount: 30000,
    description: 'First parcel',
  });
  expect(capture.status, JSON.stringify(capture.json)).toBe(201);
  const refund = await callApi(sim.api, 'POST', `${base}/refunds`, {
    refunded_amount: 5000,
    description: 'Damaged box',
  });
  expect(refund.status, JSON.stringify(refund.json)).toBe(201);
  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'PART_CAPTURED');
  await expect(page.getByTestId('om-captured-amount')).toHaveText('300,00 kr');
  await expect(page.getByTestId('om-refunded-amount')).toHaveText('50,00 kr');
  await expect(page.getByTestId('om-remaining-amount')).toHaveText('200,00 kr');
  await expect(page.getByTestId('om-capture')).toHaveCount(1);
  await expect(page.getByTestId('om-refund')).toHaveCount(1);
  await expect(page.getByTestId('om-call')).toHaveCount(5);
  await elementShot(page.getByTestId('om-panel'), 'om-panel');
  await page.emulateMedia({ colorScheme: 'dark' });
  await elementShot(page.getByTestId('timeline'), 'timeline-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The overview: two more orders awaiting acknowledgement, one pushed once, one not yet.
  stub.acknowledge = false;
  const second = await completedOrder(sim.api, stub);
  await page.getByTestId('nav-push').click();
  await expect(page.getByTestId('push-plan-spec')).toHaveText(
    'First attempt about 2 minutes after completion; retries at 5, 15, 30 and 60 minutes, then every 4 hours, for 48 hours or until acknowledged.',
  );
  const rows = page.getByTestId('push-overview-row');
  await expect(rows).toHaveCount(1);
  await page.getByTestId('clock-next').click();
  const secondRow = rows.and(page.locator(`[data-order-id="${second}"]`));
  await expect(secondRow.getByTestId('push-overview-attempts')).toHaveText('1 / 16');
  await expect(secondRow.getByTestId('push-overview-countdown')).toHaveText('in 5\u00a0min');
  // Completed now, on the paused clock: its first push is 2 minutes away, sooner than the other's retry.
  const third = await completedOrder(sim.api, stub);
  await expect(rows).toHaveCount(2);
  const thirdRow = rows.and(page.locator(`[data-order-id="${third}"]`));
  await expect(thirdRow.getByTestId('push-overview-attempts')).toHaveText('0 / 16');
  await expect(thirdRow.getByTestId('push-overview-countdown')).toHaveText('in 2\u00a0min');
  await expect(rows.first()).toHaveAttribute('data-order-id', third);
  // Every column fits the card, "Next attempt" last: nothing is clipped or scrolled away.
  const wrap = page.getByTestId('push-overview').locator('.table-wrap');
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  await expect(page.getByRole('columnheader', { name: 'Next attempt (sim clock)' })).toBeInViewport({
    ratio: 1,
  });
  await expect(thirdRow.getByTestId('push-overview-countdown')).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'push-overview');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'push-overview-dark');
  await page.emulateMedia({ colorScheme: 'light' });
});

test('a pending fraud review is resolved from the console, with and without a notification URL', async ({
  page,
  sim,
  pushMerchant: stub,
}) => {
  const notified = await completedOrder(sim.api, stub, { fraud: 'PENDING', notification: true });
  await page.goto(`${sim.console}/#/orders/${notified}/timeline`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await expect(page.getByTestId('om-fraud')).toHaveAttribute('data-status', 'PENDING');
  await page.getByTestId('fraud-accept').click();
  await expect(page.getByTestId('fraud-notification')).toHaveAttribute('data-sent', 'true');
  await expect(page.getByTestId('fraud-notification')).toContainText('FRAUD_RISK_ACCEPTED → 200 (delivered)');
  await expect(page.getByTestId('om-fraud')).toHaveAttribute('data-status', 'ACCEPTED');
  await expect(page.getByTestId('fraud-accept')).toHaveCount(0);
  await expect(page.getByTestId('timeline-notification')).toHaveCount(1);
  expect(stub.notifications).toEqual([{ order_id: notified, event_type: 'FRAUD_RISK_ACCEPTED' }]);

  // Without a notification URL: order management follows, nothing is sent, and the console says so.
  const silent = await completedOrder(sim.api, stub, { fraud: 'PENDING' });
  await page.goto(`${sim.console}/#/orders/${silent}`);
  await expect(page.getByTestId('after-om-line')).toContainText('fraud PENDING');
  await page.getByTestId('after-timeline-link').click();
  await page.getByTestId('fraud-reject').click();
  await expect(page.getByTestId('fraud-notification')).toHaveAttribute('data-sent', 'false');
  await expect(page.getByTestId('fraud-notification')).toContainText('No notification URL registered');
  await expect(page.getByTestId('fraud-result-message')).toContainText('the order is cancelled');
  await expect(page.getByTestId('om-status')).toHaveAttribute('data-status', 'CANCELLED');
  expect(stub.notifications).toHaveLength(1);

  // Play at ×600: ten simulated minutes per second, shown live in the sidebar; then pause again.
  await page.getByTestId('clock-speed').selectOption('600');
  await page.getByTestId('clock-play').click();
  await expect(page.getByTestId('clock-mode')).toHaveText('running · ×600');
  await expect(page.getByTestId('sidebar-clock-mode')).toHaveText('▶ ×600');
  const before = await page.getByTestId('sidebar-clock-time').innerText();
  await expect(page.getByTestId('sidebar-clock-time')).not.toHaveText(before);
  await page.getByTestId('clock-pause').click();
  await expect(page.getByTestId('sidebar-clock')).toHaveAttribute('data-mode', 'manual');
});

test('upsell on the confirmation view: disabled until the setting is on, then allowed and denied lines', async ({
  page,
  sim,
}) => {
  const giftWrap = stubLine({
    name: 'Gift wrap',
    reference: 'gift-wrap',
    quantity: 1,
    unit_price: 4900,
    tax_rate: 2500,
  });
  const warranty = stubLine({
    name: 'Extended warranty',
    reference: 'warranty-3y',
    quantity: 1,
    unit_price: 19900,
    tax_rate: 2500,
  });
  const DENIAL = 'The warranty cannot be sold with this product.';
  const shop = await startMerchantStub({
    '/upsell': () => ({ status: 200, body: { upsell_order_lines: [giftWrap, warranty] } }),
    '/upsell_validation': (body) => {
      const lines = body.upsell_order_lines as Array<{ reference?: string }>;
      return lines.some((l) => l.reference === 'warranty-3y')
        ? { status: 400, body: { error: DENIAL } }
        : { status: 200, body: {} };
    },
    '/upsell_notification': () => ({ status: 200, body: {} }),
  });
  try {
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: {
        ...SAMPLE_ORDER.merchant_urls,
        upsell: `${shop.url}/upsell`,
        upsell_validation: `${shop.url}/upsell_validation`,
        upsell_notification: `${shop.url}/upsell_notification`,
      },
    });
    const id = String(order.order_id);
    await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
      billing_address: BILLING,
    });
    await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/complete`);

    await page.goto(`${sim.console}/#/orders/${id}`);
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
    await expect(page.getByTestId('step-panel')).toHaveAttribute('data-step', 'after');
    await expect(page.getByTestId('upsell-disabled')).toContainText('never called');

    // The TLS badge goes while production rules are on, and comes back when they are off again.
    await expect(page.getByTestId('tls-badge')).toBeVisible();
    await page.getByTestId('upsell-settings-link').click();
    await page.getByTestId('settings-tls').check();
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('tls-badge')).toHaveCount(0);
    await page.getByTestId('settings-tls').uncheck();
    await page.getByTestId('settings-upsell').check();
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('tls-badge')).toContainText(
      'http:// and self-signed callbacks are delivered',
    );

    await page.goto(`${sim.console}/#/orders/${id}`);
    await page.getByTestId('upsell-fetch').click();
    const result = page.getByTestId('step-result');
    await expect(result).toHaveAttribute('data-step', 'upsell');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('applied');
    await expect(page.getByTestId('upsell-line')).toHaveCount(2);

    // Denied by upsell_validation: the merchant's error is what the customer sees; nothing is added.
    await page.getByTestId('upsell-line').nth(1).getByTestId('upsell-add').click();
    await expect(result).toHaveAttribute('data-step', 'upsell_accept');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('denied');
    await expect(result.getByTestId('step-result-message')).toContainText(DENIAL);
    await expect(page.getByTestId('order-amount')).toHaveText('500,00 kr');

    // Allowed: the line joins the order, and order management's amounts follow.
    await page.getByTestId('upsell-line').first().getByTestId('upsell-add').click();
    await expect(result.getByTestId('step-result-outcome')).toHaveText('applied');
    await expect(page.getByTestId('order-amount')).toHaveText('549,00 kr');
    expect(shop.calls.map((c) => c.path)).toEqual([
      '/upsell',
      '/upsell_validation',
      '/upsell_validation',
      '/upsell_notification',
    ]);
    await screenshot(page, 'session-after-upsell');
    await page.getByTestId('after-timeline-link').click();
    await expect(page.getByTestId('om-order-amount')).toHaveText('549,00 kr');
    await expect(page.getByTestId('om-original-amount')).toHaveText('500,00 kr');
  } finally {
    await shop.close();
  }
});
