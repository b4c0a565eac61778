// The checkout page in a real browser (Debian's Chromium, as the repo's end-to-end tests use): the
// snippet's script runs, +/− does suspend → server-side update → resume without a reload, the page lists
// the checkout's events and keeps its total in step, and it works without the snippet's API too.
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startShop } from '../server.mjs';
import { collectingLog, CREDENTIALS, startFakeApi } from './fake-api.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** A stand-in for the provider's snippet: defines window._klarnaCheckout and records what it is asked. */
const fakeCheckoutSnippet = (id) => `<div id="fake-snippet" data-order-id="${id}">Fake checkout</div>
<script>
  (function () {
    var handlers = {};
    window.__kco = [];
    var api = {
      suspend: function () { window.__kco.push('suspend'); },
      resume: function () {
        var qty = document.querySelector('[data-testid="qty-wool-socks"]');
        window.__kco.push('resume:' + (qty && qty.textContent));
      },
      on: function (h) { Object.assign(handlers, h); },
    };
    window._klarnaCheckout = function (callback) { callback(api); };
    window.__fire = function (name, data) { handlers[name](data); };
    window.__listening = function () { return Object.keys(handlers).sort(); };
  })();
</script>`;

describe.skipIf(!existsSync(CHROMIUM))('the checkout page in a browser', () => {
  let browser;
  let api;
  let shop;
  let page;
  let errors;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
  }, 60_000);
  afterAll(async () => browser?.close());
  beforeEach(async () => {
    api = await startFakeApi();
    shop = await startShop({ apiUrl: api.url, credentials: CREDENTIALS, log: collectingLog() });
    page = await browser.newPage();
    errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
  });
  afterEach(async () => {
    await page.close();
    await shop.close();
    await api.close();
  });

  async function toCheckout() {
    await page.goto(`${shop.url}/`);
    await page.getByTestId('add-wool-socks').click();
    await page.waitForURL(`${shop.url}/cart`);
    await page.getByTestId('go-to-checkout').click();
    await page.waitForURL(`${shop.url}/checkout`);
  }

  it('runs the snippet, and changes the cart with suspend → update → resume, without a reload', async () => {
    api.snippet.make = fakeCheckoutSnippet;
    await toCheckout();
    expect(await page.evaluate(() => window.__listening())).toEqual(
      [
        'billing_address_change',
        'can_not_complete_order',
        'change',
        'customer',
        'load',
        'load_confirmation',
        'network_error',
        'order_total_change',
        'redirect_initiated',
        'shipping_address_change',
        'shipping_option_change',
        'user_interacted',
      ].sort(),
    );
    await page.evaluate(() => (window.__samePage = true));
    await page.getByTestId('inc-wool-socks').click();
    await expect.poll(() => page.evaluate(() => window.__kco)).toEqual(['suspend', 'resume:2']);
    expect(await page.evaluate(() => window.__samePage)).toBe(true); // no reload
    const updates = api.callsTo(/^POST \/checkout\/v3\/orders\/order-1$/);
    expect(updates).toHaveLength(1);
    expect(updates[0].body.order_lines[0]).toMatchObject({ reference: 'wool-socks', quantity: 2 });
    expect(await page.getByTestId('cart-count').textContent()).toBe('2');
    expect(errors).toEqual([]);
  });

  it('lists what the checkout tells the page and keeps the total in step', async () => {
    api.snippet.make = fakeCheckoutSnippet;
    await toCheckout();
    await page.evaluate(() => window.__fire('load', { customer: { type: 'person' } }));
    await page.evaluate(() => window.__fire('order_total_change', { order_total: 123456 }));
    await expect.poll(() => page.getByTestId('shop-event').count()).toBe(2);
    expect(await page.getByTestId('shop-event-count').textContent()).toBe('2');
    const newest = page.getByTestId('shop-event').first();
    expect(await newest.getAttribute('data-event')).toBe('order_total_change');
    expect(await newest.locator('pre').textContent()).toContain('"order_total": 123456');
    await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/1\s234,56\s*kr/);
    expect(errors).toEqual([]);
  });

  it('works with the placeholder snippet (no window._klarnaCheckout)', async () => {
    await toCheckout();
    expect(await page.evaluate(() => window.__ran)).toBe('order-1'); // the snippet's inline script ran
    expect(await page.evaluate(() => typeof window._klarnaCheckout)).toBe('undefined');
    await page.getByTestId('inc-wool-socks').click();
    await expect.poll(() => page.getByTestId('qty-wool-socks').textContent()).toBe('2');
    expect(errors).toEqual([]);
  });

  it('fits a 320 px wide screen', async () => {
    await page.setViewportSize({ width: 320, height: 640 });
    for (const path of ['/', '/cart', '/switches', '/orders']) {
      if (path === '/cart') await page.getByTestId('add-enamel-mug').click();
      else await page.goto(shop.url + path);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(320);
    }
    await page.goto(`${shop.url}/checkout`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  });
});
