import { describe, expect, it } from 'vitest';
import { routedMerchant, routedSim, type PageAnswer, type Route } from '../test-kit/routed-sim';
import { merchantClient } from './merchant-client';
import { parseScenario } from './scenario-file';
import { createOrder, StepFailed } from './scenario-order';

/*
 * The scenario's order: created by the runner with the file's merchant_urls and settings, or by the
 * merchant's own requests (`order.from_merchant`), then found among the simulator's orders by the
 * merchant's address and the id its pages named (docs/scenarios.md).
 */

const ORDERS = 'GET /test_helpers/checkout/orders?limit=50';
const SHOP = 'http://shop.test';

/** The orders list: `before` on the first read, `after` on every later one. */
const ordersRead = (before: string[], after: string[]): Route => {
  let reads = 0;
  return () => ({
    status: 200,
    body: { orders: (reads++ === 0 ? before : after).map((order_id) => ({ order_id })) },
  });
};

async function create(
  order: string,
  o: {
    routes?: Record<string, Route>;
    pages?: Record<string, PageAnswer>;
    more?: string;
    expect?: string;
  } = {},
) {
  const sim = routedSim({
    'GET /test_helpers/clock': {
      status: 200,
      body: { now: '2026-01-01T12:00:00.000Z', next_event_at: null },
    },
    ...o.routes,
  });
  const shop = routedMerchant(o.pages ?? {});
  const scenario = parseScenario(
    `name: x\norder: ${order}\nsteps: []\nexpect: ${o.expect ?? '[{ push_attempts: {} }]'}\n${o.more ?? ''}`,
    'a.yaml',
  );
  const steps: unknown[] = [];
  const id = await createOrder(
    scenario,
    { sim: sim.api, merchantUrl: SHOP },
    merchantClient(SHOP, shop.fetch),
    steps as never,
  ).catch((e: unknown) => (e instanceof StepFailed ? `StepFailed: ${e.message}` : Promise.reject(e)));
  return { id, sim, steps };
}

describe('an order the runner creates', () => {
  it('sends the file’s body with the merchant’s addresses and the settings’ validation rule', async () => {
    const { id, sim } = await create(
      '{ create: { purchase_country: NO, merchant_urls: { push: /p, terms: /t } } }',
      {
        routes: { 'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o-7' } } },
        more: 'settings: { require_validate_callback_success: true }\n',
      },
    );
    expect(id).toBe('o-7');
    expect(sim.calls).toEqual([
      {
        method: 'POST',
        path: '/checkout/v3/orders',
        body: {
          purchase_country: 'NO',
          merchant_urls: { push: `${SHOP}/p`, terms: `${SHOP}/t` },
          options: { require_validate_callback_success: true },
        },
      },
    ]);
  });

  it.each<[string, Route, string]>([
    [
      'a refusal, with its messages',
      { status: 400, body: { error_messages: ['a', 'b'] } },
      'creating the order answered 400: a; b',
    ],
    [
      'a refusal without messages, with its body',
      { status: 500, body: { oops: 1 } },
      'creating the order answered 500: {"oops":1}',
    ],
    ['a 201 without an order id', { status: 201, body: {} }, 'creating the order answered 201: {}'],
    [
      'an order id with another status',
      { status: 200, body: { order_id: 'o-1' } },
      'creating the order answered 200: {"order_id":"o-1"}',
    ],
  ])('fails the step on %s', async (_, answer, message) => {
    const { id } = await create('{ create: { purchase_country: SE } }', {
      routes: { 'POST /checkout/v3/orders': answer },
    });
    expect(id).toBe(`StepFailed: ${message}`);
  });

  it('sends no options when the settings leave the validation rule alone', async () => {
    const { id, sim } = await create('{ create: { purchase_country: NO } }', {
      routes: { 'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o-7' } } },
    });
    expect(id).toBe('o-7');
    expect(Object.keys(sim.calls[0]?.body as object)).toEqual(['purchase_country', 'merchant_urls']);
  });

  it('names every callback an expectation judges and the order lacks, one after another', async () => {
    const { id } = await create('{ merchant_urls: { push: null, address_update: null } }', {
      routes: { 'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o-7' } } },
      expect: '[{ callback: { name: push } }, { callback: { name: address_update } }]',
    });
    expect(String(id)).toMatch(
      /^StepFailed: expect\[0\] judges the push callback, [^;]*; expect\[1\] judges the address_update callback/,
    );
  });

  it('creates nothing when an expectation judges a callback the order lacks', async () => {
    const { id, sim } = await create('{ merchant_urls: { push: null } }', {
      routes: { 'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o-7' } } },
      expect: '[{ callback: { name: push } }]',
    });
    expect(String(id)).toMatch(/^StepFailed: expect\[0\] judges the push callback/);
    expect(sim.calls).toEqual([]);
  });
});

describe('an order the merchant’s requests create', () => {
  const docOf = (url: string): Route => ({ status: 200, body: { merchant_urls: { push: url } } });
  const checkout = (body: string): Record<string, PageAnswer> => ({
    'GET /start': { status: 200 },
    'GET /checkout': { status: 200, body },
  });
  const order = '{ from_merchant: [{ path: /start }, { path: /checkout }] }';

  it.each<[string, string[], Record<string, Route>, string, string]>([
    [
      'the new order with the merchant’s address',
      ['o-1', 'o-9'],
      { 'GET /checkout/v3/orders/o-9': docOf(`${SHOP}/push`) },
      'snippet',
      'o-9',
    ],
    [
      'of two new orders of the merchant, the one its page named',
      ['o-1', 'o-8', 'o-9'],
      {
        'GET /checkout/v3/orders/o-8': docOf(`${SHOP}/push`),
        'GET /checkout/v3/orders/o-9': docOf(`${SHOP}/push`),
      },
      'snippet of o-9',
      'o-9',
    ],
    [
      'the new order with one of its addresses at the merchant',
      ['o-1', 'o-9'],
      {
        'GET /checkout/v3/orders/o-9': {
          status: 200,
          body: { merchant_urls: { terms: 'http://terms.test/t', push: `${SHOP}/push` } },
        },
      },
      'snippet',
      'o-9',
    ],
    [
      'none, quoting the last answer, when the new order is another merchant’s',
      ['o-1', 'o-9'],
      { 'GET /checkout/v3/orders/o-9': docOf('http://other.test/push') },
      '<html><body><h1>Checkout</h1><p>Your cart is empty.</p></body></html>',
      `StepFailed: the merchant's requests created no checkout order with merchant_urls at ${SHOP}; its last answer: GET /checkout → 200 “Checkout · Your cart is empty.”`,
    ],
  ])('finds %s', async (_, after, routes, page, want) => {
    const { id, steps } = await create(order, {
      routes: { [ORDERS]: ordersRead(['o-1'], after), ...routes },
      pages: checkout(page),
    });
    expect(id).toBe(want);
    expect(steps).toHaveLength(2);
  });
});
