import { type Page } from '@playwright/test';
import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';

/** Turns the shipping assistant on against the built-in fake integrator, from the console's one switch. */
async function useBuiltInIntegrator(page: Page) {
  await page.getByTestId('nav-shipping').click();
  const card = page.getByTestId('assistant-card');
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'off');
  // The one switch follows the server's settings: it flips once the simulator has switched. Never pointed
  // at an integrator of your own, on means the built-in one.
  await expect(card.getByTestId('assistant-on')).toHaveCount(1);
  await expect(card.locator('input[type=checkbox]')).toHaveCount(1);
  await card.getByTestId('assistant-on').click();
  await expect(card.getByTestId('assistant-on')).toBeChecked();
  await expect(card.getByTestId('assistant-status')).toHaveAttribute('data-state', 'built-in');
  await expect(card.getByTestId('assistant-status')).toHaveText('On, against the built-in fake integrator');
  // Its credentials are filled in: the fake integrator's own, shown on the same page.
  await expect(card.getByTestId('assistant-identifier')).toHaveValue('sim-merchant');
  await expect(card.getByTestId('assistant-base-url')).toHaveValue(
    await page.getByTestId('integrator-base-url').innerText(),
  );
  const integrator = page.getByTestId('integrator-card');
  await expect(integrator.getByTestId('integrator-identifier')).toHaveText('sim-merchant');
  await expect(integrator.getByTestId('integrator-key')).toHaveAttribute('data-masked', 'true');
  await integrator.getByTestId('integrator-key-reveal').click();
  await expect(integrator.getByTestId('integrator-key')).toHaveText(/^[A-Za-z0-9_-]{16,}$/);
  await integrator.getByTestId('integrator-key-reveal').click();
}

/** Opens an order's page, confirms its country (the assistant's preview) and opens the shipping step's selector. */
async function shippingAfterCountry(page: Page, consoleUrl: string, orderId: string) {
  await page.goto(`${consoleUrl}/#/orders/${orderId}`);
  await page.getByTestId('step-country').click();
  await page.getByTestId('country-submit').click();
  await expect(page.getByTestId('step-result')).toHaveAttribute('data-step', 'country');
  await page.getByTestId('step-shipping').click();
  return page.getByTestId('shipping-selector');
}

// The buyer's zone: exact delivery times are converted from the integrator's UTC values.
test.use({ timezoneId: 'Europe/Stockholm' });

