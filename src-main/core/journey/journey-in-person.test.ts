import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootedSim, SIM_CREDENTIALS } from '../../test-kit/booted-sim';
import { sampleSession } from '../../test-kit/ipp-elements-kit';
import { runOn } from '../../test-kit/scenario-env';
import { parseScenario } from '../../scenario-runner/scenario-file';
import { verdicts } from '../../test-kit/scenario-verdicts';

/*
 * An in-person session driven by hand (the merchant's till through /ipp/v1, the customer at the terminal
 * through the automation API, the clock moved between them) saved as a scenario file, which passes when
 * it runs again (issue #27 points 1 and 2).
 */

let sim: Awaited<ReturnType<typeof bootedSim>>;
beforeAll(async () => {
  sim = await bootedSim();
  await api('PUT', '/test_helpers/clock', { mode: 'manual' });
});
afterAll(() => sim?.close());

const auth = `Basic ${Buffer.from(`${SIM_CREDENTIALS.username}:${SIM_CREDENTIALS.password}`).toString('base64')}`;
async function api<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(sim.urls.api + path, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, `${method} ${path}: ${text}`).toBeLessThan(300);
  return (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
}
const advance = (seconds: number) => api('POST', '/test_helpers/clock/advance', { seconds });
const act = (id: string, action: string, body?: unknown) =>
  api('POST', `/test_helpers/ipp/sessions/${id}/${action}`, body);

/** A session sent to a new device (a till's create body, with a reference), its id. */
async function started(name: string): Promise<string> {
  const device = await api<{ id: string }>('POST', '/test_helpers/ipp/devices', {
    name,
    platform: 'ios',
    location_id: 'store-7',
  });
  const s = await api<{ session_id: string }>(
    'POST',
    '/ipp/v1/sessions',
    sampleSession(device.id, { merchant_reference1: 'TILL-1042' }),
  );
  return s.session_id;
}

const exported = (id: string) => api<string>('GET', `/test_helpers/checkout/orders/${id}/scenario`);
const rerun = (yaml: string) => runOn(sim, [{ file: 'saved.yaml', text: yaml }]);

describe('an in-person session saved as a scenario reproduces (issue #27 points 1 and 2)', () => {
  it('paid after two wrong PINs: the device, the body, the terminal steps, the clock moves, the order it became', async () => {
    const id = await started('Counter 3');
    await advance(20);
    await act(id, 'wrong_pin');
    await advance(40);
    await act(id, 'wrong_pin');
    await act(id, 'tap_card');
    const yaml = await exported(id);
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=\.\.\/docs\/scenario\.schema\.json\n/);
    expect(yaml).not.toContain(SIM_CREDENTIALS.password);
    expect(yaml).toMatch(/# seen: FINALIZED at \+1m by terminal\.tap_card/);
    // No merchant to name: the till's part is the runner's own.
    expect(yaml).toMatch(/^# Saved from what the simulator recorded; run it with: checkout-sim run FILE\n/m);
    const s = parseScenario(yaml, 'saved.yaml');
    expect(s.in_person).toEqual({
      device: { name: 'Counter 3', platform: 'ios', location_id: 'store-7' },
      session: (({ device_id: _d, ...body }) => body)(
        sampleSession('x', { merchant_reference1: 'TILL-1042' }),
      ),
    });
    expect(s.steps).toEqual([
      { advance: '20s' },
      { terminal: 'wrong_pin' },
      { terminal: 'wrong_pin' },
      { advance: '40s' },
      { terminal: 'tap_card' },
    ]);
    expect(s.expect).toEqual([
      {
        session: {
          status: 'FINALIZED',
          cause: 'terminal.tap_card',
          history: ['CREATED', 'ACTIVE', 'FINALIZED'],
        },
      },
      { push_attempts: { at_most: 0 } },
      {
        order_management: {
          status: 'AUTHORIZED',
          fraud_status: 'ACCEPTED',
          merchant_reference1: 'TILL-1042',
        },
      },
      { no_violations: true },
    ]);
    const again = await rerun(yaml);
    expect(again.passed, verdicts(again).join('\n')).toBe(true);
    // Changed by hand to a declined card, the same file fails, naming the expectation.
    const changed = await rerun(
      yaml.replace('- terminal: tap_card', '- terminal: { decline: insufficient funds }'),
    );
    expect(changed.scenarios[0]!.expectations.filter((e) => !e.passed).map((e) => e.seen)).toContain(
      'status FAILED, by terminal.decline, through CREATED → ACTIVE → FAILED',
    );
  }, 60_000);

  it('declined with a reason, walked away from, cancelled by the till, expired: each passes again', async () => {
    const declined = await started('Counter 4');
    await advance(5);
    await act(declined, 'decline', { reason: 'insufficient funds' });
    const walked = await started('Counter 5');
    await act(walked, 'walk_away');
    const cancelled = await started('Counter 6');
    await advance(90);
    await api('PUT', `/ipp/v1/sessions/${cancelled}/cancel`);
    const expired = await started('Counter 7');
    await act(expired, 'wrong_pin');
    await advance(600);
    const files = await Promise.all([declined, walked, cancelled, expired].map(exported));
    const parsed = files.map((f) => parseScenario(f, 'saved.yaml'));
    expect(parsed.map((s) => s.steps)).toEqual([
      [{ advance: '5s' }, { terminal: { decline: 'insufficient funds' } }],
      [{ terminal: 'walk_away' }],
      [{ advance: '1m' }, { advance: '30s' }, { cancel: null }],
      [{ terminal: 'wrong_pin' }, { advance: '5m' }],
    ]);
    expect(parsed.map((s) => s.expect[0])).toEqual([
      {
        session: {
          status: 'FAILED',
          cause: 'terminal.decline',
          history: ['CREATED', 'ACTIVE', 'FAILED'],
          failure_reason: 'insufficient funds',
        },
      },
      {
        session: {
          status: 'CANCELLED',
          cause: 'terminal.walk_away',
          history: ['CREATED', 'ACTIVE', 'CANCELLED'],
        },
      },
      { session: { status: 'CANCELLED', cause: 'api.cancel', history: ['CREATED', 'CANCELLED'] } },
      { session: { status: 'EXPIRED', cause: 'clock.expiry', history: ['CREATED', 'ACTIVE', 'EXPIRED'] } },
    ]);
    for (const yaml of files) {
      const again = await rerun(yaml);
      expect(again.passed, verdicts(again).join('\n')).toBe(true);
    }
  }, 90_000);
});
