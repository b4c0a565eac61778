import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { refusedOps, screenshot } from './helpers';

// Both the bad origin and the incomplete payment method are refused on purpose.
test.use({
  expectedConsoleErrors: [refusedOps(['elements.client.setOrigins', 'elements.client.setExpress'])],
});

test('a client is created with origins, refuses a bad one by name, and gets an express configuration', async ({
  page,
  sim,
}) => {
  await page.goto(sim.console);
  await page.getByTestId('nav-clients').click();
  await expect(page.getByTestId('clients-empty')).toBeVisible();

  await page.getByTestId('client-new').click();
  await page.getByTestId('client-name').fill('Web shop');
  await page.getByTestId('client-origins-input').fill('https://shop.example.com\nhttp://localhost:3000');
  await screenshot(page, 'clients-new');
  await page.getByTestId('client-create').click();

  // Created: the client's page opens, with the localhost origin flagged.
  await expect(page.getByTestId('client-title')).toHaveText('Web shop');
  await expect(page.getByTestId('origin')).toHaveText([
    /https:\/\/shop\.example\.com/,
    /http:\/\/localhost:3000/,
  ]);
  await expect(page.getByTestId('origin-flag')).toHaveCount(1);
  await expect(
    page.locator('[data-origin="http://localhost:3000"]').getByTestId('origin-flag'),
  ).toBeVisible();
  const clientId = (await page.getByTestId('client-id').textContent())!;

  // A bad entry is refused, and the message names it.
  const input = page.getByTestId('origins-input');
  await input.fill('https://pay.example.com\nhttp://shop.example.org/');
  await page.getByTestId('origins-add').click();
  const refused = page.getByTestId('origins-error-entry');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveAttribute('data-index', '1');
  await expect(refused).toContainText("'http://shop.example.org/'");
  await expect(page.getByTestId('origins-summary')).toContainText('An origin was refused');
  await expect(page.getByTestId('origin')).toHaveCount(2);
  await screenshot(page, 'clients-origin-refused');

  // Added without duplicates: the one already allowed is skipped.
  await input.fill('https://pay.example.com\nhttps://shop.example.com');
  await expect(page.getByTestId('origins-duplicates')).toContainText('https://shop.example.com');
  await page.getByTestId('origins-add').click();
  await expect(page.getByTestId('origin')).toHaveCount(3);
  await expect(input).toHaveValue('');
  await expect(page.getByTestId('origins-error')).toHaveCount(0);

  // Express configuration: an incomplete payment method is refused on its row, then saved.
  await page.getByTestId('express-push_url').fill('https://shop.example.com/express/push');
  await page.getByTestId('express-confirmation_url').fill('https://shop.example.com/express/done');
  await page.getByTestId('express-method-name').fill('card');
  await page.getByTestId('express-save').click();
  await expect(page.getByTestId('express-method-error')).toContainText('provider');
  await page.getByTestId('express-method-provider').fill('acme-pay');
  await page.getByTestId('express-method-add').click();
  await page.getByTestId('express-method-name').nth(1).fill('invoice');
  await page.getByTestId('express-method-provider').nth(1).fill('acme-pay');
  await page.getByTestId('express-save').click();
  await expect(page.getByTestId('express-saved')).toHaveText('Saved.');

  // Rename.
  await page.getByTestId('client-rename').fill('Web shop (EU)');
  await page.getByTestId('client-rename-save').click();
  await expect(page.getByTestId('client-title')).toHaveText('Web shop (EU)');
  await screenshot(page, 'clients');

  // The API sees the same client.
  const read = await callApi(sim.api, 'GET', `/elements/v1/clients/${clientId}`);
  expect(read.status).toBe(200);
  expect(read.json).toMatchObject({
    name: 'Web shop (EU)',
    allowed_origins: ['https://shop.example.com', 'http://localhost:3000', 'https://pay.example.com'],
    placements: [
      {
        key: 'express',
        express_config: {
          push_url: 'https://shop.example.com/express/push',
          confirmation_url: 'https://shop.example.com/express/done',
          payment_methods: [
            { method: 'card', provider: 'acme-pay' },
            { method: 'invoice', provider: 'acme-pay' },
          ],
        },
      },
    ],
  });
});

test('clients made through the API show up live; one is deleted after confirming', async ({ page, sim }) => {
  await page.goto(sim.console);
  await page.getByTestId('nav-clients').click();
  await expect(page.getByTestId('clients-empty')).toBeVisible();

  const made = await callApi(sim.api, 'POST', '/elements/v1/clients/', {
    name: 'Kiosk app',
    allowed_origins: ['https://kiosk.example.com'],
  });
  expect(made.status).toBe(201);
  const row = page.getByTestId('client-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('client-origins')).toHaveText('https://kiosk.example.com');
  await screenshot(page, 'clients-list');

  await row.getByTestId('client-link').click();
  await page.getByTestId('client-delete').click();
  await expect(page.getByTestId('client-delete-confirm')).toContainText('Kiosk app');
  await page.getByTestId('client-delete-no').click();
  await expect(page.getByTestId('client-delete-confirm')).toHaveCount(0);
  await page.getByTestId('client-delete').click();
  await page.getByTestId('client-delete-yes').click();

  await expect(page.getByTestId('clients-page')).toBeVisible();
  await expect(page.getByTestId('clients-empty')).toBeVisible();
  const gone = await callApi(sim.api, 'GET', `/elements/v1/clients/${made.json.id as string}`);
  expect(gone.status).toBe(404);
});