test('the shipping selector: preview, valid options, a pickup point on the map with an SMS notice, and tracking', async ({
  page,
  sim,
}) => {
  test.setTimeout(60_000);
  await page.goto(sim.console);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await useBuiltInIntegrator(page);

  // An order with physical lines; the customer confirms the country: a preview call (country only).
  const order = await createOrder(sim.api, SAMPLE_ORDER);
  const orderId = String(order.order_id);
  const selector = await shippingAfterCountry(page, sim.console, orderId);
  await expect(selector).toHaveAttribute('data-source', 'integrator');
  await expect(selector).toHaveAttribute('data-request', 'preview');
  await expect(selector.getByTestId('shipping-banner-preview')).toContainText(
    'Preview — enter your address for exact options',
  );
  const options = selector.locator('[data-testid^="shipping-option-"][data-preview]');
  await expect(options.first()).toBeVisible();
  const count = await options.count();
  expect(count).toBeGreaterThan(2);
  await expect(selector.locator('[data-preview="true"]')).toHaveCount(count);
  const ombud = selector.getByTestId('shipping-option-nordpost-ombud');
  await expect(ombud.getByTestId('shipping-option-type')).toContainText('Pickup point');
  await expect(ombud.getByTestId('shipping-option-delivery')).toHaveText('1–3 working days');
  await expect(ombud.getByTestId('carrier-logo')).toHaveAttribute('alt', 'Nordpost');
  await expect(ombud.getByTestId('shipping-option-radio')).toBeDisabled();
  await expect(
    selector.getByTestId('shipping-option-boxly-locker').getByTestId('shipping-option-badge'),
  ).toHaveText('Eco-friendly');
  await expect(selector.getByTestId('shipping-submit')).toHaveCount(0);
  await screenshot(page, 'shipping-preview');

  // The address: a full recipient, so the integrator answers valid options.
  await page.getByTestId('step-address').click();
  const panel = page.getByTestId('step-panel');
  await panel.getByTestId('address-fill').click();
  await expect(panel.getByTestId('billing-phone')).toHaveValue('+46 70 123 45 67');
  await panel.getByTestId('address-submit').click();
  await expect(panel).toHaveAttribute('data-step', 'shipping');
  await expect(selector).toHaveAttribute('data-request', 'full');
  await expect(selector.locator('[data-preview="true"]')).toHaveCount(0);
  await expect(selector.getByTestId('shipping-banner-preview')).toHaveCount(0);
  await expect(selector.getByTestId('shipping-source')).toContainText('full address');
  // Home delivery shows its windows in the buyer's zone, with its timeslots when chosen.
  const home = selector.getByTestId('shipping-option-nordpost-home');
  await expect(home.getByTestId('shipping-option-type')).toHaveText('Home delivery');
  await expect(home.getByTestId('shipping-option-delivery')).toHaveText(
    /^\w{3} \d{1,2} \w{3}, \d\d:\d\d–\d\d:\d\d (CET|CEST)$/,
  );
  await home.getByTestId('shipping-option-radio').check();
  await expect(home.getByTestId('timeslots').locator('input[type="radio"]').first()).toBeChecked();
  await expect(home.getByTestId('addon-additional-instructions-counter')).toHaveCount(0);
  await home.getByTestId('addon-additional-instructions-check').check();
  await home.getByTestId('addon-additional-instructions-text').fill('Ring twice');
  await expect(home.getByTestId('addon-additional-instructions-counter')).toHaveText('10 / 100');
  await screenshot(page, 'shipping-valid');

  // A pickup point: the list and the map, a postal-code search, one picked on the map, the SMS notice.
  await ombud.getByTestId('shipping-option-radio').check();
  const pickup = ombud.getByTestId('pickup-locations');
  await expect(pickup.locator('[data-testid^="pickup-location-"][data-selected="true"]')).toHaveCount(1);
  await pickup.getByTestId('pickup-search-postal').fill('113 50');
  await pickup.getByTestId('pickup-search-submit').click();
  await expect(pickup.getByTestId('pickup-search-result')).toHaveAttribute('data-outcome', 'applied');
  await expect(pickup.getByTestId('pickup-search-result')).toContainText('locations near 113 50');
  // The new area comes first and its nearest location is picked; the earlier ones stay below.
  await expect(pickup.getByTestId('pickup-area').first()).toHaveAttribute('data-postal', '113 50');
  const rows = pickup.getByTestId('pickup-area').first().locator('li[data-testid^="pickup-location-"]');
  await expect(rows.first()).toHaveAttribute('data-selected', 'true');
  const third = rows.nth(2);
  const locationId = (await third.getAttribute('data-testid'))!.replace('pickup-location-', '');
  const point = pickup.getByTestId(`pickup-map-point-${locationId}`);
  await point.click();
  await expect(point).toHaveAttribute('data-selected', 'true');
  await expect(third).toHaveAttribute('data-selected', 'true');
  await expect(third.getByTestId('pickup-hours')).toContainText('Sat');
  const name = (await third.locator('.pickup-name').innerText()).trim();
  await expect(pickup.getByTestId('pickup-map-label')).toHaveText(name);

  // The SMS notice needs a phone number: an empty one is caught before anything is sent.
  const sms = ombud.getByTestId('addon-sms');
  await expect(sms.getByTestId('addon-sms-check')).toBeChecked();
  await sms.getByTestId('addon-sms-text').fill('');
  await selector.getByTestId('shipping-submit').click();
  await expect(sms.getByTestId('addon-sms-error')).toHaveText('Enter the phone number for the SMS notice');
  await sms.getByTestId('addon-sms-text').fill('+46 70 765 43 21');
  await expect(sms.getByTestId('addon-sms-error')).toHaveCount(0);
  await screenshot(page, 'shipping-pickup-map');
  await selector.getByTestId('shipping-submit').click();

  const result = page.getByTestId('step-result');
  await expect(result).toHaveAttribute('data-step', 'shipping_option');
  await expect(result.getByTestId('step-result-outcome')).toHaveText('applied');
  await expect(page.getByTestId('step-shipping-summary')).toContainText('Nordpost Ombud');

  // Pay: the integrator books the shipment; its id shows, tracking follows on the simulator clock.
  await expect(panel).toHaveAttribute('data-step', 'pay');
  await panel.getByTestId('pay-submit').click();
  await expect(result.getByTestId('step-result-outcome')).toHaveText('completed');
  const shipment = page.getByTestId('shipment-card');
  await expect(shipment.getByTestId('shipment-id')).toHaveText(/^shp_[0-9a-f]+$/);
  await expect(shipment.getByTestId('shipment-carrier')).toContainText('Nordpost');
  await expect(shipment.getByTestId('shipment-pickup')).toContainText(name);
  await expect(shipment.getByTestId('shipment-addon-sms')).toContainText('+46 70 765 43 21');
  await expect(shipment.getByTestId('shipment-tracking-waiting')).toContainText('Waiting for tracking');

  const { json: completed } = await callApi(sim.api, 'GET', `/checkout/v3/orders/${orderId}`);
  const selected = completed.selected_shipping_option as Record<string, unknown>;
  expect(selected.tms_reference).toBe(await shipment.getByTestId('shipment-id').innerText());
  expect((selected.location as { id: string }).id).toBe(locationId);

  // Tracking appears two hours after the shipment on the simulator clock.
  expect((await callApi(sim.api, 'PUT', '/test_helpers/clock', { mode: 'manual' })).status).toBe(200);
  expect((await callApi(sim.api, 'POST', '/test_helpers/clock/advance', { seconds: 7300 })).status).toBe(200);
  await expect(shipment.getByTestId('shipment-tracking-id')).toHaveText(/^[A-Z0-9-]{8,}$/);
  await expect(shipment.getByTestId('shipment-status')).toHaveText('Tracking complete');
  await expect(shipment.getByTestId('shipment-tracking-waiting')).toHaveCount(0);
  await screenshot(page, 'shipping-tracking');
});

