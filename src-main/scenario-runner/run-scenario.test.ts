// A checkout scenario's steps (run-scenario.ts), on the runner's own client over a routed transport and a
// routed merchant: which automation call each step makes with which input, the words of its report, the
// confirmation page the customer's browser opens after pay, the merchant's pages recorded for
// no_server_errors, and the order's merchant faults. The frame around the steps: run-frame.test.ts.
import { describe, expect, it } from 'vitest';
import { addressInput, testPerson } from '@shared/samples/test-people';
import {
  clockMoveRoutes,
  ownClockRoutes,
  routedMerchant,
  routedSim,
  simClockRoutes,
  type PageAnswer,
  type Route,
} from '../test-kit/routed-sim';
import { runScenario } from './run-scenario';
import { parseScenario } from './scenario-file';

const ORDER = '/test_helpers/checkout/orders/o1';

/** A customer step's answer: the last part of its path as the step, the outcome given. */
const stepAnswer =
  (outcome = 'applied', extra: Record<string, unknown> = {}): Route =>
  (_body, path) => {
    const step = path.split('/').at(-1)!;
    return {
      status: 200,
      body: { step, outcome, message: `took ${step}.`, exchange_ids: [`x-${step}`], at: 'A', ...extra },
    };
  };

/** A simulator with the order o1, a manual clock, a quiet log and the order's evidence; `extra` on top. */
function checkoutSim(extra: Record<string, Route> = {}) {
  return routedSim({
    ...simClockRoutes('manual'),
    'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o1' } },
    'POST /test_helpers/exchanges/search': { status: 200, body: { exchanges: [] } },
    'GET /test_helpers/exchanges?order_id=o1': { status: 200, body: { exchanges: [] } },
    'GET /test_helpers/orders/o1': { status: 200, body: { order: { status: 'AUTHORIZED' } } },
    ...['country', 'address', 'shipping_option', 'complete'].reduce<Record<string, Route>>(
      (m, s) => ({ ...m, [`POST ${ORDER}/${s}`]: stepAnswer() }),
      {},
    ),
    ...extra,
  });
}

async function run(
  yaml: string,
  o: { sim?: ReturnType<typeof routedSim>; pages?: Record<string, PageAnswer>; ownClock?: boolean } = {},
) {
  const sim = o.sim ?? checkoutSim();
  const merchant = routedMerchant(o.pages ?? {});
  const text = `name: checkout\n${yaml}\n`;
  const r = await runScenario(parseScenario(text, 'c.yaml'), {
    sim: sim.api,
    merchantUrl: merchant.base,
    fetch: merchant.fetch,
    file: 'c.yaml',
    settle: { quietMs: 1, maxMs: 0 },
    ownClock: o.ownClock,
  });
  return { r, sim, merchant };
}

const AUTHORIZED = 'expect: [{ order_management: { status: AUTHORIZED } }]';

