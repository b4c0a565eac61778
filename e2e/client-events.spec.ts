import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type FrameLocator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { BILLING, createOrder, SAMPLE_ORDER } from './helpers';
import { startEventsPage, type EventsPage } from './events-page';
import { documentedAsSimulated } from './conformance-table';

/*
 * Every client-side event and method of the checkout's JavaScript API, each in a merchant page of its own
 * (served by the test, embedding the order's html_snippet, with one recording handler per event). The run
 * records which events fired; the last test checks that every event the conformance table calls "as
 * documented" did (test-results/client-events-fired.json), so the table cannot claim more than is tested.
 */

test.describe.configure({ mode: 'serial' });

const fired = new Set<string>();
let merchant: EventsPage;

test.beforeEach(async ({ sim }) => {
  merchant = await startEventsPage(sim.api);
});
test.afterEach(async () => {
  await merchant.close();
});

type Got = { event: string; data?: unknown; callback: string };
const got = (page: Page) => page.evaluate(() => (window as unknown as { __events: Got[] }).__events);
/** The payloads of one event, polled until the page has heard it (and remembered for the final check). */
async function heard(page: Page, event: string, count = 1): Promise<unknown[]> {
  await expect.poll(async () => (await got(page)).filter((e) => e.event === event).length).toBe(count);
  if (count > 0) fired.add(event);
  return (await got(page)).filter((e) => e.event === event).map((e) => e.data);
}

async function open(page: Page, sim: { api: string }, over: Record<string, unknown> = {}) {
  const order = await createOrder(sim.api, {
    ...SAMPLE_ORDER,
    merchant_urls: merchant.urls(),
    ...over,
  });
  const id = order.order_id as string;
  await page.goto(`${merchant.url}/checkout/${id}`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await expect(frame.getByTestId('kco-line').first()).toBeVisible();
  // The page's queued _klarnaCheckout(fn) ran: its handlers hear `load`.
  await heard(page, 'load');
  fired.add('_klarnaCheckout');
  return { id, frame };
}

async function enterAddress(frame: FrameLocator, postalCode?: string) {
  await frame.getByTestId('kco-fill-person-0').click();
  if (postalCode) await frame.getByTestId('kco-postal-code').fill(postalCode);
  await frame.getByTestId('kco-address-submit').click();
}

const section = (frame: FrameLocator, id: string) => frame.getByTestId(`kco-section-${id}`);

test('load: {customer: {type}, shipping_address: {country}}, with customer and change on load', async ({
  page,
  sim,
}) => {
  await open(page, sim);
  expect(await heard(page, 'load')).toEqual([
    { customer: { type: 'person' }, shipping_address: { country: 'swe' } },
  ]);
  // "Also triggered on load so you can have the default data": customer and change, nothing else.
  expect(await heard(page, 'customer')).toEqual([{ type: 'person' }]);
  expect(await heard(page, 'change')).toEqual([{ email: '', postal_code: '', country: 'swe' }]);
  expect(await heard(page, 'billing_address_change', 0)).toEqual([]);
  expect(await heard(page, 'shipping_option_change', 0)).toEqual([]);
});

test("on load with a prefilled address: the address events with the merchant's data", async ({
  page,
  sim,
}) => {
  const prefilled = { ...BILLING, postal_code: '111 34' };
  await open(page, sim, { billing_address: prefilled, shipping_address: prefilled });
  expect(await heard(page, 'change')).toEqual([
    { email: prefilled.email, postal_code: '11134', country: 'swe' },
  ]);
  expect(await heard(page, 'billing_address_change')).toEqual([{ postal_code: '11134', country: 'swe' }]);
  expect(await heard(page, 'shipping_address_change')).toEqual([{ postal_code: '11134', country: 'swe' }]);
});

test('user_interacted: {type: mousedown} once, at the first click', async ({ page, sim }) => {
  const { frame } = await open(page, sim);
  await frame.getByTestId('kco-email').click();
  await frame.getByTestId('kco-email').click();
  expect(await heard(page, 'user_interacted')).toEqual([{ type: 'mousedown' }]);
});

test('customer, change, billing_address_change, shipping_address_change: postal codes without whitespace', async ({
  page,
  sim,
}) => {
  const { frame } = await open(page, sim);
  await enterAddress(frame, '111 34');
  // customer fired on load already, for the same type: not again.
  expect(await heard(page, 'customer')).toEqual([{ type: 'person' }]);
  expect(await heard(page, 'change', 2)).toEqual([
    { email: '', postal_code: '', country: 'swe' },
    { email: 'anna.andersson@example.se', postal_code: '11134', country: 'swe' },
  ]);
  expect(await heard(page, 'billing_address_change')).toEqual([{ postal_code: '11134', country: 'swe' }]);
  expect(await heard(page, 'shipping_address_change')).toEqual([{ postal_code: '11134', country: 'swe' }]);
});

test('change: fires as the customer leaves an edited field, before the address is sent', async ({
  page,
  sim,
}) => {
  const { frame } = await open(page, sim);
  const onLoad = { email: '', postal_code: '', country: 'swe' };
  await heard(page, 'change');
  await frame.getByTestId('kco-fill-person-0').click();
  // A name is not what `change` speaks of: leaving an edited name field fires nothing.
  await frame.getByTestId('kco-given-name').fill('Annika');
  await frame.getByTestId('kco-given-name').press('Tab');
  await frame.getByTestId('kco-email').fill('anna@example.com');
  await frame.getByTestId('kco-email').press('Tab');
  const typed = { email: 'anna@example.com', postal_code: '11134', country: 'swe' };
  expect(await heard(page, 'change', 2)).toEqual([onLoad, typed]);
  // The address the order then takes is the same: no third `change`.
  await frame.getByTestId('kco-address-submit').click();
  await heard(page, 'billing_address_change');
  expect(await heard(page, 'change', 2)).toEqual([onLoad, typed]);
});

test.describe('with address_update refusing a postal code', () => {
  test('shipping_address_update_error: {} when address_update refuses', async ({ page, sim }) => {
    const { frame } = await open(page, sim, {
      merchant_urls: merchant.urls({ address_update: `${merchant.url}/address_update` }),
    });
    await enterAddress(frame, merchant.refusedPostalCode);
    expect(await heard(page, 'shipping_address_update_error')).toEqual([{}]);
    await expect(frame.getByTestId('kco-address-form')).toBeVisible();
  });
});

test('shipping_option_change and order_total_change', async ({ page, sim }) => {
  const { frame } = await open(page, sim, {
    order_amount: SAMPLE_ORDER.order_amount,
    shipping_options: [
      { id: 'pickup', name: 'Pickup point', price: 0, tax_amount: 0, tax_rate: 2500, preselected: true },
      { id: 'home', name: 'Home delivery', promo: 'Free week', price: 4900, tax_amount: 980, tax_rate: 2500 },
    ],
  });
  // The preselected option is told on load ("also triggered on load" with the default data).
  const pickup = { id: 'pickup', name: 'Pickup point', price: 0, tax_amount: 0, tax_rate: 2500 };
  expect(await heard(page, 'shipping_option_change')).toEqual([pickup]);
  await enterAddress(frame);
  await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
  expect(await heard(page, 'shipping_option_change', 2)).toEqual([
    pickup,
    { id: 'home', name: 'Home delivery', promo: 'Free week', price: 4900, tax_amount: 980, tax_rate: 2500 },
  ]);
  expect(await heard(page, 'order_total_change')).toEqual([
    { order_total: SAMPLE_ORDER.order_amount + 4900 },
  ]);
});

test('api.on: a second registration for an event replaces the first', async ({ page, sim }) => {
  const { frame } = await open(page, sim, {
    shipping_options: [
      { id: 'pickup', name: 'Pickup point', price: 0, tax_amount: 0, tax_rate: 2500, preselected: true },
      { id: 'home', name: 'Home delivery', price: 4900, tax_amount: 980, tax_rate: 2500 },
    ],
  });
  await page.evaluate(() => {
    const w = window as unknown as {
      __api: { on(h: Record<string, (d: unknown) => void>): void };
      __calls: string[];
    };
    w.__calls = [];
    w.__api.on({ order_total_change: () => w.__calls.push('first') });
    w.__api.on({ order_total_change: () => w.__calls.push('second') });
  });
  await enterAddress(frame);
  await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __calls: string[] }).__calls))
    .toEqual(['second']);
  fired.add('on');
});

