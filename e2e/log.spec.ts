import { type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { copiedCurl, createOrder, newestExchangeCurl, SAMPLE_ORDER, screenshot } from './helpers';
import { SAMPLE_ADDRESS } from '../shared/samples/samples';
import { type Har } from '../src-renderer/log/har';
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

    await page.getByTestId('session-history').locator('summary').click(); // the history folds out on demand
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
    // Each rule links to the spec document it comes from, served beside the console.
    const spec = page
      .getByTestId('exchange-violation')
      .and(page.locator('[data-rule="errors.status"]'))
      .getByTestId('spec-link');
    await expect(spec).toHaveAttribute('href', 'spec/checkout-callbacks.md');
    const doc = await fetch(new URL('spec/checkout-callbacks.md', `${sim.console}/`));
    expect(doc.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await doc.text()).toMatch(/^# Checkout Server-Side Callbacks/);
    await screenshot(page, 'log-violation');
  } finally {
    await shop.close();
  }
});

test('copy as cURL gives a command that replays the request', async ({ page, context, sim }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: sim.console });
  const order = await createOrder(sim.api);
  // The preview masks the password; the copied command has the real one.
  const { detail, preview } = await newestExchangeCurl(page, sim.console);
  await expect(preview).toContainText("-u 'merchant:••••••••'");
  await expect(preview).not.toContainText('secret');
  await expect(preview).toContainText(`${sim.api}/checkout/v3/orders`);
  const command = await copiedCurl(page, detail);
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

/** A purchase with the shipping assistant on the built-in integrator: calls the simulator sends and serves. */
async function purchaseWithAssistant(api: string): Promise<string> {
  expect((await callApi(api, 'POST', '/test_helpers/settings/shipping_assistant/built_in')).status).toBe(200);
  const id = String((await createOrder(api)).order_id);
  const address = await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
    billing_address: SAMPLE_ADDRESS,
  });
  expect(address.status).toBe(200);
  const view = await callApi(api, 'GET', `/test_helpers/checkout/orders/${id}`);
  const options = (view.json.shipping as { options: { id: string }[] }).options;
  expect(
    (
      await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/shipping_option`, {
        id: options[0]!.id,
      })
    ).status,
  ).toBe(200);
  expect((await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/complete`)).status).toBe(200);
  return id;
}

/** The page scrolls sideways by this much (0: everything fits the window's width). */
const overflowX = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const WIDE = ['Time (sim clock)', 'Dir', 'Kind', 'Status', 'Outcome', 'Duration', 'Request'];
/** Beside the panel the date and the duration (both in the panel) give way; the request summary stays. */
const BESIDE_PANEL = ['Time', 'Dir', 'Kind', 'Status', 'Outcome', 'Request'];

/** Every column's heading is whole and inside the window. */
async function expectColumnsInView(page: Page, names = WIDE) {
  for (const name of names) {
    const th = page.getByTestId('log-list').getByRole('columnheader', { name });
    await expect(th).toBeInViewport({ ratio: 1 });
    expect(await th.evaluate((el) => el.scrollWidth <= el.clientWidth), `${name} is not cut`).toBe(true);
  }
}

