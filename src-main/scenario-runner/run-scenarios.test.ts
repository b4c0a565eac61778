// Running scenario files (run-scenarios.ts) against a routed simulator: the report's order, totals and
// fields, a file that cannot be run reported as a failed scenario named after it, which clock each
// scenario takes (the simulator's, or a test clock of its own with --parallel or the console's ownClock),
// and which merchant it runs against. The frame and the steps: run-frame.test.ts, run-scenario.test.ts.
import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '@shared/schemas/scenario-report.schema';
import {
  clockMoveRoutes,
  ownClockRoutes,
  routedMerchant,
  routedSim,
  simClockRoutes,
} from '../test-kit/routed-sim';
import { runScenarios, type ScenarioSource } from './run-scenarios';

const sim = () =>
  routedSim({
    ...simClockRoutes('manual'),
    'POST /checkout/v3/orders': { status: 201, body: { order_id: 'o1' } },
    'GET /test_helpers/orders/o1': { status: 200, body: { order: { status: 'AUTHORIZED' } } },
    'GET /test_helpers/exchanges?order_id=o1': { status: 200, body: { exchanges: [] } },
    'POST /test_helpers/exchanges/search': { status: 200, body: { exchanges: [] } },
    ...clockMoveRoutes(),
    ...ownClockRoutes(),
    'GET /test_helpers/settings': { status: 200, body: { callback_timeout_ms: 10_000 } },
    'PUT /test_helpers/settings': { status: 200, body: {} },
  });

/** A scenario file: its name, its steps and its expectation (the order authorized, by default). */
const file = (name: string, o: { steps?: string; expect?: string; head?: string } = {}): ScenarioSource => ({
  file: `dir/${name}.yaml`,
  text: `name: ${name}\n${o.head ?? ''}steps: ${o.steps ?? '[]'}\nexpect: [${o.expect ?? '{ order_management: { status: AUTHORIZED } }'}]\n`,
});

async function run(sources: ScenarioSource[], o: Partial<Parameters<typeof runScenarios>[1]> = {}) {
  const s = sim();
  const merchant = routedMerchant({ 'GET /account': { status: 200, body: 'ok' } });
  const told: string[] = [];
  const report = await runScenarios(sources, {
    ...s.target,
    fetch: merchant.fetch,
    merchantUrl: merchant.base,
    consoleUrl: 'http://console.test',
    settle: { quietMs: 1, maxMs: 0 },
    onScenario: (r: ScenarioResult) => told.push(r.name),
    ...o,
  });
  return { report, s, merchant, told };
}

describe('runScenarios: the report', () => {
  it('lists the files in their order, one that cannot be run as a failed scenario named after the file', async () => {
    const before = Date.now();
    const { report, told } = await run([
      file('ok'),
      { file: 'dir\\gone.yaml', text: '', error: 'ENOENT: no such file' },
      { file: 'a/dir/bad.yaml', text: 'name: bad\nsteps: []\nexpect: []\n' },
      file('unmet', {
        expect: '{ order_management: { status: CAPTURED } }, { order_management: { status: AUTHORIZED } }',
      }),
    ]);
    expect(report.scenarios.map((r) => [r.name, r.file, r.passed, r.order_id])).toEqual([
      ['ok', 'dir/ok.yaml', true, 'o1'],
      ['gone.yaml', 'dir\\gone.yaml', false, null],
      ['bad.yaml', 'a/dir/bad.yaml', false, null],
      ['unmet', 'dir/unmet.yaml', false, 'o1'],
    ]);
    expect(report.scenarios[1]!.error).toBe('ENOENT: no such file');
    expect(report.scenarios[2]!.error).toMatch(/must hold at least one expectation/);
    expect(told).toEqual(['ok', 'gone.yaml', 'bad.yaml', 'unmet']);
    expect(report).toMatchObject({
      api: 'http://sim.test',
      merchant_url: 'http://shop.test',
      console_url: 'http://console.test',
      passed: false,
      totals: { scenarios: 4, scenarios_failed: 3, expectations: 3, expectations_failed: 1 },
    });
    expect(Date.parse(report.started_at)).toBeGreaterThanOrEqual(before - 1);
    expect(report.duration_ms).toBeGreaterThanOrEqual(0);
    expect(report.duration_ms).toBeLessThanOrEqual(Date.now() - before);
  });

  it('passes when every scenario passed', async () => {
    // Nobody to tell of each scenario as it finishes (the CLI's --quiet): the run is the same.
    const { report, told } = await run([file('a'), file('b')], { onScenario: undefined });
    expect(report).toMatchObject({ passed: true, totals: { scenarios: 2, scenarios_failed: 0 } });
    expect(told).toEqual([]);
  });

  it('runs an in-person file as a session', async () => {
    const { report } = await run([
      {
        file: 'ipp.yaml',
        text: 'name: ipp\nin_person: { device_id: d1, session: { order_amount: 100, order_tax_amount: 0, purchase_currency: SEK, order_items: [{ name: A, quantity: 1, unit_price: 100, tax_rate: 0, total_amount: 100, total_tax_amount: 0 }] } }\nsteps: []\nexpect: [{ push_attempts: { at_most: 0 } }]\n',
      },
    ]);
    // No route answers POST /ipp/v1/sessions: the in-person runner says so.
    expect(report.scenarios[0]).toMatchObject({
      subject: 'session',
      error: 'creating the session answered 404: NOT_FOUND no POST /ipp/v1/sessions',
    });
  });
});