test('checkbox_change: the additional checkboxes show, answer into merchant_requested, a required one blocks pay', async ({
  page,
  sim,
}) => {
  const { id, frame } = await open(page, sim, {
    options: {
      additional_checkbox: { text: 'Send me the newsletter', checked: false, required: false },
      additional_checkboxes: [{ id: 'age', text: 'I am over 18', checked: false, required: true }],
    },
  });
  await enterAddress(frame);
  const box = (key: string) => frame.locator(`[data-testid=kco-checkbox][data-key="${key}"]`);
  await expect(box('merchant_checkbox')).toContainText('Send me the newsletter');
  await expect(box('age')).toContainText('I am over 18');
  await expect(box('age').getByTestId('kco-checkbox-input')).not.toBeChecked();

  // A required box left unchecked: pay does not go on.
  await frame.getByTestId('kco-pay').click();
  await expect(frame.getByTestId('kco-pay-error')).toContainText('required');

  await box('merchant_checkbox').getByTestId('kco-checkbox-input').check();
  expect(await heard(page, 'checkbox_change')).toEqual([{ key: 'merchant_checkbox', checked: true }]);
  await box('age').getByTestId('kco-checkbox-input').check();
  await heard(page, 'checkbox_change', 2);
  const order = await merchant.read(sim.api, id);
  expect(order.merchant_requested).toEqual({
    additional_checkbox: true,
    additional_checkboxes: [{ id: 'age', checked: true }],
  });
  await frame.getByTestId('kco-pay').click();
  await page.waitForURL(/\/confirmation/);
});

