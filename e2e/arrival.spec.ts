import { callApi } from './api-helpers';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';
import { expect, merchantUrls, test, type Merchant } from './merchant-page';
import { addressInput, testPerson } from '../shared/samples/test-people';

/*
 * Push and the confirmation redirect are equally authoritative and either may arrive first. Each order of
 * arrival the simulator can play is observed at the merchant's server itself: which request reached it
 * first, the browser's GET of the confirmation page or the POST of the push.
 */

/** A Swedish customer's address as she types it: the console's first Swedish test person. */
const FULL_ADDRESS = addressInput(testPerson('SE'));

/** An order whose browser destinations and push are the merchant's, its address entered, the clock manual. */
async function openCheckout(api: string, merchant: Merchant) {
  const clock = await callApi(api, 'PUT', '/test_helpers/clock', { mode: 'manual' });
  expect(clock.status).toBe(200);
  const order = await createOrder(api, { ...SAMPLE_ORDER, merchant_urls: merchantUrls(merchant) });
  const id = order.order_id as string;
  const address = await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
    billing_address: FULL_ADDRESS,
  });
  expect(address.json.outcome).toBe('applied');
  return id;
}

const pay = async (api: string, id: string) => {
  const r = await callApi(api, 'POST', `/test_helpers/checkout/orders/${id}/complete`, {});
  expect(r.json.outcome).toBe('completed');
};

test('redirect first, as the spec schedules it: the browser arrives at once, push two minutes later', async ({
  page,
  sim,
  merchant,
}) => {
  const id = await openCheckout(sim.api, merchant);
  await page.goto(`${merchant.url}/checkout/${id}`);
  await expect(page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-pay')).toBeVisible();
  await pay(sim.api, id);
  await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
  expect(merchant.arrivals).toEqual(['confirmation']);
  const advance = await callApi(sim.api, 'POST', '/test_helpers/clock/advance', { seconds: 120 });
  expect(advance.status).toBe(200);
  await expect.poll(() => merchant.arrivals).toEqual(['confirmation', 'push']);
});

test('push first: the first push is sent and answered before the browser is redirected', async ({
  page,
  sim,
  merchant,
}) => {
  const id = await openCheckout(sim.api, merchant);
  const chosen = await callApi(sim.api, 'PUT', `/test_helpers/checkout/orders/${id}/arrival`, {
    mode: 'push_first',
  });
  expect(chosen.json.arrival_choice).toBe('push_first');
  await page.goto(`${merchant.url}/checkout/${id}`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await expect(frame.getByTestId('kco-pay')).toBeVisible();
  // The merchant's server holds its answer to the push: the customer waits on the checkout meanwhile.
  merchant.holdPushes();
  await pay(sim.api, id);
  await expect.poll(() => merchant.arrivals).toEqual(['push (held)']);
  await expect(frame.getByTestId('kco-waiting-for-push')).toBeVisible();
  expect(page.url()).toBe(`${merchant.url}/checkout/${id}`);
  await screenshot(page, 'arrival-waiting-for-push');
  merchant.releasePushes();
  await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
  expect(merchant.arrivals).toEqual(['push (held)', 'push', 'confirmation']);
});

test('the customer never arrives: no redirect, only push tells the merchant; the console says which applied', async ({
  page,
  sim,
  merchant,
}) => {
  const setting = await callApi(sim.api, 'PUT', '/test_helpers/settings', {
    confirmation_arrival: 'push_only',
  });
  expect(setting.json.confirmation_arrival).toBe('push_only');
  const id = await openCheckout(sim.api, merchant);
  await page.goto(`${merchant.url}/checkout/${id}`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await expect(frame.getByTestId('kco-pay')).toBeVisible();
  await pay(sim.api, id);
  await expect(frame.getByTestId('kco-no-redirect')).toBeVisible();
  await screenshot(page, 'arrival-push-only');
  await callApi(sim.api, 'POST', '/test_helpers/clock/advance', { seconds: 120 });
  await expect.poll(() => merchant.arrivals).toEqual(['push']);
  expect(page.url()).toBe(`${merchant.url}/checkout/${id}`);

  await page.goto(`${sim.console}/#/orders/${id}`);
  await expect(page.getByTestId('session-arrival-applied')).toHaveAttribute('data-mode', 'push_only');
  await expect(page.getByTestId('session-arrival-applied')).toContainText('the setting');
  await expect(page.getByTestId('session-client-event').first()).toHaveAttribute('data-event', 'load');
  await page.getByTestId('session-customer').scrollIntoViewIfNeeded();
  await page
    .getByTestId('session-customer')
    .screenshot({ path: 'test-results/screens/session-customer-card.png' });
  await page.goto(`${sim.console}/#/orders/${id}/timeline`);
  await expect(page.getByTestId('timeline-arrival')).toContainText('the customer never arrived');
});
