// An in-person scenario's own part (run-in-person.ts), on the runner's own client over a routed transport:
// the device it registers (or names), the session it starts, the terminal and cancel steps with the words
// of their reports, and the session read at the end. The same against a booted simulator: in-person.test.ts.
import { describe, expect, it } from 'vitest';
import {
  clockMoveRoutes,
  ownClockRoutes,
  routedMerchant,
  routedSim,
  simClockRoutes,
  type Route,
} from '../test-kit/routed-sim';
import { runInPerson } from './run-in-person';
import { parseScenario } from './scenario-file';

const SESSION_BODY = `{ order_amount: 4480, order_tax_amount: 480, purchase_currency: SEK, order_items: [{ name: Bun, quantity: 1, unit_price: 4480, tax_rate: 1200, total_amount: 4480, total_tax_amount: 480 }] }`;
const HELPER = '/test_helpers/ipp/sessions/s%2F1';

/** A session as the in-person API answers it: its status, its last history entry, its wrong PINs. */
const session = (status: string, o: { detail?: string; pins?: number; at?: string } = {}) => ({
  session_id: 's/1',
  status,
  pin_attempts: o.pins ?? 0,
  updated_at: 'U1',
  history: [{ status, at: o.at ?? 'U1', ...(o.detail ? { detail: o.detail } : {}) }],
});

function ippSim(extra: Record<string, Route> = {}) {
  return routedSim({
    ...simClockRoutes('manual'),
    'POST /test_helpers/ipp/devices': { status: 201, body: { id: 'd1' } },
    'POST /ipp/v1/sessions': { status: 201, body: { session_id: 's/1' } },
    'POST /test_helpers/exchanges/search': { status: 200, body: { exchanges: [] } },
    'GET /test_helpers/exchanges?order_id=s%2F1': { status: 200, body: { exchanges: [] } },
    [`GET ${HELPER}`]: { status: 200, body: session('FINALIZED') },
    ...extra,
  });
}

async function run(o: {
  inPerson?: string;
  steps?: string;
  name?: string;
  sim?: ReturnType<typeof routedSim>;
  expect?: string;
  ownClock?: boolean;
}) {
  const sim = o.sim ?? ippSim();
  const yaml = `name: ${o.name ?? 'till'}
in_person: { ${o.inPerson ?? ''}session: ${SESSION_BODY} }
steps: ${o.steps ?? '[]'}
expect: [{ session: { status: FINALIZED } }${o.expect ? `, ${o.expect}` : ''}]
`;
  const merchant = routedMerchant({ 'GET /till': { status: 200, body: 'Till' } });
  const ctx = {
    ownClock: o.ownClock,
    sim: sim.api,
    merchantUrl: merchant.base,
    fetch: merchant.fetch,
    file: 'ipp.yaml',
    settle: { quietMs: 1, maxMs: 0 },
  };
  return { r: await runInPerson(parseScenario(yaml, 'ipp.yaml'), ctx), sim };
}

describe('runInPerson: the device and the session', () => {
  it.each([
    ['', 'till', { platform: 'other', name: 'till' }],
    ['', 'x'.repeat(300), { platform: 'other', name: 'x'.repeat(255) }],
    ['device: { name: Counter 1, platform: android }, ', 'till', { platform: 'android', name: 'Counter 1' }],
  ])('registers a device of its own (%s) and sends the session to it', async (inPerson, name, device) => {
    const { r, sim } = await run({ inPerson, name });
    expect(r).toMatchObject({ order_id: 's/1', subject: 'session', error: null, passed: true });
    const made = sim.calls.filter((c) => c.method === 'POST' && !c.path.includes('exchanges'));
    expect(made.map((c) => [c.path, c.body])).toEqual([
      ['/test_helpers/ipp/devices', device],
      ['/ipp/v1/sessions', expect.objectContaining({ device_id: 'd1', order_amount: 4480 })],
    ]);
  });

  it('sends the session to the device the file names, registering none', async () => {
    const { sim } = await run({ inPerson: 'device_id: dev-9, ' });
    expect(sim.lines()).not.toContain('POST /test_helpers/ipp/devices');
    expect(sim.calls.find((c) => c.path === '/ipp/v1/sessions')?.body).toMatchObject({ device_id: 'dev-9' });
  });

  it.each([
    [
      'the device',
      { 'POST /test_helpers/ipp/devices': { status: 400, body: { message: 'name taken' } } },
      'registering the device answered 400: name taken',
    ],
    [
      'the session, with the problem’s detail and fields',
      {
        'POST /ipp/v1/sessions': {
          status: 400,
          body: { detail: 'Invalid session', errors: { order_amount: 'must add up', order_items: 'empty' } },
        },
      },
      'creating the session answered 400: Invalid session; order_amount: must add up; order_items: empty',
    ],
    [
      'the session, its fields without a detail',
      { 'POST /ipp/v1/sessions': { status: 400, body: { errors: { order_amount: 'must add up' } } } },
      'creating the session answered 400: order_amount: must add up',
    ],
    [
      'the session, without a problem',
      { 'POST /ipp/v1/sessions': { status: 503, body: 'down for maintenance' } },
      'creating the session answered 503: down for maintenance',
    ],
    [
      'the session, with no body',
      { 'POST /ipp/v1/sessions': { status: 502, body: null } },
      'creating the session answered 502: null',
    ],
  ])('fails naming what was refused: %s', async (_what, routes, error) => {
    const { r } = await run({ sim: ippSim(routes), expect: '{ no_violations: true }' });
    expect(r).toMatchObject({ error, order_id: null, passed: false });
    // Judged on nothing: no session, no exchange with a violation.
    expect(r.expectations).toMatchObject([{ passed: false }, { passed: true }]);
  });

  it('judges a session the simulator no longer shows as none', async () => {
    const { r } = await run({ sim: ippSim({ [`GET ${HELPER}`]: { status: 404, body: {} } }) });
    expect(r).toMatchObject({ error: null, passed: false, expectations: [{ passed: false }] });
  });
});