test('fallback and the digital banner say why', async ({ page, sim }) => {
  await page.goto(`${sim.console}/#/shipping`);
  await expect(page.getByTestId('live-status')).toHaveAttribute('data-state', 'open');
  await page.getByTestId('assistant-on').click();
  await expect(page.getByTestId('assistant-status')).toHaveAttribute('data-state', 'built-in');
  // The integrator answers 503 to /shippingoptions: the merchant's options serve as the fallback.
  await page.getByTestId('fault-shippingoptions-status_5xx').click();
  await expect(page.getByTestId('fault-shippingoptions-status_5xx')).toBeChecked();
  await expect(page.getByTestId('faults-count')).toHaveAttribute('data-count', '1');
  await expect(page.getByTestId('faults-curl')).toContainText('"shippingoptions":{"status_5xx":503}');
  await expect(page.getByTestId('faults-curl')).toContainText('-u merchant:••••••••');
  await screenshot(page, 'shipping-settings');

  const order = await createOrder(sim.api, {
    ...SAMPLE_ORDER,
    shipping_options: [
      {
        id: 'own-std',
        name: 'Merchant standard',
        price: 4900,
        tax_amount: 980,
        tax_rate: 2500,
        preselected: true,
      },
    ],
  });
  const selector = await shippingAfterCountry(page, sim.console, String(order.order_id));
  await expect(selector).toHaveAttribute('data-source', 'fallback');
  await expect(selector.getByTestId('shipping-banner-fallback')).toContainText(
    'shown because the integrator answered with a server error (POST /shippingoptions answered 503)',
  );
  await expect(selector.getByTestId('shipping-option-own-std')).toContainText('Merchant standard');

  // An empty list is not a fallback: the "no shipping options" state, and the customer cannot pay.
  await page.goto(`${sim.console}/#/shipping`);
  await page.getByTestId('fault-shippingoptions-status_5xx').click();
  await expect(page.getByTestId('fault-shippingoptions-status_5xx')).not.toBeChecked();
  await page.getByTestId('fault-shippingoptions-empty_list').click();
  await expect(page.getByTestId('fault-shippingoptions-empty_list')).toBeChecked();
  const empty = await createOrder(sim.api, SAMPLE_ORDER);
  await shippingAfterCountry(page, sim.console, String(empty.order_id));
  await expect(selector.getByTestId('shipping-banner-no-options')).toContainText('This is not a fallback');
  await expect(selector.getByTestId('shipping-submit')).toHaveCount(0);

  // A cart of digital items only: no call, one digital option and the banner.
  const digital = await createOrder(sim.api, {
    ...SAMPLE_ORDER,
    order_lines: SAMPLE_ORDER.order_lines.map((l) => ({ ...l, type: 'digital' })),
  });
  await shippingAfterCountry(page, sim.console, String(digital.order_id));
  await expect(selector).toHaveAttribute('data-source', 'digital');
  await expect(selector.getByTestId('shipping-banner-digital')).toContainText('Delivered digitally');
  await expect(
    selector.getByTestId('shipping-option-digital').getByTestId('shipping-option-type'),
  ).toContainText('Digital delivery');
});