test('at 1360×860 every column fits without scrolling sideways, and an exchange opens in a side panel', async ({
  page,
  sim,
}) => {
  const orderId = await purchaseWithAssistant(sim.api);
  await callApi(sim.api, 'GET', '/checkout/v3/orders/no-such-order');
  await page.goto(`${sim.console}/#/log`);
  expect(page.viewportSize()).toEqual({ width: 1360, height: 860 });
  const rows = page.getByTestId('log-row');
  await expect(rows.first()).toBeVisible();
  expect(await overflowX(page)).toBe(0);
  await expectColumnsInView(page);

  // Times carry the date, on the simulator clock, with the wall clock on hover.
  const time = rows.first().getByTestId('log-row-time');
  await expect(time).toHaveText(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\.\d{3}$/);
  await expect(time).toHaveAttribute(
    'title',
    /^Simulator clock: .+\nWall clock: \d{1,2} [A-Z][a-z]{2} \d{4}, /,
  );

  // The shipping assistant's calls to the built-in integrator are one row each, with both ends.
  const paired = rows.filter({ has: page.getByTestId('log-row-pair') });
  await expect(paired.first()).toBeVisible();
  await expect(
    rows.filter({ has: page.getByText('integrator.shippingoptions', { exact: true }) }),
  ).toHaveCount(0);
  await screenshot(page, 'log-wide');

  // A row opens in the side panel: request and answer, headers and body, timing; nothing goes sideways.
  const options = paired.filter({ has: page.getByText('shipping.options', { exact: true }) }).first();
  await options.click();
  const panel = page.getByTestId('log-panel');
  await expect(panel).toBeVisible();
  await expect(options).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#\/log\?exchange=ex_/);
  await expect(panel.getByTestId('exchange-request-headers')).toContainText('Content-Type');
  await expect(panel.getByTestId('exchange-request-body')).toContainText('"recipient"');
  await expect(panel.getByTestId('exchange-response-body')).toContainText('"shipping_options"');
  await expect(panel.getByTestId('exchange-timing')).toContainText('sim clock');
  await expect(panel.getByTestId('exchange-wall')).toHaveText(
    /^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}:\d{2}\.\d{3}$/,
  );
  await expect(panel.getByTestId('exchange-served')).toContainText('integrator.shippingoptions');
  await expect(panel.getByTestId('exchange-order-link')).toHaveText(`Order ${orderId}`);
  expect(await overflowX(page)).toBe(0);
  await expectColumnsInView(page, BESIDE_PANEL);
  await expect(page.getByTestId('log-list').getByRole('columnheader', { name: 'Duration' })).toHaveCount(0);
  await expect(options.getByTestId('log-row-request')).toBeVisible();
  const box = (await panel.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1360);
  await screenshot(page, 'log-panel');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'log-panel-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The rules a refused call broke are in the panel too; Escape closes it.
  await rows.filter({ has: page.getByTestId('log-row-status').getByText('404') }).click();
  await expect(panel.getByTestId('exchange-outcome')).toHaveText('NOT_FOUND');
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(page).toHaveURL(/#\/log$/);
});