describe('runScenario: the customer’s steps', () => {
  it('posts each step’s input to its automation path and reports the simulator’s answer', async () => {
    const { r, sim } = await run(`steps:
  - country: DE
  - address: { test_person: SE }
  - address: { billing_address: { postal_code: '114 55', country: SE } }
  - address: { billing_address: { city: Lund } }
  - shipping_option: std
  - shipping_option: { id: pickup, location_id: L1 }
  - complete: null
  - complete: { fraud_status: PENDING, arrival: push_only }
${AUTHORIZED}`);
    expect(r.error).toBeNull();
    const posted = sim.calls.filter((c) => c.path.startsWith(`${ORDER}/`));
    expect(posted.map((c) => [c.path.slice(ORDER.length + 1), c.body])).toEqual([
      ['country', { country: 'DE' }],
      ['address', { billing_address: addressInput(testPerson('SE')) }],
      ['address', { billing_address: { postal_code: '114 55', country: 'SE' } }],
      ['address', { billing_address: { city: 'Lund' } }],
      ['shipping_option', { id: 'std' }],
      ['shipping_option', { id: 'pickup', location_id: 'L1' }],
      ['complete', {}],
      ['complete', { fraud_status: 'PENDING', arrival: 'push_only' }],
    ]);
    expect(r.steps.map((s) => s.text)).toEqual([
      'country: DE',
      'address: a test person in SE',
      'address: 114 55 SE',
      'address:',
      'shipping option: std',
      'shipping option: pickup',
      'pay',
      'pay (PENDING, push_only)',
    ]);
    expect(r.steps[0]).toEqual({
      text: 'country: DE',
      at: 'A',
      outcome: 'applied',
      message: 'took country.',
      exchange_ids: ['x-country'],
    });
  });

  it('judges a step expectation on the outcomes the simulator answered', async () => {
    const steps = 'steps: [{ country: DE }, { complete: null }]';
    const { r } = await run(`${steps}\nexpect: [{ step: { name: complete, outcome: applied } }]`);
    expect(r.expectations).toMatchObject([{ passed: true, exchange_ids: ['x-complete'] }]);
  });

  it.each([
    [{ error_messages: ['no such country', 'try SE'] }, 'country: XX answered 400: no such country; try SE'],
    [{}, 'country: XX answered 400: '],
  ])(
    'stops at a step the simulator refuses, naming it and the answer’s messages (%j)',
    async (body, error) => {
      const sim = checkoutSim({ [`POST ${ORDER}/country`]: { status: 400, body } });
      const { r } = await run(`steps: [{ country: XX }, { country: SE }]\n${AUTHORIZED}`, { sim });
      expect(r).toMatchObject({ error, steps: [], passed: false });
    },
  );

  it.each([
    ['always', ['GET /confirm?o=o1'], 'took complete. The browser went to the confirmation page: 200.'],
    ['never', [], 'took complete.'],
  ])('opens the confirmation page after pay when it redirects (%s)', async (redirect, seen, message) => {
    const confirmation = { url: '/confirm?o=o1', redirect };
    const sim = checkoutSim({
      [`POST ${ORDER}/complete`]: stepAnswer('completed', { customer_view: { confirmation } }),
    });
    const pages = { 'GET /confirm?o=o1': { status: 200, body: 'Thanks' } };
    const { r, merchant } = await run(`steps: [{ complete: null }]\n${AUTHORIZED}`, { sim, pages });
    expect(merchant.seen).toEqual(seen);
    expect(r.steps[0]!.message).toBe(message);
  });

  it('does not open a confirmation page when the purchase did not complete', async () => {
    const confirmation = { url: '/confirm', redirect: 'always' };
    const sim = checkoutSim({
      [`POST ${ORDER}/complete`]: stepAnswer('denied', { customer_view: { confirmation } }),
    });
    const { merchant } = await run(`steps: [{ complete: null }]\n${AUTHORIZED}`, { sim });
    expect(merchant.seen).toEqual([]);
  });
});

describe('runScenario: the merchant’s pages, recorded for no_server_errors', () => {
  it('names each 5xx page the scenario opened, with the order id filled in and its query', async () => {
    const confirmation = { url: '/confirm?o=o1', redirect: 'always' };
    const sim = checkoutSim({
      [`POST ${ORDER}/complete`]: stepAnswer('completed', { customer_view: { confirmation } }),
    });
    const pages = {
      'GET /confirm?o=o1': { status: 502 },
      'POST /orders/o1/ship': { status: 500, body: 'boom' },
    };
    const steps = `steps:
  - complete: null
  - merchant: { method: POST, path: '/orders/{order_id}/ship', expect_status: 500 }`;
    const { r } = await run(`${steps}\nexpect: [{ invariant: no_server_errors }]`, { sim, pages });
    expect(r.error).toBeNull();
    expect(r.expectations[0]).toMatchObject({ passed: false });
    expect(r.expectations[0]!.seen).toBe(
      'page GET /confirm?o=o1 (confirmation page after pay) → 502; page POST /orders/o1/ship (merchant request) → 500',
    );
  });

  it('counts a merchant step’s page, its report at the clock’s time', async () => {
    const pages = { 'GET /account': { status: 200, body: 'ok' } };
    const { r } = await run(
      `steps: [{ merchant: { path: /account } }]\nexpect: [{ invariant: no_server_errors }]`,
      {
        pages,
      },
    );
    expect(r.steps).toEqual([
      {
        text: 'merchant: GET /account',
        at: 'T1',
        outcome: '200',
        message: 'The merchant answered 200.',
        exchange_ids: [],
      },
    ]);
    expect(r.expectations[0]!.seen).toBe('0 callbacks and 1 page, none 5xx');
  });
});

