import { describe, expect, it } from 'vitest';
import type { Difference } from '@shared/schemas/scenario-compare.schema';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { compareReports, differs } from './compare-reports';
import { exchange, push, report, scenario } from './test-kit/reports';

/*
 * Each kind of difference `checkout-sim run --compare` records, as the JSON report carries it (kind, text,
 * the exchange and both ids, both values), and how scenarios and the run's own strings are matched
 * (docs/scenarios.md, "Comparing two runs").
 */

const compare = (a: ScenarioReport, b: ScenarioReport) =>
  compareReports(a, b, { earlierFile: 'earlier.json', ignore: [] });
const differencesOf = (earlier: Partial<ScenarioResult>, now: Partial<ScenarioResult>) =>
  compare(report([scenario(earlier)]), report([scenario(now)])).scenarios[0]!.differences;

const noAnswer = {
  status: null,
  outcome: 'timeout',
  response: { headers: {}, body: '[no answer: timeout]' },
};
const pushes = (n: number) =>
  push({ attempts: [120_000, 420_000].slice(0, n).map((ms) => ({ ms, status: 200 })), ackMs: null });
/** Push attempt 2 made in one run only: `added` when this run made it. */
const pushAttemptRow = (
  change: 'added' | 'removed',
): [string, Partial<ScenarioResult>, Partial<ScenarioResult>, Difference[]] => {
  const added = change === 'added';
  const [run, other] = added ? ['this', 'the earlier'] : ['the earlier', 'this'];
  return [
    `a push attempt made in ${run} run only`,
    { push: pushes(added ? 1 : 2) },
    { push: pushes(added ? 2 : 1) },
    [
      {
        kind: `push_attempt_${change}`,
        text: `push attempt 2: made in ${run} run (+7 min after the completion, 200 delivered), not in ${other} one`,
        exchange: 'push #2',
        [added ? 'exchange_id' : 'earlier_exchange_id']: 'push_2',
        [added ? 'after' : 'before']: { number: 2, status: 200, outcome: 'delivered' },
      },
    ],
  ];
};

describe('the differences of one scenario, as the report records them', () => {
  it.each<[string, Partial<ScenarioResult>, Partial<ScenarioResult>, Difference[]]>([
    [
      'an exchange of a kind made in this run only',
      {},
      { exchanges: [exchange({ kind: 'ordermanagement.read', direction: 'in', id: 'b1' })] },
      [
        {
          kind: 'exchange_added',
          text: 'ordermanagement.read #1: made in this run (200), not in the earlier one',
          exchange: 'ordermanagement.read #1',
          exchange_id: 'b1',
        },
      ],
    ],
    [
      'an exchange of a kind made in the earlier run only',
      {
        exchanges: [
          exchange({ kind: 'ordermanagement.acknowledge', direction: 'in', status: 204, id: 'a1' }),
        ],
      },
      {},
      [
        {
          kind: 'exchange_removed',
          text: 'ordermanagement.acknowledge #1: in the earlier run (204), not in this one',
          exchange: 'ordermanagement.acknowledge #1',
          earlier_exchange_id: 'a1',
        },
      ],
    ],
    [
      'a status and an outcome that had none',
      { exchanges: [exchange({ kind: 'validation', id: 'a1', outcome: null })] },
      { exchanges: [exchange({ kind: 'validation', id: 'b1', status: 400, outcome: 'rejected' })] },
      [
        {
          kind: 'status',
          text: 'validation #1: status 200 → 400',
          exchange: 'validation #1',
          exchange_id: 'b1',
          earlier_exchange_id: 'a1',
          before: 200,
          after: 400,
        },
        {
          kind: 'outcome',
          text: 'validation #1: outcome (none) → rejected',
          exchange: 'validation #1',
          exchange_id: 'b1',
          earlier_exchange_id: 'a1',
          before: null,
          after: 'rejected',
        },
      ],
    ],
    [
      'an outcome this run has none of',
      { exchanges: [exchange({ kind: 'validation', id: 'a1', outcome: 'rejected' })] },
      { exchanges: [exchange({ kind: 'validation', id: 'b1', outcome: null })] },
      [
        {
          kind: 'outcome',
          text: 'validation #1: outcome rejected → (none)',
          exchange: 'validation #1',
          exchange_id: 'b1',
          earlier_exchange_id: 'a1',
          before: 'rejected',
          after: null,
        },
      ],
    ],
    pushAttemptRow('added'),
    pushAttemptRow('removed'),
    [
      'an acknowledgement in this run only',
      { push: push({ attempts: [], ackMs: null }) },
      { push: push({ attempts: [], ackMs: 120_000 }) },
      [
        {
          kind: 'acknowledged',
          text: 'acknowledged +2 min after the completion; not acknowledged in the earlier run',
          before: null,
          after: 120_000,
        },
      ],
    ],
    [
      'nothing for a replay made from the console in one run only',
      { exchanges: [exchange({ kind: 'validation' })] },
      {
        exchanges: [
          exchange({ kind: 'validation' }),
          exchange({ kind: 'validation', replay_of: 'ex_1', status: 500, outcome: 'failed' }),
        ],
      },
      [],
    ],
    [
      'nothing for the simulator’s own answer to a call the merchant made',
      { exchanges: [exchange({ kind: 'ordermanagement.read', direction: 'in' }, { status: 'AUTHORIZED' })] },
      { exchanges: [exchange({ kind: 'ordermanagement.read', direction: 'in' }, { status: 'CAPTURED' })] },
      [],
    ],
    [
      'only the status and outcome of a callback the earlier run had no answer to',
      { exchanges: [exchange({ kind: 'validation', id: 'a1', ...noAnswer })] },
      { exchanges: [exchange({ kind: 'validation', id: 'b1' }, { ok: true })] },
      [
        expect.objectContaining({ kind: 'status', text: 'validation #1: status no answer → 200' }),
        expect.objectContaining({ kind: 'outcome', text: 'validation #1: outcome timeout → applied' }),
      ],
    ],
  ])('%s', (_, earlier, now, want) => {
    expect(differencesOf(earlier, now)).toEqual(want);
  });
});