test('the filters live in the address: a filtered view survives a reload', async ({ page, sim }) => {
  const orderId = String((await createOrder(sim.api)).order_id);
  await callApi(sim.api, 'GET', `/checkout/v3/orders/${orderId}`);
  await callApi(sim.api, 'GET', '/checkout/v3/orders/no-such-order');
  await callApi(sim.api, 'GET', '/ordermanagement/v1/orders/no-such-order');
  await page.goto(`${sim.console}/#/log`);
  await expect(page.getByTestId('log-row')).toHaveCount(4);

  await page.getByTestId('log-filter-kind').fill('checkout');
  await page.getByTestId('log-filter-status').selectOption('4xx');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row-kind')).toHaveText('checkout.read');
  await expect(page.getByTestId('log-row-status')).toHaveText('404');
  await expect(page).toHaveURL(/#\/log\?kind=checkout&status=4xx$/);
  await expect(page.getByTestId('log-count')).toHaveText('1 exchange matching the filters');

  await page.reload();
  await expect(page.getByTestId('log-filter-kind')).toHaveValue('checkout');
  await expect(page.getByTestId('log-filter-status')).toHaveValue('4xx');
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row-status')).toHaveText('404');

  // More filters narrow it further; the address keeps up; clearing brings everything back.
  await page.getByTestId('log-filter-status').selectOption('');
  await page.getByTestId('log-filter-dir').selectOption('in');
  await page.getByTestId('log-filter-text').fill(orderId.slice(0, 8));
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page.getByTestId('log-row-status')).toHaveText('200');
  await expect(page).toHaveURL(new RegExp(`#/log\\?q=${orderId.slice(0, 8)}&kind=checkout&dir=in$`));
  await screenshot(page, 'log-filtered');
  await page.getByTestId('log-filter-clear').click();
  await expect(page.getByTestId('log-row')).toHaveCount(4);
  await expect(page).toHaveURL(/#\/log$/);
});

test('the filtered list and one exchange download as HAR 1.2 files that parse', async ({ page, sim }) => {
  const orderId = String((await createOrder(sim.api)).order_id);
  await callApi(sim.api, 'GET', `/checkout/v3/orders/${orderId}`);
  await callApi(sim.api, 'GET', '/checkout/v3/orders/no-such-order');
  await page.goto(`${sim.console}/#/log?order=${orderId}`);
  await expect(page.getByTestId('log-row')).toHaveCount(2);

  const readHar = async (click: () => Promise<void>) => {
    const [download] = await Promise.all([page.waitForEvent('download'), click()]);
    expect(download.suggestedFilename()).toMatch(/^checkout-sim-.+\.har$/);
    return JSON.parse(readFileSync((await download.path())!, 'utf8')) as Har;
  };

  const list = await readHar(() => page.getByTestId('log-download-har').click());
  expect(list.log.version).toBe('1.2');
  expect(list.log.creator.name).toBe('Checkout Simulator');
  expect(list.log.entries.map((e) => e.request.method)).toEqual(['POST', 'GET']);
  const [create, read] = list.log.entries;
  expect(create!.request.url).toBe(`${sim.api}/checkout/v3/orders`);
  expect(JSON.parse(create!.request.postData!.text)).toEqual(SAMPLE_ORDER);
  expect(create!.response.status).toBe(201);
  expect((JSON.parse(create!.response.content.text!) as { order_id: string }).order_id).toBe(orderId);
  expect(read!.request.url).toBe(`${sim.api}/checkout/v3/orders/${orderId}`);
  expect(Date.parse(read!.startedDateTime)).not.toBeNaN();
  expect(read!._simulator.kind).toBe('checkout.read');

  await page.getByTestId('log-row').first().click();
  const one = await readHar(() => page.getByTestId('exchange-download-har').click());
  expect(one.log.entries).toHaveLength(1);
  expect(one.log.entries[0]!.request.url).toBe(`${sim.api}/checkout/v3/orders/${orderId}`);
});

test('a callback replayed from the log, as it was and edited, is a new exchange naming the one it replays', async ({
  page,
  sim,
}) => {
  const shop = await startMerchantStub({ '/address': () => ({ status: 200, body: {} }) });
  try {
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: { ...SAMPLE_ORDER.merchant_urls, address_update: `${shop.url}/address` },
    });
    const id = String(order.order_id);
    const step = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
      billing_address: SAMPLE_ADDRESS,
    });
    expect(step.json.outcome).toBe('applied');
    await page.goto(`${sim.console}/#/log?order=${id}`);
    await page.locator('[data-testid=log-row][data-kind=address_update]').first().click();
    const detail = page.getByTestId('exchange-detail');
    const original = await detail.getAttribute('data-exchange-id');
    await detail.getByTestId('exchange-replay-send').click();
    await expect(page.getByTestId('exchange-replay-of')).toContainText(original!);
    await expect.poll(() => shop.calls.filter((c) => c.path === '/address').length).toBe(2);

    await page.getByTestId('exchange-replay-edit').click();
    await page.getByTestId('exchange-replay-body').fill('{"edited":true}');
    await page.getByTestId('exchange-replay-submit').click();
    await expect(page.getByTestId('exchange-replay-of')).toContainText('edited: body');
    await expect.poll(() => shop.calls.at(-1)?.body).toEqual({ edited: true });
    await screenshot(page, 'log-replay');
  } finally {
    await shop.close();
  }
});
