// Shared set-up of the callback tests: a fresh fake provider API and shop per test, and the calls a
// checkout would make to the shop.
import { afterEach, beforeEach, expect } from 'vitest';
import { buildCart, selectedOption, shippingOptionsFor } from '../cart.mjs';
import { MARKETS } from '../catalogue.mjs';
import { startShop } from '../server.mjs';
import { browser, collectingLog, CREDENTIALS, startFakeApi } from './fake-api.mjs';

export const GERMAN = {
  given_name: 'Testperson',
  family_name: 'Approved',
  postal_code: '41460',
  city: 'Neuss',
  country: 'DE',
};

/** Registers the per-test shop; the returned object's api, shop and log are set before each test. */
export function useShop() {
  const t = {};
  beforeEach(async () => {
    t.api = await startFakeApi();
    t.log = collectingLog();
    t.shop = await startShop({ apiUrl: t.api.url, credentials: CREDENTIALS, log: t.log });
  });
  afterEach(async () => {
    await t.api.close(); // first: the shop's close waits for its background calls to the API
    await t.shop.close();
  });

  /** POSTs a callback as the checkout does; resolves with status, JSON body and the time it took. */
  t.callback = async (name, body, orderId = 'order-1') => {
    const started = Date.now();
    const res = await fetch(`${t.shop.url}/kco/${name}?order_id=${orderId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? '' : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null, ms: Date.now() - started };
  };

  /** Sets the switches through the shop's own form, as a person would. */
  t.setSwitches = async (form) => {
    const r = await browser(t.shop.url).postForm('/switches', form);
    expect(r.status).toBe(303);
  };

  t.page = async (path) => (await browser(t.shop.url).get(path)).text;
  return t;
}

/** What the checkout sends to address_update / country_change / shipping_option_update for a Swedish cart. */
export function sessionBody(address, extra = {}) {
  const se = MARKETS.SE;
  const items = [
    { productId: 'wool-socks', quantity: 2 },
    { productId: 'enamel-mug', quantity: 1 },
  ];
  return {
    ...buildCart(items, se, selectedOption(se, 'home')),
    billing_address: address,
    shipping_address: address,
    selected_shipping_option: shippingOptionsFor(se, 'home').find((o) => o.preselected),
    purchase_currency: 'SEK',
    locale: 'sv-SE',
    customer: {},
    ...extra,
  };
}
