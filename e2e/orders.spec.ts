import { expect, test } from './fixtures';
import { createOrder, screenshot } from './helpers';

test('an order created through the API appears live, opens, and is in the log', async ({ page, sim }) => {
  await page.goto(sim.console);
  await expect(page.getByTestId('app-name')).toHaveText('Checkout Simulator');
  await expect(page.getByTestId('api-url')).toHaveText(sim.api);
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  // The event stream must be up before the order is created, or the test would not prove liveness.
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  // At the default window size the whole sidebar shows, down to the data folder and the version.
  await expect(page.getByTestId('tls-badge')).toBeVisible();
  await expect(page.getByTestId('app-version')).toBeInViewport({ ratio: 1 });
  await screenshot(page, 'orders-empty');

  const created = await createOrder(sim.api);
  const orderId = String(created.order_id);
  expect(created.status).toBe('checkout_incomplete');

  // No reload: the order.created event refreshes the list.
  const row = page.getByTestId(`order-row-${orderId}`);
  await expect(row).toBeVisible();
  await expect(row.getByTestId('order-status')).toHaveText('checkout incomplete');
  await expect(row.getByTestId('order-amount')).toHaveText('500,00 kr');
  await expect(row).toContainText('SE');
  await screenshot(page, 'orders-list');

  await page.getByTestId(`order-link-${orderId}`).click();
  await expect(page).toHaveURL(new RegExp(`#/orders/${orderId}$`));
  const orderPage = page.getByTestId('order-page');
  await expect(orderPage.getByTestId('order-id')).toHaveText(orderId);
  const lines = orderPage.getByTestId('order-line');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText('Battery Power Pack');
  await expect(lines.first()).toContainText('19-402');
  await expect(lines.first()).toContainText('250,00 kr');
  await expect(lines.first()).toContainText('25\u00a0%');
  await expect(lines.first().getByTestId('order-line-total')).toHaveText('500,00 kr');
  await expect(orderPage.getByTestId('order-total')).toHaveText('500,00 kr');
  await expect(orderPage.getByTestId('order-tax-total')).toHaveText('100,00 kr');
  await expect(orderPage.getByTestId('order-merchant-urls')).toContainText('https://example.com/terms');
  await screenshot(page, 'order-page');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'order-page-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByTestId('order-log-link').click();
  await expect(page.getByTestId('log-filter')).toHaveValue(orderId);
  const logRow = page
    .getByTestId('log-row')
    .filter({ has: page.getByTestId('log-row-kind').getByText('checkout.create') });
  await expect(logRow).toHaveCount(1);
  await expect(logRow.getByTestId('log-row-status')).toHaveText('201');
  await logRow.click();
  const detail = page.getByTestId('exchange-detail');
  await expect(detail.getByTestId('exchange-request-body')).toContainText('"purchase_country": "SE"');
  await expect(detail.getByTestId('exchange-response-body')).toContainText(`"order_id": "${orderId}"`);
  await screenshot(page, 'log');
  await page.emulateMedia({ colorScheme: 'dark' });
  await screenshot(page, 'log-dark');
});

test('the log shows new exchanges live and filters them by order id', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/log`);
  await expect(page.getByTestId('log-empty')).toBeVisible();
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');

  const first = String((await createOrder(sim.api)).order_id);
  const second = String((await createOrder(sim.api)).order_id);
  await expect(page.getByTestId('log-row')).toHaveCount(2);

  await page.getByTestId('log-filter').fill(first);
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`#/log\\?order=${first}$`));
  await page.getByTestId('log-filter').fill(second.slice(0, 8));
  await expect(page.getByTestId('log-row')).toHaveCount(1);
  await page.getByTestId('log-filter-clear').click();
  await expect(page.getByTestId('log-row')).toHaveCount(2);
});

test('secrets are masked until revealed', async ({ page, sim }) => {
  await page.goto(sim.console);
  await expect(page.getByTestId('credentials-username')).toHaveText('merchant');
  const password = page.getByTestId('credentials-password');
  await expect(password).not.toHaveText('secret');
  await expect(page.getByTestId('orders-empty-curl')).not.toContainText('secret');
  await page.getByTestId('credentials-reveal').click();
  await expect(password).toHaveText('secret');
  await expect(page.getByTestId('orders-empty-curl')).toContainText('-u merchant:secret');
});

test('an unknown order and an unknown page say so', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/orders/no-such-order`);
  await expect(page.getByTestId('order-not-found')).toBeVisible();
  await page.goto(`${sim.console}/#/nowhere`);
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.getByTestId('nav-orders').click();
  await expect(page.getByTestId('orders-page')).toBeVisible();
});
