// The frame around every scenario (run-frame.ts), on the runner's own client over a routed transport: the
// simulator clock taken manual and given back, or a test clock of its own made, bound and deleted; the
// settings set and given back; a step's failure as the scenario's error with its expectations still
// judged; the result's fields. The checkout and in-person kinds: run-scenario.test.ts, run-in-person.test.ts.
import { describe, expect, it } from 'vitest';
import type { StepReport } from '@shared/schemas/scenario-report.schema';
import { routedSim, simClockRoutes, type Route } from '../test-kit/routed-sim';
import type { Evidence } from './expectations';
import { BACK_TO_NOW_PARALLEL } from './run-clock';
import { runFramed, type ScenarioKind } from './run-frame';
import { parseScenario } from './scenario-file';

const AUTHORIZED: Evidence = {
  exchanges: [],
  push: null,
  om: { status: 'AUTHORIZED' },
  view: null,
  steps: [],
};
const NOTHING: Evidence = { exchanges: [], push: null, om: null, view: null, steps: [] };

const scenario = (extra = '', steps = '[{ country: SE }, { country: DE }]') =>
  parseScenario(
    `name: frame\n${extra}steps: ${steps}\nexpect: [{ order_management: { status: AUTHORIZED } }]\n`,
    'frame.yaml',
  );

/** A kind whose order is `o1`: each step reports the clock's time; what it was asked, recorded. */
function kind(over: Partial<ScenarioKind> = {}) {
  const asked: string[] = [];
  const k: ScenarioKind = {
    start: async () => {
      asked.push('start');
      return { id: 'o1', binding: { order_id: 'o1' } };
    },
    step: async (step, env): Promise<StepReport> => {
      const at = (await env.clock.view()).now;
      asked.push(`step ${JSON.stringify(step)} on ${env.id}`);
      return { text: Object.keys(step)[0]!, at, outcome: 'applied', message: 'ok', exchange_ids: [] };
    },
    evidence: async (id) => {
      asked.push(`evidence ${id}`);
      return id ? AUTHORIZED : NOTHING;
    },
    ...over,
  };
  return { k, asked };
}

const ctx = (sim: ReturnType<typeof routedSim>, ownClock = false) => ({
  sim: sim.api,
  merchantUrl: 'http://shop.test',
  file: 'dir/frame.yaml',
  settle: { quietMs: 1, maxMs: 0 },
  ownClock,
});