describe('what a run made anew, read as its placeholder', () => {
  const runs = [1, 2].map((n) => ({
    order: `o-${n}`,
    place: {
      api: `http://127.0.0.1:4${n}01`,
      merchant_url: `http://127.0.0.1:4${n}02`,
      console_url: `http://127.0.0.1:4${n}03`,
    },
  }));
  const runWith = (n: 0 | 1, field: (r: (typeof runs)[0]) => string, tail: string) =>
    report(
      [
        scenario({
          order_id: runs[n]!.order,
          exchanges: [
            exchange({ kind: 'validation' }, { same: field(runs[n]!), other: `${field(runs[n]!)}/${tail}` }),
          ],
        }),
      ],
      runs[n]!.place,
    );

  it.each<[string, (r: (typeof runs)[0]) => string]>([
    ['{order_id}', (r) => r.order],
    ['{api}', (r) => r.place.api],
    ['{merchant_url}', (r) => r.place.merchant_url],
    ['{console_url}', (r) => r.place.console_url],
  ])('%s: equal when only it differs, and shown as it in a field that changed', (placeholder, field) => {
    const r = compare(runWith(0, field, 'a'), runWith(1, field, 'b'));
    expect(r.scenarios[0]!.differences!.map((d) => d.text)).toEqual([
      `validation #1: callbacks.validation.body.other changed: "${placeholder}/a" → "${placeholder}/b"`,
    ]);
  });
});

describe('scenarios matched by file and name', () => {
  it.each([
    ['scenarios\\push.yaml', []],
    ['./scenarios/push.yaml', []],
    ['././scenarios/push.yaml', []],
    ['.\\scenarios\\push.yaml', []],
    ['other/push.yaml', [{ kind: 'scenario_new', text: 'not in the earlier report' }]],
  ])('%s, same name as scenarios/push.yaml earlier: %j', (file, want) => {
    const r = compare(report([scenario({})]), report([scenario({ file })]));
    expect(r.scenarios[0]!.differences).toEqual(want);
    expect(r.comparison!.only_in_earlier).toHaveLength(want.length);
  });

  it('a report not compared with another differs from nothing', () => {
    expect(differs(report([scenario({})]))).toBe(false);
  });
});