describe('runScenarios: the clock each scenario takes', () => {
  const backToNow = file('back', { steps: '[{ back_to_now: null }]' });
  it.each([
    ['one at a time', [file('a'), file('b')], {}, 0],
    ['--parallel 2', [file('a'), file('b')], { parallel: 2 }, 2],
    ['a parallel below 1, as 1', [file('a'), file('b')], { parallel: 0.5 }, 0],
    ['the console’s ownClock', [file('a'), file('b')], { ownClock: true }, 2],
    [
      'the console’s ownClock, a back_to_now file on the simulator clock',
      [file('a'), backToNow],
      { ownClock: true },
      1,
    ],
  ])('%s', async (_what, sources, o, ownClocks) => {
    const { report, s } = await run(sources, o);
    expect(report.passed).toBe(true);
    expect(s.lines().filter((l) => l === 'POST /test_helpers/test_clocks')).toHaveLength(ownClocks);
    expect(s.lines().filter((l) => l === 'PUT /test_helpers/clock')).toHaveLength(sources.length - ownClocks);
  });

  it('refuses a back_to_now file with --parallel, and runs the others', async () => {
    const { report } = await run([file('a'), file('back', { steps: '[{ back_to_now: null }]' })], {
      parallel: 2,
    });
    expect(report.scenarios.map((r) => r.passed)).toEqual([true, false]);
    expect(report.scenarios[1]!.error).toMatch(/^steps: back_to_now brings the simulator clock back/);
  });
});

describe('runScenarios: side by side, or alone', () => {
  const settings = file('settings', { head: 'settings: { callback_timeout_ms: 500 }\n' });
  const noSettings = file('none', { head: 'settings: {}\n' });
  /** Where in the calls the first scenario's evidence was read, and where the last order was created. */
  const overlap = (lines: string[]) => ({
    firstDone: lines.indexOf('GET /test_helpers/exchanges?order_id=o1'),
    lastCreated: lines.lastIndexOf('POST /checkout/v3/orders'),
  });
  it.each([
    ['two without settings run side by side', [file('a'), noSettings], 2, true],
    ['one with settings runs alone, the next after it', [settings, file('b')], 2, false],
    ['one with settings waits for those running', [file('a'), settings], 2, false],
    ['one at a time without --parallel', [file('a'), file('b')], 1, false],
  ])('%s', async (_what, sources, parallel, together) => {
    const { report, s } = await run(sources, { parallel });
    expect(report.passed).toBe(true);
    const { firstDone, lastCreated } = overlap(s.lines());
    expect(lastCreated < firstDone).toBe(together);
  });
});

describe('runScenarios: the merchant', () => {
  it.each([
    ['the default', '', {}, 'http://shop.test'],
    [
      'the file’s own, its trailing slash dropped',
      'merchant_url: http://file.test//\n',
      {},
      'http://file.test',
    ],
    [
      '--merchant-url over the file’s',
      'merchant_url: http://file.test\n',
      { merchantOverride: true },
      'http://shop.test',
    ],
  ])('gives the order the merchant_urls of %s', async (_what, head, o, base) => {
    const { s } = await run([file('m', { head })], o);
    const created = s.calls.find((c) => c.path === '/checkout/v3/orders')?.body as {
      merchant_urls: Record<string, string>;
    };
    expect(
      Object.values(created.merchant_urls).every(
        (u) => u.startsWith(`${base}/`) && !u.startsWith(`${base}//`),
      ),
    ).toBe(true);
  });

  it('opens the merchant’s pages through the fetch it was given', async () => {
    const { report, merchant } = await run([file('page', { steps: '[{ merchant: { path: /account } }]' })]);
    expect(report.scenarios[0]!.error).toBeNull();
    expect(merchant.seen).toEqual(['GET /account']);
  });
});
