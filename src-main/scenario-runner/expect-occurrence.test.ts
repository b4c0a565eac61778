import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioEnv } from '../test-kit/scenario-env';

/*
 * What QA asked for, against a merchant that is slow to validate the first time only: the first pay is
 * denied (validation timed out, and the scenario's order requires its success), the retry completes.
 */

const { env, run } = scenarioEnv();
beforeAll(() => {
  let validations = 0;
  env.merchant.on('/kco/validation', () => ({
    status: 200,
    body: {},
    delayMs: ++validations === 1 ? 2000 : 0,
  }));
});

const auth = `Basic ${Buffer.from('merchant:secret').toString('base64')}`;
const settings = async () =>
  (await (
    await fetch(`${env.sim.urls.api}/test_helpers/settings`, { headers: { authorization: auth } })
  ).json()) as {
    callback_timeout_ms: number;
  };

const SCENARIO = `
name: The first pay is denied (validation timed out), the retry completes
settings: { callback_timeout_ms: 300, require_validate_callback_success: true }
steps:
  - address: { test_person: SE }
  - complete:
  - complete:
expect:
  - callback: { name: validation, occurrence: first, status: timeout }
  - callback: { name: validation, occurrence: 2, status: '200' }
  - callback: { name: validation, occurrence: last, status: 2xx, within: 2s }
  - step: { name: complete, occurrence: first, outcome: denied }
  - step: { name: complete, outcome: completed }
  - step: { name: complete, occurrence: 3, outcome: completed }
  - callback: { name: validation, within: 10s }
  - step: { name: complete, occurrence: every, outcome: completed }
`;

describe('expectations by occurrence, a timed-out callback, scenario-local settings', () => {
  it('judges the first, the nth, the last and every call or step, and says "timed out", never "completed"', async () => {
    const report = await run([{ file: 'retry.yaml', text: SCENARIO }]);
    const s = report.scenarios[0]!;
    expect(s.error).toBeNull();
    const lines = s.expectations.map((e) => `${e.passed ? '✓' : '✗'} ${e.text} — ${e.seen}`);
    expect(lines).toEqual([
      expect.stringMatching(
        /^✓ the first validation timed out \(no answer within the time limit\) — timed out after \d+ ms \(of 2 calls\)$/,
      ),
      expect.stringMatching(/^✓ the 2nd validation answered 200 — 200 in \d+ ms \(of 2 calls\)$/),
      expect.stringMatching(/^✓ the last validation answered 2xx within 2 s — 200 in/),
      '✓ the first complete step denied — outcome denied (all 2: denied, completed)',
      '✓ the complete step completed — outcome completed (all 2: denied, completed)',
      '✗ the 3rd complete step completed — only 2 complete steps, no 3rd',
      expect.stringMatching(
        /^✗ every validation answered 2xx within 10 s — 1 of 2 calls did not: timed out after \d+ ms$/,
      ),
      '✗ every complete step completed — outcomes denied, completed (all 2: denied, completed)',
    ]);
    expect(lines.join('\n')).not.toMatch(/completed in/);
    // The order carried the option, and the simulator has its own time limit back.
    const order = s.exchanges.find((x) => x.kind === 'validation')!;
    expect(JSON.parse(order.request.body!).options).toEqual({ require_validate_callback_success: true });
    expect((await settings()).callback_timeout_ms).toBe(10_000);
  }, 60_000);

  it('refuses require_validate_callback_success with an order the merchant creates', async () => {
    const report = await run([
      {
        file: 'm.yaml',
        text: 'name: m\norder: { from_merchant: [{ path: /checkout }] }\nsettings: { require_validate_callback_success: true }\nsteps: []\nexpect: [{ push_attempts: {} }]\n',
      },
    ]);
    expect(report.scenarios[0]!.error).toBe(
      'm.yaml: settings.require_validate_callback_success (m.yaml:3:48): applies to an order the scenario creates (order.create); with order.from_merchant your server’s create body decides',
    );
  });
});
