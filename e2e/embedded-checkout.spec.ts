import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type FrameLocator, type Page } from '@playwright/test';
import { callApi } from './api-helpers';
import { expect, test } from './fixtures';
import { basicAuth, createOrder, SAMPLE_ORDER } from './helpers';
import { startShop } from './shop-stub';

/*
 * The embedded checkout as a merchant's page shows it: the order's html_snippet inlined by the merchant's
 * server on another origin (so the iframe is cross-origin, as in real life), a script registering api.on()
 * for every client-side event, and the confirmation page the checkout sends the merchant's page to.
 */

const EVENTS = [
  'load',
  'user_interacted',
  'customer',
  'change',
  'billing_address_change',
  'shipping_address_change',
  'shipping_option_change',
  'order_total_change',
  'can_not_complete_order',
  'network_error',
  'redirect_initiated',
  'load_confirmation',
];

/** The merchant's checkout and confirmation pages, each with the order's snippet (fetched server-side). */
function merchantPage(order: Record<string, unknown>, title: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<style>body{margin:0;font-family:sans-serif;background:#eceff3}header{background:#20242b;color:#fff;padding:14px 20px}
main{max-width:760px;margin:0 auto;padding:16px;background:#fff}@media (max-width:480px){main{padding:8px 0}}</style>
</head><body><header>Demo shop · ${title}</header><main>
<script>
  window.__events = [];
  window._klarnaCheckout = window._klarnaCheckout || function () {
    (window._klarnaCheckout.q = window._klarnaCheckout.q || []).push(arguments);
  };
  window._klarnaCheckout(function (api) {
    window.__api = api;
    var handlers = {};
    ${JSON.stringify(EVENTS)}.forEach(function (name) {
      handlers[name] = function (data) { window.__events.push({ event: name, data: data }); };
    });
    api.on(handlers);
  });
</script>
${String(order.html_snippet)}
</main></body></html>`;
}

interface Merchant {
  url: string;
  close(): Promise<void>;
}

/** The merchant's web server: `/checkout/<order id>` and `/confirmation?order_id=<order id>`. */
async function startMerchant(api: string): Promise<Merchant> {
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://merchant.test');
    const id =
      /^\/checkout\/([^/]+)$/.exec(url.pathname)?.[1] ??
      (url.pathname === '/confirmation' ? url.searchParams.get('order_id') : null);
    if (!id) {
      res.writeHead(url.pathname === '/favicon.ico' ? 204 : 404);
      return void res.end();
    }
    void fetch(`${api}/checkout/v3/orders/${id}`, { headers: { authorization: basicAuth() } })
      .then((r) => r.json() as Promise<Record<string, unknown>>)
      .then((order) => {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(merchantPage(order, url.pathname === '/confirmation' ? 'Thank you' : 'Checkout'));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Received = { event: string; data?: unknown };

const received = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: Received[] }).__events);
const dataOf = async (page: Page, event: string) =>
  (await received(page)).filter((e) => e.event === event).map((e) => e.data);

async function screenshotOf(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
}

const sectionState = (frame: FrameLocator, id: string) => frame.getByTestId(`kco-section-${id}`);

test('a customer buys in the embedded checkout: the merchant page hears the events and lands on the confirmation', async ({
  page,
  sim,
}) => {
  const shop = await startShop();
  const merchant = await startMerchant(sim.api);
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
      shipping_options: [
        { id: 'pickup', name: 'Pickup point', price: 0, tax_amount: 0, tax_rate: 2500, preselected: true },
        {
          id: 'home',
          name: 'Home delivery',
          description: 'Next working day',
          price: 4900,
          tax_amount: 980,
          tax_rate: 2500,
        },
      ],
    });
    const id = order.order_id as string;

    await page.goto(`${merchant.url}/checkout/${id}`);
    const frame = page.frameLocator('#klarna-checkout-iframe');
    await expect(frame.getByTestId('kco-line')).toHaveCount(1);
    await expect(frame.getByTestId('kco-total')).toHaveText('500.00 SEK');
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
    await screenshotOf(page, 'embedded-checkout-address');
    await frame.getByTestId('kco-address-submit').click();

    // The merchant's address_update added the transport insurance (2.99 SEK).
    await expect(sectionState(frame, 'address')).toHaveAttribute('data-state', 'done');
    await expect(frame.getByTestId('kco-total')).toHaveText('502.99 SEK');
    await expect(sectionState(frame, 'shipping')).toHaveAttribute('data-state', 'open');

    // Picking a plain option runs the step at once; the merchant's answer puts its fee in the cart.
    await frame.locator('[data-testid=kco-shipping-option][data-option-id=home] label').click();
    await expect(sectionState(frame, 'shipping')).toHaveAttribute('data-state', 'done');
    await expect(frame.getByTestId('kco-total')).toHaveText('551.99 SEK');
    await expect(frame.getByTestId('kco-pay')).toHaveText('Pay 551.99 SEK');

    await expect
      .poll(() => dataOf(page, 'shipping_address_change'))
      .toEqual([{ postal_code: '111 34', country: 'swe' }]);
    await expect
      .poll(() => dataOf(page, 'shipping_option_change'))
      .toEqual([
        {
          id: 'home',
          name: 'Home delivery',
          description: 'Next working day',
          price: 4900,
          tax_amount: 980,
          tax_rate: 2500,
        },
      ]);
    await expect
      .poll(() => dataOf(page, 'order_total_change'))
      .toEqual([{ order_total: 50299 }, { order_total: 55199 }]);
    expect(await dataOf(page, 'customer')).toEqual([{ type: 'person' }]);
    expect(await dataOf(page, 'user_interacted')).toEqual([{ type: 'mousedown' }]);
    expect(await dataOf(page, 'change')).toEqual([
      {
        email: 'anna.andersson@example.se',
        postal_code: '111 34',
        country: 'swe',
        given_name: 'Anna',
        family_name: 'Andersson',
      },
    ]);
    await screenshotOf(page, 'embedded-checkout-pay');
    await page.setViewportSize({ width: 320, height: 800 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(320);
    await screenshotOf(page, 'embedded-checkout-pay-320');
    await page.setViewportSize({ width: 1280, height: 860 });

    await frame.getByTestId('kco-pay').click();
    await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
    const receipt = page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation');
    await expect(receipt).toContainText('Thank you for your order');
    await expect(receipt.getByTestId('kco-total')).toHaveText('551.99 SEK');
    await expect(receipt).toContainText('Home delivery');
    await expect.poll(() => dataOf(page, 'load_confirmation')).toEqual([true]);
    await screenshotOf(page, 'embedded-checkout-confirmation');

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
    await merchant.close();
    await shop.close();
  }
});

test('the open checkout follows steps driven from outside, and suspend and resume', async ({ page, sim }) => {
  const merchant = await startMerchant(sim.api);
  try {
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
      .toEqual([{ postal_code: '111 51', country: 'swe' }]);

    // Suspended, the checkout is covered and inert; the merchant changes the cart; resumed, it shows it.
    await page.evaluate(() =>
      (window as unknown as { __api: { suspend(o: unknown): void } }).__api.suspend({
        autoResume: { enabled: false },
      }),
    );
    await expect(frame.getByTestId('kco-suspended')).toHaveText('Updating your order…');
    await expect(frame.locator('#kco-root')).toHaveJSProperty('inert', true);
    await screenshotOf(page, 'embedded-checkout-suspended');
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
    await expect(frame.getByTestId('kco-total')).toHaveText('750.00 SEK');
    await expect(frame.locator('#kco-root')).toHaveJSProperty('inert', false);

    // Paid from outside: the open page sends the merchant's page to the confirmation.
    const paid = await callApi(sim.api, 'POST', `/test_helpers/checkout/orders/${id}/complete`, {});
    expect(paid.json.outcome).toBe('completed');
    await page.waitForURL(`${merchant.url}/confirmation?order_id=${id}`);
    await expect(page.frameLocator('#klarna-checkout-iframe').getByTestId('kco-confirmation')).toBeVisible();
  } finally {
    await merchant.close();
  }
});