test.describe('validation_callback', () => {
  test('pay waits for the page: should_proceed false stops with its message, true completes', async ({
    page,
    sim,
  }) => {
    const { frame } = await open(page, sim, { options: { require_client_validation: true } });
    await enterAddress(frame);
    await page.evaluate(() => {
      (window as unknown as { __answer: unknown }).__answer = {
        should_proceed: false,
        message: 'Your cart changed: please reload.',
      };
    });
    await frame.getByTestId('kco-pay').click();
    await expect(frame.getByTestId('kco-pay-error')).toContainText('Your cart changed: please reload.');
    // The page stopped the purchase itself: no can_not_complete_order (docs/conformance.md says why).
    expect(await heard(page, 'can_not_complete_order', 0)).toEqual([]);
    const calls = (await got(page)).filter((e) => e.event === 'validation_callback');
    // The handler received the documented empty data and a callback as its second argument.
    expect(calls).toEqual([{ event: 'validation_callback', data: {}, callback: 'function' }]);
    fired.add('validation_callback');

    await page.evaluate(() => {
      (window as unknown as { __answer: unknown }).__answer = { should_proceed: true };
    });
    await frame.getByTestId('kco-pay').click();
    await page.waitForURL(/\/confirmation/);
  });

  test('a page that never answers gets the generic error after the time-out', async ({ page, sim }) => {
    test.setTimeout(45_000);
    const { frame } = await open(page, sim, { options: { require_client_validation: true } });
    await enterAddress(frame);
    await page.evaluate(() => {
      (window as unknown as { __answer: unknown }).__answer = 'never';
    });
    await frame.getByTestId('kco-pay').click();
    await expect(frame.getByTestId('kco-pay')).toHaveText('Paying…');
    await expect(frame.getByTestId('kco-pay-error')).toContainText('Something went wrong', {
      timeout: 15_000,
    });
    await expect(section(frame, 'pay')).toBeVisible();
    // The checkout cannot complete the order: the page is told so.
    expect(await heard(page, 'can_not_complete_order')).toEqual([{}]);
  });
});

test.describe('when the purchase is refused', () => {
  test('can_not_complete_order: {} when validation refuses', async ({ page, sim }) => {
    const { frame } = await open(page, sim, {
      merchant_urls: merchant.urls({ validation: `${merchant.url}/validation_refuse` }),
    });
    await enterAddress(frame);
    await frame.getByTestId('kco-pay').click();
    expect(await heard(page, 'can_not_complete_order')).toEqual([{}]);
  });
});

test.describe('when a request of the checkout gets no answer', () => {
  // The aborted request shows in the console; that is what this test provokes.
  test.use({ expectedConsoleErrors: [[/net::ERR_FAILED/, /Failed to load resource/], { scope: 'test' }] });
  test('network_error: {}', async ({ page, sim }) => {
    const { frame } = await open(page, sim);
    await page.route(/\/address$/, (route) => route.abort('failed'));
    await enterAddress(frame);
    expect(await heard(page, 'network_error')).toEqual([{}]);
  });
});

test('redirect_initiated (true) and load_confirmation ({}) on the confirmation page', async ({
  page,
  sim,
}) => {
  const { id, frame } = await open(page, sim);
  await enterAddress(frame);
  await frame.getByTestId('kco-pay').click();
  await page.waitForURL(/\/confirmation/);
  expect(await heard(page, 'load_confirmation')).toEqual([{}]);
  // redirect_initiated reached the checkout page just before it left; the page kept what it heard.
  const before = await page.evaluate(() => sessionStorage.getItem('heard') ?? '[]');
  expect((JSON.parse(before) as Got[]).filter((e) => e.event === 'redirect_initiated')).toEqual([
    { event: 'redirect_initiated', data: true, callback: 'undefined' },
  ]);
  expect(await merchant.loggedEvents(sim.api, id)).toContain('client_event.redirect_initiated');
  fired.add('redirect_initiated');
});

test('suspend and resume: the checkout is busy until resume, then shows the cart changed server-side', async ({
  page,
  sim,
}) => {
  const { id, frame } = await open(page, sim);
  await page.evaluate(() =>
    (window as unknown as { __api: { suspend(o: unknown): void } }).__api.suspend({
      autoResume: { enabled: false },
    }),
  );
  await expect(frame.getByTestId('kco-suspended')).toBeVisible();
  await merchant.addLine(sim.api, id);
  await page.evaluate(() => (window as unknown as { __api: { resume(): void } }).__api.resume());
  await expect(frame.getByTestId('kco-suspended')).toHaveCount(0);
  await expect(frame.getByTestId('kco-line')).toHaveCount(2);
  fired.add('suspend');
  fired.add('resume');
});

test('the conformance table: every client-side event it calls "as documented" fired in this run', () => {
  const table = documentedAsSimulated(readFileSync('docs/conformance.md', 'utf8'));
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/client-events-fired.json', JSON.stringify([...fired].sort(), null, 2));
  expect(table.length).toBeGreaterThan(10);
  expect(table.filter((name) => !fired.has(name))).toEqual([]);
});