describe('runInPerson: the terminal and the till', () => {
  it.each([
    [
      'wrong_pin',
      'terminal: wrong_pin',
      undefined,
      session('ACTIVE', { pins: 1, at: 'U0' }),
      'The session is ACTIVE (1 wrong PIN).',
    ],
    [
      'wrong_pin',
      'terminal: wrong_pin',
      undefined,
      session('ACTIVE', { pins: 2 }),
      'The session is ACTIVE (2 wrong PINs).',
    ],
    [
      '{ decline: insufficient funds }',
      'terminal: decline (insufficient funds)',
      { reason: 'insufficient funds' },
      session('FAILED', { detail: 'Card declined' }),
      'The session is FAILED: Card declined.',
    ],
    [
      'tap_card',
      'terminal: tap_card',
      undefined,
      session('FINALIZED', { detail: 'Paid', at: 'U0' }),
      'The session is FINALIZED (0 wrong PINs).',
    ],
  ])(
    'terminal %s: posts the action and says what the session became',
    async (value, text, body, answer, message) => {
      const action = text.split(' ')[1]!;
      const sim = ippSim({ [`POST ${HELPER}/${action}`]: { status: 200, body: answer } });
      const { r } = await run({ sim, steps: `[{ terminal: ${value} }]` });
      expect(r.error).toBeNull();
      expect(r.steps).toEqual([{ text, at: 'T1', outcome: answer.status, message, exchange_ids: [] }]);
      expect(sim.calls.find((c) => c.path === `${HELPER}/${action}`)).toMatchObject({ method: 'POST', body });
    },
  );

  it('cancels the session as the merchant’s till does', async () => {
    const sim = ippSim({ 'PUT /ipp/v1/sessions/s%2F1/cancel': { status: 200, body: session('CANCELLED') } });
    const { r } = await run({ sim, steps: '[{ cancel: null }]' });
    expect(r.steps).toMatchObject([{ text: 'merchant: cancel the session', outcome: 'CANCELLED' }]);
  });

  it.each([
    [{ detail: 'Session is FINALIZED' }, 'terminal: tap_card answered 409: Session is FINALIZED'],
    [{ error_messages: ['gone'] }, 'terminal: tap_card answered 409: gone'],
    [null, 'terminal: tap_card answered 409: null'],
  ])('stops at an action the simulator refuses (%j)', async (body, error) => {
    const sim = ippSim({ [`POST ${HELPER}/tap_card`]: { status: 409, body } });
    const { r } = await run({ sim, steps: '[{ terminal: tap_card }, { cancel: null }]' });
    expect(r).toMatchObject({ error, steps: [] });
  });

  it('moves the clock and opens the merchant’s pages between terminal steps', async () => {
    const sim = ippSim(clockMoveRoutes());
    const steps = '[{ advance: next_event }, { back_to_now: null }, { merchant: { path: /till } }]';
    const { r } = await run({ sim, steps });
    expect(r.error).toBeNull();
    expect(r.steps.map((s) => s.text)).toEqual([
      'advance the clock to the next timer',
      'bring the clock back to now',
      'merchant: GET /till',
    ]);
  });

  it('binds the session to a test clock of its own', async () => {
    const sim = ippSim(ownClockRoutes());
    const { r } = await run({ sim, ownClock: true });
    expect(r.error).toBeNull();
    expect(sim.calls.find((c) => c.path.endsWith('/bindings'))?.body).toEqual({ session_id: 's/1' });
  });
});