describe('runFramed on the simulator clock', () => {
  it('takes the clock manual for the run, gives a real one back its speed, and reports the run', async () => {
    const sim = routedSim(simClockRoutes('real', 4));
    const { k, asked } = kind();
    const before = Date.now();
    const r = await runFramed(scenario(), ctx(sim), k);
    const took = Date.now() - before;
    expect(sim.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['GET', '/test_helpers/clock', undefined],
      ['PUT', '/test_helpers/clock', { mode: 'manual' }],
      ['GET', '/test_helpers/clock', undefined],
      ['GET', '/test_helpers/clock', undefined],
      ['GET', '/test_helpers/clock', undefined],
      ['PUT', '/test_helpers/clock', { mode: 'real', speed: 4 }],
    ]);
    expect(asked).toEqual([
      'start',
      'step {"country":"SE"} on o1',
      'step {"country":"DE"} on o1',
      'evidence null',
      'evidence o1',
    ]);
    expect(r).toMatchObject({
      name: 'frame',
      file: 'dir/frame.yaml',
      order_id: 'o1',
      passed: true,
      error: null,
      clock_started_at: 'T1',
      clock_ended_at: 'T1',
      steps: [
        { text: 'country', at: 'T1' },
        { text: 'country', at: 'T1' },
      ],
      expectations: [{ passed: true }],
      exchanges: [],
      push: null,
    });
    expect(r).not.toHaveProperty('subject');
    expect(r.duration_ms).toBeGreaterThanOrEqual(0);
    expect(r.duration_ms).toBeLessThanOrEqual(took);
  });

  it('leaves a clock that was manual as it is at the end', async () => {
    const sim = routedSim(simClockRoutes('manual'));
    await runFramed(scenario(), ctx(sim), kind().k);
    expect(sim.calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ mode: 'manual' }]);
  });

  it('sets the scenario’s settings for the run and gives the old values back after the clock', async () => {
    const sim = routedSim({
      ...simClockRoutes('real', 2),
      'GET /test_helpers/settings': {
        status: 200,
        body: { callback_timeout_ms: 10_000, upsell_enabled: true },
      },
      'PUT /test_helpers/settings': { status: 200, body: {} },
    });
    await runFramed(scenario('settings: { callback_timeout_ms: 500 }\n', '[]'), ctx(sim), kind().k);
    expect(sim.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/test_helpers/clock', { mode: 'manual' }],
      ['/test_helpers/settings', { callback_timeout_ms: 500 }],
      ['/test_helpers/clock', { mode: 'real', speed: 2 }],
      ['/test_helpers/settings', { callback_timeout_ms: 10_000 }],
    ]);
  });

  it('waits for the order’s log to stay the same for 250 ms between steps unless told otherwise', async () => {
    const sim = routedSim({
      ...simClockRoutes('manual'),
      'POST /test_helpers/exchanges/search': { status: 200, body: { exchanges: [{ id: 'x1' }] } },
    });
    const { k } = kind({
      step: async (_step, env) => {
        await env.quiet();
        return { text: 'quiet', at: '', outcome: 'applied', message: '', exchange_ids: [] };
      },
    });
    const { settle: _, ...unsettled } = ctx(sim);
    await runFramed(scenario('', '[{ country: SE }]'), unsettled, k);
    const reads = sim.calls.filter((c) => c.path === '/test_helpers/exchanges/search');
    // The newest exchange read at both ends of one quiet period: the same, so the wait is over.
    expect(reads.map((c) => c.body)).toEqual([
      { orderId: 'o1', limit: 1 },
      { orderId: 'o1', limit: 1 },
    ]);
  });
});

