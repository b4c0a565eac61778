import { type FrameLocator } from '@playwright/test';
import { callApi } from './api-helpers';
import { createOrder, SAMPLE_ORDER, screenshot } from './helpers';
import { dataOf, expect, test } from './merchant-page';
import { startShop } from './shop-stub';

/*
 * The embedded checkout as a merchant's page shows it: the order's html_snippet inlined by the merchant's
 * server on another origin (so the iframe is cross-origin, as in real life), a script registering api.on()
 * for every client-side event, and the confirmation page the checkout sends the merchant's page to.
 */

// The order's two shipping options, as the merchant sends them and as shipping_option_change tells them back.
const PICKUP = { id: 'pickup', name: 'Pickup point', price: 0, tax_amount: 0, tax_rate: 2500 };
const HOME = {
  id: 'home',
  name: 'Home delivery',
  description: 'Next working day',
  price: 4900,
  tax_amount: 980,
  tax_rate: 2500,
};

const sectionState = (frame: FrameLocator, id: string) => frame.getByTestId(`kco-section-${id}`);

test('a customer buys in the embedded checkout: the merchant page hears the events and lands on the confirmation', async ({
  page,
  sim,
  merchant,
}) => {
  const shop = await startShop();
  try {
    const order = await createOrder(sim.api, {
      ...SAMPLE_ORDER,
      merchant_urls: {
        ...SAMPLE_ORDER.merchant_urls,
        confirmation: `${merchant.url}/confirmation?order_id={checkout.order.id}`,
        address_update: `${shop.url}/address`,
        shipping_option_update: `${shop.url}/shipping`,
        validation: `${shop.url}/validation`,
      },
      shipping_options: [{ ...PICKUP, preselected: true }, HOME],
    });
    const id = order.order_id as string;

    await page.goto(`${merchant.url}/checkout/${id}`);
    const frame = page.frameLocator('#klarna-checkout-iframe');
    await expect(frame.getByTestId('kco-line')).toHaveCount(1);
    await expect(frame.getByTestId('kco-total')).toHaveText('500,00 kr');
    await expect
      .poll(() => dataOf(page, 'load'))
      .toEqual([{ customer: { type: 'person' }, shipping_address: { country: 'swe' } }]);
    // The iframe is as tall as its content: the merchant's page scrolls, not the frame.
    const frameBox = await page.locator('#klarna-checkout-iframe').boundingBox();
    expect(frameBox!.height).toBeGreaterThan(600);

    // Required fields are checked before anything is sent.
    await frame.getByTestId('kco-address-submit').click();
    await expect(
      frame.locator('[data-testid=kco-field-error][data-field="billing_address.email"]'),
    ).toBeVisible();
    await expect(frame.getByTestId('kco-email')).toHaveAttribute('aria-invalid', 'true');
    await expect(frame.getByTestId('kco-email')).toBeFocused();

    await frame.getByTestId('kco-fill-person-0').click();
    await expect(frame.getByTestId('kco-given-name')).toHaveValue('Anna');
    await expect(frame.getByTestId('kco-field-error')).toHaveCount(0);
    await screenshot(page, 'embedded-checkout-address');
    await frame.getByTestId('kco-address-submit').click();

    // The merchant's address_update added the transport insurance (2,99 kr: the sample order's locale is sv-SE).
    await expect(sectionState(frame, 'address')).toHaveAttribute('data-state', 'done');
    await expect(frame.getByTestId('kco-total')).toHaveText('502,99 kr');
    await expect(sectionState(frame, 'shipping')).toHaveAttribute('data-state', 'open');

    // Picking a plain option runs the step at once; the merchant's answer puts its fee in the cart.
    await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
    await expect(sectionState(frame, 'shipping')).toHaveAttribute('data-state', 'done');
    await expect(frame.getByTestId('kco-total')).toHaveText('551,99 kr');
    await expect(frame.getByTestId('kco-pay')).toHaveText('Pay 551,99 kr');

    await expect
      .poll(() => dataOf(page, 'shipping_address_change'))
      .toEqual([{ postal_code: '11134', country: 'swe' }]);
    await expect
      .poll(() => dataOf(page, 'shipping_option_change'))
      .toEqual([
        // The preselected option, told on load; then the customer's choice.
        PICKUP,
        HOME,
      ]);
    await expect
      .poll(() => dataOf(page, 'order_total_change'))
      .toEqual([{ order_total: 50299 }, { order_total: 55199 }]);
    expect(await dataOf(page, 'customer')).toEqual([{ type: 'person' }]);
    expect(await dataOf(page, 'user_interacted')).toEqual([{ type: 'mousedown' }]);
    // `change` on load with the defaults (each key present), then with the address the customer entered.
    expect(await dataOf(page, 'change')).toEqual([
      { email: '', postal_code: '', country: 'swe' },
      { email: 'anna.andersson@example.se', postal_code: '11134', country: 'swe' },
    ]);
    await screenshot(page, 'embedded-checkout-pay');
    await page.setViewportSize({ width: 320, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320);
    await screenshot(page, 'embedded-checkout-pay-320');
    await page.setViewportSize({ width: 1280, height: 860 });

    await frame.getByTestId('kco-pay').click();
    await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
    const receipt = page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation');
    await expect(receipt).toContainText('Thank you for your order');
    await expect(receipt.getByTestId('kco-total')).toHaveText('551,99 kr');
    await expect(receipt).toContainText('Home delivery');
    // Every amount on one line: "149,00" and "kr" never part at the end of a line.
    const amountLines = await receipt
      .locator('.amount')
      .evaluateAll((els) => els.map((el) => el.getClientRects().length));
    expect(amountLines.length).toBeGreaterThan(1);
    expect(amountLines.every((n) => n === 1)).toBe(true);
    await expect.poll(() => dataOf(page, 'load_confirmation')).toEqual([{}]);
    await screenshot(page, 'embedded-checkout-confirmation');

    // The simulator's log has what the merchant's page was told, and where it was posted.
    const log = await callApi(sim.api, 'GET', `/test_helpers/exchanges?order_id=${id}`);
    const told = (log.json.exchanges as { kind: string; url: string }[]).filter((x) =>
      x.kind.startsWith('client_event.'),
    );
    expect(told.map((x) => x.kind)).toEqual(
      expect.arrayContaining([
        'client_event.load',
        'client_event.shipping_option_change',
        'client_event.redirect_initiated',
        'client_event.load_confirmation',
      ]),
    );
    expect(new Set(told.map((x) => x.url))).toEqual(new Set([merchant.url]));
  } finally {
    await shop.close();
  }
});

test('the open checkout follows steps driven from outside, and suspend and resume', async ({
  page,
  sim,
  merchant,
}) => {
  const order = await createOrder(sim.api, {
    ...SAMPLE_ORDER,
    merchant_urls: {
      ...SAMPLE_ORDER.merchant_urls,
      confirmation: `${merchant.url}/confirmation?order_id={checkout.order.id}`,
    },
  });
  const id = order.order_id as string;
  await page.goto(`${merchant.url}/checkout/${id}`);
  const frame = page.frameLocator('#klarna-checkout-iframe');
  await expect(sectionState(frame, 'address')).toHaveAttribute('data-state', 'open');
  await expect.poll(() => dataOf(page, 'load')).toHaveLength(1);

  // An address entered by automation: the page shows it, and the merchant's page hears of it.
  const step = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/address`, {
    billing_address: {
      given_name: 'Lena',
      family_name: 'Müller',
      email: 'lena@example.se',
      street_address: 'Drottninggatan 1',
      postal_code: '111 51',
      city: 'Stockholm',
      country: 'SE',
    },
  });
  expect(step.json.outcome).toBe('applied');
  await expect(sectionState(frame, 'address')).toHaveAttribute('data-state', 'done');
  await expect(frame.getByTestId('kco-address-summary')).toContainText('Drottninggatan 1');
  await expect
    .poll(() => dataOf(page, 'shipping_address_change'))
    .toEqual([{ postal_code: '11151', country: 'swe' }]);

  // Suspended, the checkout is covered and inert; the merchant changes the cart; resumed, it shows it.
  await page.evaluate(() =>
    (window as unknown as { __api: { suspend(o: unknown): void } }).__api.suspend({
      autoResume: { enabled: false },
    }),
  );
  await expect(frame.getByTestId('kco-suspended')).toHaveText('Updating your order…');
  await expect(frame.locator('#kco-root')).toHaveJSProperty('inert', true);
  await screenshot(page, 'embedded-checkout-suspended');
  const line = {
    ...SAMPLE_ORDER.order_lines[0]!,
    quantity: 3,
    total_amount: 75000,
    total_tax_amount: 15000,
  };
  const update = await callApi(sim.api, 'POST', `/checkout/v3/orders/${id}`, {
    order_lines: [line],
    order_amount: 75000,
    order_tax_amount: 15000,
  });
  expect(update.status).toBe(200);
  await page.evaluate(() => (window as unknown as { __api: { resume(): void } }).__api.resume());
  await expect(frame.getByTestId('kco-suspended')).toHaveCount(0);
  await expect(frame.getByTestId('kco-total')).toHaveText('750,00 kr');
  await expect(frame.locator('#kco-root')).toHaveJSProperty('inert', false);

  // Paid from outside: the open page sends the merchant's page to the confirmation.
  const paid = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/complete`, {});
  expect(paid.json.outcome).toBe('completed');
  await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
  await expect(page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation')).toBeVisible();
});

test.describe('refused tokens', () => {
  // The browser logs the refused page's status; that is the point here.
  test.use({ expectedConsoleErrors: [/status of 403/] });
  test('a wrong or another order’s token gets a clear page in the iframe, and changes nothing', async ({
    page,
    sim,
  }) => {
    const order = await createOrder(sim.api, SAMPLE_ORDER);
    const other = await createOrder(sim.api, SAMPLE_ORDER);
    const tokenOf = (o: Record<string, unknown>) =>
      /token=([A-Za-z0-9_-]+)/.exec(String(o.html_snippet))![1]!;
    // The snippet carries the customer's token, never the merchant's credentials.
    expect(String(order.html_snippet)).not.toContain('secret');
    expect(String(order.html_snippet)).not.toContain(Buffer.from('merchant:secret').toString('base64'));
    const frameUrl = (token: string) =>
      `${sim.checkout}/kco/frame/${order.order_id as string}?token=${token}`;
    await page.goto(frameUrl(tokenOf(other)));
    await expect(page.getByTestId('kco-refusal')).toContainText('This checkout link is not valid');
    await screenshot(page, 'embedded-checkout-bad-token');
    await page.goto(frameUrl('x'.repeat(32)));
    await expect(page.getByTestId('kco-refusal')).toHaveAttribute('data-refusal', 'bad_token');
    const after = await callApi(sim.api, 'GET', `/checkout/v3/orders/${order.order_id as string}`);
    expect(after.json.last_modified_at).toBe(order.last_modified_at);
  });
});