describe('runScenario: checkboxes, fraud reviews and clock steps', () => {
  it.each([
    [true, [{ key: 'news', checked: true, required: true }], 'The box is checked (required to pay).'],
    [false, [{ key: 'news', checked: false, required: false }], 'The box is unchecked.'],
    [true, [{ key: 'other', checked: true, required: true }], 'The box is unchecked.'],
    [true, undefined, 'The box is unchecked.'],
  ])('ticks a box (%s) and says what the order now holds', async (checked, checkboxes, message) => {
    const sim = checkoutSim({ [`PUT ${ORDER}/checkbox`]: { status: 200, body: { checkboxes } } });
    const { r } = await run(`steps: [{ checkbox: { key: news, checked: ${checked} } }]\n${AUTHORIZED}`, {
      sim,
    });
    const state = checked ? 'checked' : 'unchecked';
    expect(r.steps).toEqual([
      { text: `checkbox news: ${state}`, at: 'T1', outcome: state, message, exchange_ids: [] },
    ]);
    expect(sim.calls.find((c) => c.path === `${ORDER}/checkbox`)?.body).toEqual({ key: 'news', checked });
  });

  it('stops at a box the simulator refuses', async () => {
    const sim = checkoutSim({
      [`PUT ${ORDER}/checkbox`]: { status: 409, body: { error_messages: ['locked'] } },
    });
    const { r } = await run(`steps: [{ checkbox: { key: news, checked: true } }]\n${AUTHORIZED}`, { sim });
    expect(r.error).toBe('checkbox news: checked answered 409: locked');
  });

  it.each([
    [{ exchange_id: 'x9' }, ['x9']],
    [{ exchange_id: null }, []],
    [null, []],
  ])('resolves a fraud review and names the notification sent (%j)', async (notification, ids) => {
    const sim = checkoutSim({
      'POST /test_helpers/orders/o1/fraud_status': {
        status: 200,
        body: { message: 'Accepted.', notification },
      },
    });
    const { r } = await run(`steps: [{ fraud_status: ACCEPTED }]\n${AUTHORIZED}`, { sim });
    expect(r.steps).toEqual([
      {
        text: 'fraud review: ACCEPTED',
        at: 'T1',
        outcome: 'ACCEPTED',
        message: 'Accepted.',
        exchange_ids: ids,
      },
    ]);
    expect(sim.calls.find((c) => c.path.endsWith('/fraud_status'))?.body).toEqual({
      fraud_status: 'ACCEPTED',
    });
  });

  it('moves the clock on advance and back_to_now steps', async () => {
    const sim = checkoutSim(clockMoveRoutes());
    const { r } = await run(`steps: [{ advance: next_event }, { back_to_now: null }]\n${AUTHORIZED}`, {
      sim,
    });
    expect(r.steps.map((s) => s.text)).toEqual([
      'advance the clock to the next timer',
      'bring the clock back to now',
    ]);
  });
});

describe('runScenario: the order', () => {
  it('judges the expectations on no evidence when the order could not be created', async () => {
    const sim = checkoutSim({
      'POST /checkout/v3/orders': { status: 400, body: { error_messages: ['bad cart'] } },
    });
    const expect_ =
      'expect: [{ order_management: { status: AUTHORIZED } }, { invariant: no_server_errors }, { no_violations: true }]';
    const { r } = await run(`steps: [{ country: SE }]\n${expect_}`, { sim });
    expect(r).toMatchObject({
      order_id: null,
      error: 'creating the order answered 400: bad cart',
      steps: [],
    });
    expect(r.expectations.map((e) => [e.passed, e.seen])).toEqual([
      [false, expect.any(String)],
      [true, '0 callbacks and 0 pages, none 5xx'],
      [true, expect.any(String)],
    ]);
    expect(sim.lines().filter((l) => l.includes('/o1'))).toEqual([]);
  });

  it('binds the order to a test clock of its own', async () => {
    const sim = checkoutSim(ownClockRoutes());
    const { r } = await run(`steps: []\n${AUTHORIZED}`, { sim, ownClock: true });
    expect(r.error).toBeNull();
    expect(sim.calls.find((c) => c.path.endsWith('/bindings'))?.body).toEqual({ order_id: 'o1' });
  });
});

describe('runScenario: the order’s merchant faults', () => {
  it('sets the file’s faults on the order before the first step and switches them off at the end', async () => {
    const sim = checkoutSim({
      'PUT /test_helpers/checkout/orders/o1/merchant_faults': { status: 200, body: {} },
    });
    const { r } = await run(`faults: { duplicate_push: true }\nsteps: [{ country: SE }]\n${AUTHORIZED}`, {
      sim,
    });
    expect(r.error).toBeNull();
    const faults = sim.calls.filter(
      (c) => c.path.endsWith('/merchant_faults') || c.path.endsWith('/country'),
    );
    expect(faults.map((c) => [c.path.split('/').at(-1), c.body])).toEqual([
      ['merchant_faults', { faults: { duplicate_push: true } }],
      ['country', { country: 'SE' }],
      ['merchant_faults', { faults: null }],
    ]);
  });

  it('leaves the faults alone for a file without any', async () => {
    const { sim } = await run(`steps: [{ country: SE }]\n${AUTHORIZED}`);
    expect(sim.lines().filter((l) => l.includes('merchant_faults'))).toEqual([]);
  });
});