describe('runFramed on a test clock of its own', () => {
  it('makes the clock named after the scenario, binds the order to it, steps on it and deletes it', async () => {
    const long = 'n'.repeat(250);
    const sim = routedSim({
      'POST /test_helpers/test_clocks': { status: 201, body: { clock_id: 'c/1', now: 'C0' } },
      'POST /test_helpers/test_clocks/c%2F1/bindings': { status: 200, body: {} },
      'GET /test_helpers/test_clocks/c%2F1': { status: 200, body: { now: 'C5' } },
      'DELETE /test_helpers/test_clocks/c%2F1': { status: 200, body: {} },
    });
    const text = `name: ${long}\nsteps: [{ country: SE }]\nexpect: [{ order_management: { status: AUTHORIZED } }]\n`;
    const r = await runFramed(parseScenario(text, 'own.yaml'), ctx(sim, true), kind().k);
    expect(sim.calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/test_helpers/test_clocks', { name: 'n'.repeat(200) }],
      ['POST', '/test_helpers/test_clocks/c%2F1/bindings', { order_id: 'o1' }],
      ['GET', '/test_helpers/test_clocks/c%2F1', undefined],
      ['GET', '/test_helpers/test_clocks/c%2F1', undefined],
      ['DELETE', '/test_helpers/test_clocks/c%2F1', undefined],
    ]);
    expect(r).toMatchObject({
      passed: true,
      clock_started_at: 'C0',
      clock_ended_at: 'C5',
      steps: [{ at: 'C5' }],
    });
  });

  it('refuses a file with a back_to_now step before it makes anything', async () => {
    const sim = routedSim({});
    const { k, asked } = kind();
    const r = await runFramed(scenario('', '[{ country: SE }, { back_to_now: null }]'), ctx(sim, true), k);
    // Failed with the reason, nothing made, nothing run, nothing seen.
    const { name, file, passed, error, order_id, duration_ms } = r;
    expect([name, file, passed, error, order_id, duration_ms]).toEqual([
      'frame',
      'dir/frame.yaml',
      false,
      BACK_TO_NOW_PARALLEL,
      null,
      0,
    ]);
    expect([r.clock_started_at, r.clock_ended_at, r.push, r.steps, r.expectations, r.exchanges]).toEqual([
      null,
      null,
      null,
      [],
      [],
      [],
    ]);
    expect(Object.keys(r)).toHaveLength(12);
    expect(sim.calls).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('runFramed when something fails', () => {
  const clocked = (extra: Record<string, Route> = {}) => routedSim({ ...simClockRoutes('manual'), ...extra });

  it('stops at a failed step: its message is the error, the faults go off, the expectations are still judged', async () => {
    const sim = clocked({
      'PUT /test_helpers/checkout/orders/o1/merchant_faults': { status: 200, body: {} },
    });
    const { k, asked } = kind({
      step: async () => {
        throw new Error('address answered 400: no such person');
      },
      faultsOf: (id) => id,
    });
    const r = await runFramed(scenario(), ctx(sim), k);
    expect(r).toMatchObject({
      passed: false,
      error: 'address answered 400: no such person',
      order_id: 'o1',
      steps: [],
      expectations: [{ passed: true }],
    });
    expect(asked).toEqual(['start', 'evidence null', 'evidence o1']);
    expect(sim.calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/test_helpers/checkout/orders/o1/merchant_faults',
      body: { faults: null },
    });
  });

  it('judges on no evidence when nothing was made, and still reads the clock at the end', async () => {
    const sim = clocked();
    const { k, asked } = kind({
      start: async () => {
        throw new Error('creating the order answered 400: bad cart');
      },
    });
    const r = await runFramed(scenario(), ctx(sim), k);
    expect(r).toMatchObject({
      order_id: null,
      error: 'creating the order answered 400: bad cart',
      passed: false,
    });
    expect(r.expectations).toMatchObject([{ passed: false }]);
    expect(r.clock_ended_at).toBe('T1');
    expect(asked).toEqual(['evidence null']);
  });

  it('fails on one expectation that does not hold although every step and the others passed', async () => {
    const text = `name: frame\nsteps: []\nexpect: [{ order_management: { status: AUTHORIZED } }, { order_management: { status: CAPTURED } }]\n`;
    const r = await runFramed(parseScenario(text, 'frame.yaml'), ctx(clocked()), kind().k);
    expect(r).toMatchObject({
      error: null,
      passed: false,
      expectations: [{ passed: true }, { passed: false }],
    });
  });

  it.each([
    [
      'the evidence',
      'evidence',
      'GET /test_helpers/orders answered 500',
      'GET /test_helpers/orders answered 500',
    ],
    [
      'giving the simulator back',
      'restore',
      'PUT /test_helpers/checkout/orders/o1/merchant_faults answered 404: NOT_FOUND no PUT /test_helpers/checkout/orders/o1/merchant_faults',
      'could not restore the simulator: PUT /test_helpers/checkout/orders/o1/merchant_faults answered 404: NOT_FOUND no PUT /test_helpers/checkout/orders/o1/merchant_faults',
    ],
  ])('reports a failure of %s as the error', async (_what, where, message, error) => {
    const { k } = kind({
      evidence: async (id) => {
        if (id && where === 'evidence') throw new Error(message);
        return id ? AUTHORIZED : NOTHING;
      },
      faultsOf: (id) => (where === 'restore' ? id : null),
    });
    const r = await runFramed(scenario(), ctx(clocked()), k);
    expect(r).toMatchObject({ error, passed: false });
  });

  it('keeps the first error when giving the simulator back fails after a failed step', async () => {
    const { k } = kind({
      step: async () => {
        throw new Error('the step failed');
      },
      faultsOf: (id) => id,
    });
    const r = await runFramed(scenario(), ctx(clocked()), k);
    expect(r.error).toBe('the step failed');
  });
});
