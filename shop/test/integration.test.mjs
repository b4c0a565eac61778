// The shop against the REAL simulator: `node out/main/cli.js serve` in a child process, the customer
// played through the simulator's automation API, the push driven by its clock.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startShop } from '../server.mjs';
import { AUTH, browser, collectingLog, CREDENTIALS, eventually } from './fake-api.mjs';
import { cartProblems } from './reconcile.mjs';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'out/main/cli.js');
const GERMAN = {
  given_name: 'Testperson',
  family_name: 'Approved',
  email: 'a@example.com',
  street_address: 'Hellersbergstraße 14',
  postal_code: '41460',
  city: 'Neuss',
  country: 'DE',
};

let sim; // the simulator process
let dataDir;
let apiUrl;
let shop;
let log;

beforeAll(async () => {
  if (!existsSync(CLI)) {
    const build = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npx electron-vite build failed');
  }
  dataDir = mkdtempSync(join(tmpdir(), 'shop-sim-'));
  sim = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir, '--quiet'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // The simulator prints exactly one JSON line on stdout once every listener is up.
  const ready = await new Promise((res, rej) => {
    sim.once('exit', (code) => rej(new Error(`the simulator exited with ${code}`)));
    createInterface({ input: sim.stdout }).once('line', (line) => res(JSON.parse(line)));
  });
  expect(ready.event).toBe('ready');
  apiUrl = ready.api;
  log = collectingLog();
  shop = await startShop({ apiUrl, credentials: CREDENTIALS, log });
  // A manual clock: nothing happens until the test advances it.
  expect((await simApi('PUT', '/test_helpers/clock', { mode: 'manual' })).body.mode).toBe('manual');
}, 180_000);

