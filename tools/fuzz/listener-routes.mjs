// The three listeners without an OpenAPI document, as the fuzz sees them: their routes (the embedded
// checkout's frame, API, bootstrap and assets; the shop's pages, forms and callbacks; the console's
// control API, event stream and files), the real resources those routes are aimed at (made afresh every
// round: a valid request may complete an order), and what an answer in each listener's own shape is.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../sim-processes.mjs';
import { PRODUCTS } from '../../shop/catalogue.mjs';
import { BASIC } from './apis.mjs';
import { jsonCall } from './client.mjs';

const json = (v) => JSON.stringify(v);
const isHtml = (res) => /^text\/html/.test(res.headers?.['content-type'] ?? '');

/** The control operations, read from the contract's source (the fuzz is plain JavaScript). */
function controlOps() {
  const dir = join(ROOT, 'shared/contract');
  const ops = new Set();
  for (const f of readdirSync(dir)) {
    for (const m of readFileSync(join(dir, f), 'utf8').matchAll(/^\s+'([a-z]+\.[a-zA-Z]+)': \{/gm))
      ops.add(m[1]);
  }
  // A scenario run is a whole run of its own, minutes long: its input checks are covered by scen's tests.
  ops.delete('scenarios.run');
  return [...ops];
}

/** Creates orders through the provider API for a round: incomplete, addressed, completed, with tokens. */
async function orderFixtures(env) {
  const call = (method, path, body) =>
    jsonCall(env.client, method, `${env.api}${path}`, { authorization: BASIC }, body);
  const create = async () => {
    const r = await call('POST', '/checkout/v3/orders', env.template);
    if (r.status !== 201) throw new Error(`fixture: create ${r.status} ${json(r.body)}`);
    const token = /KlarnaCheckout ([A-Za-z0-9_-]+)/.exec(r.body.html_snippet)?.[1];
    return { id: r.body.order_id, token };
  };
  const fresh = await create();
  const addressed = await create();
  await call('POST', `/test_helpers/checkout/orders/${addressed.id}/address`, {
    billing_address: env.address,
  });
  const done = await create();
  await call('POST', `/test_helpers/checkout/orders/${done.id}/address`, { billing_address: env.address });
  await call('POST', `/test_helpers/checkout/orders/${done.id}/shipping_option`, { id: 'express' });
  await call('POST', `/test_helpers/checkout/orders/${done.id}/complete`);
  const orders = [fresh, addressed, done];
  return {
    order_id: orders.map((o) => o.id),
    tokens: Object.fromEntries(orders.map((o) => [o.id, o.token])),
  };
}

const tokenOf = (fx, rng) => {
  const id = rng.pick(fx.order_id);
  return fx.tokens[id];
};

/** The embedded checkout: JSON `{error: {code, message}}`, or a page (its refusals are pages). */
function checkoutListener(env) {
  const q = (fx, rng) => `token=${encodeURIComponent(tokenOf(fx, rng) ?? '')}`;
  const auth = (fx, rng) => (rng.chance(0.5) ? { authorization: `KlarnaCheckout ${tokenOf(fx, rng)}` } : {});
  const step = (name, body) => ({
    method: 'POST',
    path: `/kco/api/orders/{order_id}/${name}`,
    query: q,
    body,
  });
  return {
    name: 'embedded_checkout',
    base: env.urls.checkout,
    headers: auth,
    fixtures: orderFixtures,
    routes: [
      {
        method: 'GET',
        path: '/kco/frame/{order_id}',
        query: (fx, rng) => `${q(fx, rng)}&origin=https%3A%2F%2Fshop.example.com`,
      },
      { method: 'GET', path: '/kco/api/orders/{order_id}', query: q },
      { method: 'GET', path: '/kco/api/orders/{order_id}/events', query: q },
      step('country', () => json({ country: 'DE' })),
      step('address', () => json({ billing_address: env.address })),
      step('shipping_option', () => json({ id: 'standard' })),
      step('complete', () => '{}'),
      step('client_events', () =>
        json({ event: 'load', data: { customer: { type: 'person' } }, origin: null }),
      ),
      step('pickup_search', () => json({ postal_code: '11134' })),
      { method: 'GET', path: '/kco/bootstrap.js' },
      { method: 'GET', path: '/kco/assets/{asset}' },
      { method: 'GET', path: '/kco' },
      { method: 'GET', path: '/favicon.ico' },
    ],
    extraFixtures: { asset: ['frame.js', 'frame.css', 'bootstrap.js', 'frame.js.map', 'nope.js'] },
    shape: {
      shapeOk: (b, res) =>
        isHtml(res) || (typeof b?.error?.code === 'string' && typeof b.error.message === 'string'),
      named: (b) => (b?.error?.problems?.length ? b.error.problems.map((p) => p.path) : null),
    },
  };
}

/** The sample shop: pages (HTML), and JSON for its callbacks and its cart's fetches. */
function shopListener(env) {
  const products = PRODUCTS.map((p) => p.id);
  const form = (fx, rng) =>
    `product=${rng.pick(products)}&action=${rng.pick(['add', 'increase', 'decrease', 'remove'])}${rng.chance(0.3) ? '&return=/checkout' : ''}`;
  const cb = (name, body) => ({
    method: 'POST',
    path: `/kco/${name}`,
    query: (fx, rng) => `order_id=${encodeURIComponent(rng.pick(fx.order_id))}`,
    body,
  });
  const callbackBody = () => json({ ...env.template, order_id: 'x', billing_address: env.address });
  return {
    name: 'shop',
    base: env.urls.shop,
    // Half the requests as a visitor with a cart (the session cookie of this round), half as a new one.
    headers: (fx, rng) => (rng.chance(0.5) && fx.cookie ? { cookie: fx.cookie } : {}),
    async fixtures(e) {
      const orders = await orderFixtures(e);
      const r = await e.client.send(
        {
          method: 'POST',
          url: `${env.urls.shop}/cart/lines`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `product=${products[0]}&action=add`,
        },
        30_000,
      );
      const cookie = String(r.headers?.['set-cookie'] ?? '').split(';')[0];
      return { ...orders, cookie };
    },
    routes: [
      ...['/', '/cart', '/cart/summary', '/checkout', '/terms', '/orders', '/switches'].map((path) => ({
        method: 'GET',
        path,
      })),
      {
        method: 'GET',
        path: '/confirmation',
        query: (fx, rng) => `order_id=${encodeURIComponent(rng.pick(fx.order_id))}`,
      },
      { method: 'GET', path: '/static/{file}' },
      { method: 'GET', path: '/favicon.ico' },
      {
        method: 'POST',
        path: '/cart/lines',
        body: form,
        type: 'application/x-www-form-urlencoded',
        oddBodies: [
          'product=%ZZ&action=%',
          'product=__proto__&action=add',
          '&&==',
          'product[]=1&product[]=2',
        ],
      },
      {
        method: 'POST',
        path: '/cart/lines',
        body: (fx, rng) => json({ product: rng.pick(products), action: 'add' }),
      },
      {
        method: 'POST',
        path: '/orders/ship',
        body: (fx, rng) => `order_id=${encodeURIComponent(rng.pick(fx.order_id))}`,
        type: 'application/x-www-form-urlencoded',
        oddBodies: ['order_id=%ZZ', 'order_id=', 'order_id=../../x'],
      },
      // Only bodies that turn every switch off: a fuzz turning on "slow" or "fail address_update" would
      // make the shop misbehave on purpose, which is the switches' job, not a finding.
      {
        method: 'POST',
        path: '/switches',
        body: () => '',
        type: 'application/x-www-form-urlencoded',
        oddBodies: ['slowSeconds=%ZZ', 'slowSeconds=1e309', '%ZZ=on', 'x=1&x=2'],
      },
      cb('address_update', callbackBody),
      cb('country_change', callbackBody),
      cb('shipping_option_update', () => json({ ...env.template, selected_shipping_option: { id: 'home' } })),
      cb('validation', callbackBody),
      cb('push', () => ''),
      cb('notification', () => json({ order_id: 'x', event_type: 'FRAUD_RISK_ACCEPTED' })),
    ],
    extraFixtures: { file: ['shop.css', 'checkout.js', 'nope.css', '..%2Fserver.mjs'] },
    shape: {
      shapeOk: (b, res) => isHtml(res) || typeof b?.error === 'string' || typeof b?.error_text === 'string',
      named: () => ['(page)'],
    },
  };
}

/** The console's listener: `{ok: false, error: {code, message}}`, the built console's files, its event stream. */
function consoleListener(env) {
  const ops = controlOps();
  const input = (fx, rng) => {
    const id = rng.pick(fx.order_id);
    return json(
      rng.pick([
        {},
        { orderId: id },
        { orderId: id, limit: 5 },
        { body: env.template },
        { orderId: id, body: {} },
      ]),
    );
  };
  return {
    name: 'console',
    base: env.urls.console,
    async fixtures(e) {
      // A valid invoke may have set the clock going or changed a setting: back to the start each round.
      await jsonCall(
        e.client,
        'PUT',
        `${e.api}/test_helpers/clock`,
        { authorization: BASIC },
        { mode: 'real', speed: 1 },
      );
      return orderFixtures(e);
    },
    routes: [
      ...ops.map((op) => ({ method: 'POST', path: `/control/invoke/${op}`, body: input })),
      { method: 'POST', path: '/control/invoke/{op}', body: input },
      { method: 'GET', path: '/control/events' },
      { method: 'GET', path: '/' },
      { method: 'GET', path: '/{file}' },
    ],
    extraFixtures: {
      op: ['nope.nope', 'orders', '', 'constructor', '__proto__.x'],
      file: ['index.html', 'favicon.svg', 'spec/GAPS.md', 'assets/nope.js', '..%2F..%2Fpackage.json'],
    },
    shape: {
      shapeOk: (b) =>
        b?.ok === false && typeof b.error?.code === 'string' && typeof b.error.message === 'string',
      named: (b) =>
        b?.error?.problems?.length
          ? b.error.problems.map((p) => p.path)
          : (/^(\S+): /.exec(b?.error?.message ?? '')?.slice(1) ?? null),
    },
  };
}

/** The listeners under fuzz beside the six APIs. `env`: {client, api, urls, template, address}. */
export function listenersOf(env) {
  return [checkoutListener(env), shopListener(env), consoleListener(env)];
}
