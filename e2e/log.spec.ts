import { execFileSync } from 'node:child_process';
import { expect, test } from './fixtures';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';
import { startMerchantStub, stubCart, stubLine, type StubAnswer } from './merchant-stub';

test('a failed callback shows the rules it broke in plain words', async ({ page, sim }) => {
  // First a cart whose order_amount does not add up, then a plain 500.
  let answer: StubAnswer = { status: 200, body: {} };
  const shop = await startMerchantStub({ '/address': () => answer });
  try {
    const line = stubLine({
      reference: 'b1',
      name: 'Battery',
      quantity: 2,
      unit_price: 25000,
      tax_rate: 2500,
    });
    answer = { status: 200, body: { ...stubCart([line]), order_amount: 49000 } };
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: { ...SAMPLE_ORDER.merchant_urls, address_update: `${shop.url}/address` },
    });
    await page.goto(`${sim.console}/#/orders/${String(order.order_id)}`);
    const panel = page.getByTestId('step-panel');
    await panel.getByTestId('address-fill').click();
    await panel.getByTestId('address-submit').click();
    const result = page.getByTestId('step-result');
    await expect(result.getByTestId('step-result-outcome')).toHaveText('failed');
    await expect(result.getByTestId('step-result-message')).toContainText(
      'The purchase stops with the generic error: address_update the cart does not reconcile',
    );

    answer = { status: 500, body: 'Internal Server Error' };
    await panel.getByTestId('address-submit').click();
    await expect(page.getByTestId('history-entry')).toHaveCount(2);
    await expect(result.getByTestId('step-result-message')).toContainText('answered 500');

    await page.getByTestId('history-entry').first().getByTestId('step-result-exchange').click();
    const detail = page.getByTestId('exchange-detail');
    const violation = detail.locator(
      '[data-testid="exchange-violation"][data-rule="conventions.arithmetic"]',
    );
    await expect(violation).toContainText('Cart arithmetic');
    await expect(violation).toContainText(
      'At order_amount: must equal the sum of order_lines[].total_amount (50000), got 49000',
    );
    const rows = page.getByTestId('log-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.first().getByTestId('log-row-outcome')).toHaveText('failed');
    await expect(rows.first().getByTestId('log-row-status')).toHaveText('500');
    await rows.first().click();
    await expect(
      page.getByTestId('exchange-detail').first().locator('[data-rule="errors.status"]'),
    ).toContainText(
      'Only 200, a 400 with an error_type, or 301/302/303/307 with a Location header are valid answers',
    );
    // The stub is plain http: delivered here, flagged as what production would refuse.
    await expect(
      page.getByTestId('exchange-detail').first().locator('[data-rule="checkout-callbacks.authentication"]'),
    ).toContainText('would fail in production');
    await screenshot(page, 'log-violation');
  } finally {
    await shop.close();
  }
});

test('copy as cURL gives a command that replays the request', async ({ page, context, sim }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sim.console });
  const order = await createOrder(sim.api);
  await page.goto(`${sim.console}/#/log`);
  await page.getByTestId('log-row').first().click();
  const detail = page.getByTestId('exchange-detail');

  // The preview masks the password; the copied command has the real one.
  await detail.getByTestId('exchange-show-curl').click();
  const preview = detail.getByTestId('exchange-curl');
  await expect(preview).toContainText("-u 'merchant:••••••••'");
  await expect(preview).not.toContainText('secret');
  await expect(preview).toContainText(`${sim.api}/checkout/v3/orders`);
  await detail.getByTestId('exchange-copy-curl').click();
  await expect(detail.getByTestId('exchange-copy-curl')).toHaveText('Copied');
  const command = await page.evaluate(() => navigator.clipboard.readText());
  expect(command).toContain('-u merchant:secret');

  // A real shell parses it back into the same request (curl replaced by a function printing its arguments).
  const args = execFileSync('sh', ['-c', `curl() { printf '%s\\0' "$@"; }\n${command}`], { encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);
  expect(args.slice(0, 2)).toEqual(['-u', 'merchant:secret']);
  expect(args).toContain('content-type: application/json');
  expect(JSON.parse(args[args.indexOf('--data-raw') + 1]!)).toEqual(SAMPLE_ORDER);
  expect(args.at(-1)).toBe(`${sim.api}/checkout/v3/orders`);
  expect(String(order.order_id)).toMatch(/^[0-9a-f-]{36}$/);
});

test('clear log empties the log after a confirmation, keeps the orders, and records what comes next', async ({
  page,
  sim,
}) => {
  await page.goto(`${sim.console}/#/log`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  const first = String((await createOrder(sim.api)).order_id);
  await createOrder(sim.api);
  await expect(page.getByTestId('log-row')).toHaveCount(2);

  await page.getByTestId('log-clear').click();
  await page.getByTestId('log-clear-cancel').click();
  await expect(page.getByTestId('log-row')).toHaveCount(2);
  await page.getByTestId('log-clear').click();
  await screenshot(page, 'log-clear-confirm');
  await page.getByTestId('log-clear-confirm').click();
  await expect(page.getByTestId('log-empty')).toBeVisible();

  // The orders stay; the next call is the first exchange of the emptied log.
  const auth = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
  const read = await fetch(`${sim.api}/checkout/v3/orders/${first}`, { headers: { authorization: auth } });
  expect(read.status).toBe(200);
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row')).toContainText('checkout.read');
});