afterAll(async () => {
  await shop?.close();
  if (sim && sim.exitCode === null) {
    const exited = new Promise((r) => sim.once('exit', r));
    sim.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A call to the simulator's API with the merchant's Basic auth. */
async function simApi(method, path, body) {
  const res = await fetch(apiUrl + path, {
    method,
    headers: { Authorization: AUTH, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** A customer step on the simulator (country, address, shipping_option, complete). */
async function step(orderId, name, body) {
  const r = await simApi('POST', `/test_helpers/checkout/orders/${orderId}/${name}`, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body;
}

/** A visitor with goods in the cart on the checkout page; returns the checkout order id. */
async function visitorAtCheckout(visitor) {
  expect((await visitor.get('/')).status).toBe(200);
  for (const product of ['wool-socks', 'wool-socks', 'enamel-mug']) {
    const r = await visitor.postForm('/cart/lines', { product, action: 'add', return: '/cart' });
    expect(r.status).toBe(303);
  }
  const page = await visitor.get('/checkout');
  expect(page.status).toBe(200);
  const orderId = /data-checkout-order-id="([^"]+)"/.exec(page.text)?.[1];
  expect(orderId).toBeTruthy();
  const order = (await simApi('GET', `/checkout/v3/orders/${orderId}`)).body;
  expect(order.status).toBe('checkout_incomplete');
  // The snippet the simulator made for this order is on the page, unchanged.
  expect(order.html_snippet).toContain(orderId);
  expect(page.text).toContain(order.html_snippet);
  return orderId;
}

const acknowledgements = async (orderId) =>
  (await simApi('GET', `/test_helpers/exchanges?order_id=${orderId}`)).body.exchanges.filter(
    (e) => e.method === 'POST' && /\/acknowledge$/.test(e.url),
  );

describe('the shop against the real simulator', () => {
  it('sells to a German customer: country change, address, shipping, payment, push, confirmation', async () => {
    const visitor = browser(shop.url);
    const id = await visitorAtCheckout(visitor);

    const country = await step(id, 'country', { country: 'DE' });
    expect(country.outcome, country.message).toBe('applied');
    expect(country.order).toMatchObject({ purchase_currency: 'EUR', locale: 'de-DE' });
    expect(cartProblems(country.order)).toEqual([]);
    expect(country.order.order_lines.find((l) => l.reference === 'enamel-mug').unit_price).toBe(2190);

    const address = await step(id, 'address', { billing_address: GERMAN });
    expect(address.outcome, address.message).toBe('applied');
    expect(address.order.purchase_currency).toBe('EUR');
    expect(cartProblems(address.order)).toEqual([]);

    const option = await step(id, 'shipping_option', { id: 'express' });
    expect(option.outcome, option.message).toBe('applied');
    const fees = option.order.order_lines.filter((l) => l.type === 'shipping_fee');
    expect(fees).toEqual([expect.objectContaining({ reference: 'express', unit_price: 1290 })]);
    expect(option.order.selected_shipping_option.id).toBe('express');

    const paid = await step(id, 'complete');
    expect(paid.outcome, paid.message).toBe('completed');

    // The first push is due 2 minutes after completion on the simulator's clock.
    const advanced = await simApi('POST', '/test_helpers/clock/advance', { seconds: 180 });
    expect(advanced.body.fired.map((f) => f.kind)).toContain('push.attempt');
    await eventually(
      async () => (await simApi('GET', `/test_helpers/orders/${id}/push`)).body.acknowledged_at,
    );
    const managed = (await simApi('GET', `/ordermanagement/v1/orders/${id}`)).body;
    expect(managed.merchant_reference1).toBe('SHOP-1001');
    expect(managed.merchant_reference2).toMatch(/^V-/);
    const timeline = (await simApi('GET', `/test_helpers/orders/${id}/push`)).body;
    expect(timeline.attempts).toHaveLength(1);
    expect(timeline.attempts[0]).toMatchObject({ status: 200, outcome: 'delivered' });
    expect(timeline.next_attempt_at).toBeNull();
    expect(await acknowledgements(id)).toHaveLength(1);

    // The customer's browser arrives late: the page renders, and nothing is acknowledged twice.
    const confirmation = await visitor.get(`/confirmation?order_id=${encodeURIComponent(id)}`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.text).toMatch(/data-testid="order-number">SHOP-1001</);
    expect(confirmation.text).toContain((await simApi('GET', `/checkout/v3/orders/${id}`)).body.html_snippet);
    expect(await acknowledgements(id)).toHaveLength(1);
    expect((await visitor.get('/cart')).text).toContain('Your cart is empty.');
    const orders = (await visitor.get('/orders')).text;
    expect(orders).toMatch(/push first · 1 push/);
    expect(log.lines.some((l) => l.startsWith(`[shop] push ${id} → 200`))).toBe(true);
  });

  it('refusals and misbehaviour reach the customer as the spec says', async () => {
    const visitor = browser(shop.url);
    const id = await visitorAtCheckout(visitor);
    const refused = await step(id, 'address', {
      billing_address: { ...GERMAN, country: 'SE', postal_code: '00000' },
    });
    expect(refused).toMatchObject({ outcome: 'rejected', error_type: 'address_error' });
    expect(refused.error_text).toContain('00000');
    await step(id, 'address', { billing_address: { ...GERMAN, country: 'SE', postal_code: '11134' } });

    await visitor.postForm('/switches', { wrongArithmetic: 'on' });
    const wrong = await step(id, 'shipping_option', { id: 'home' });
    expect(wrong.outcome).toBe('failed');
    expect(wrong.message).toMatch(/does not reconcile: order_amount: must equal/);

    // Slow callbacks, with the simulator's time limit lowered from 10 s to 200 ms for the test.
    expect((await simApi('PUT', '/test_helpers/settings', { callback_timeout_ms: 200 })).status).toBe(200);
    await visitor.postForm('/switches', { slow: 'on', slowSeconds: '0.5' });
    const slow = await step(id, 'shipping_option', { id: 'express' });
    expect(slow.outcome).toBe('failed');
    expect(slow.message).toMatch(/no answer within 200 ms/);
    expect((await simApi('PUT', '/test_helpers/settings', { callback_timeout_ms: 10000 })).status).toBe(200);
    // The purchase stopped on that step: pay is refused until the customer takes it again.
    const early = await simApi('POST', `/test_helpers/checkout/orders/${id}/complete`, {});
    expect([early.status, early.body.error_code]).toEqual([409, 'STEP_OUT_OF_ORDER']);
    await visitor.postForm('/switches', {});
    expect((await step(id, 'shipping_option', { id: 'express' })).outcome).toBe('applied');

    await visitor.postForm('/switches', { soldOut: 'on' });
    const denied = await step(id, 'complete');
    expect(denied).toMatchObject({ outcome: 'denied', error_type: 'approval_failed' });
    expect(denied.error_text).toMatch(/sold out while you were paying/);
    await visitor.postForm('/switches', {});
  });
});
