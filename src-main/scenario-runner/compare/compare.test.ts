import { describe, expect, it } from 'vitest';
import { parseAnswerPath, type AnswerPath } from '@shared/rules/compare-path';
import { ScenarioReportSchema } from '@shared/schemas/scenario-report.schema';
import { parseScenario } from '../scenario-file';
import { compareReports, differs } from './compare-reports';
import { exchange, push, report, scenario } from './test-kit/reports';

const path = (text: string) => parseAnswerPath(text) as AnswerPath;
const compare = (
  a: Parameters<typeof compareReports>[0],
  b: Parameters<typeof compareReports>[1],
  ignore: string[] = [],
) =>
  compareReports(a, b, {
    earlierFile: 'earlier.json',
    ignore: ignore.map((text) => ({ text, path: path(text) })),
  });
const texts = (r: ReturnType<typeof compare>, i = 0) => r.scenarios[i]!.differences!.map((d) => d.text);

const cart = (shippingName: string, extra: Record<string, unknown> = {}) => ({
  order_amount: 4331,
  order_lines: [
    { type: 'physical', reference: 'tea-towel', total_amount: 1790 },
    { type: 'shipping_fee', reference: 'express', name: shippingName, total_amount: 1290 },
  ],
  ...extra,
});

describe('comparing two runs of a scenario', () => {
  it('finds nothing when the merchant did the same, whatever the ids, the log’s times and the ports', () => {
    const a = report([
      scenario({
        exchanges: [
          exchange(
            { kind: 'address_update', id: 'a1' },
            cart('DHL Express', { confirmation: 'http://127.0.0.1:2/c?order_id=o-1' }),
          ),
          exchange({ kind: 'ordermanagement.acknowledge', direction: 'in', status: 204, id: 'a2' }),
        ],
        push: push({ attempts: [{ ms: 120_000, status: 200 }], ackMs: 120_000 }),
      }),
    ]);
    const b = report(
      [
        scenario({
          order_id: 'o-2',
          exchanges: [
            exchange(
              { kind: 'address_update', id: 'b1', at: '2027-05-05T00:00:00.000Z', duration_ms: 900 },
              cart('DHL Express', { confirmation: 'http://127.0.0.1:9/c?order_id=o-2' }),
            ),
            exchange({ kind: 'ordermanagement.acknowledge', direction: 'in', status: 204, id: 'b2' }),
          ],
          push: push({ attempts: [{ ms: 120_000, status: 200 }], ackMs: 120_000 }),
        }),
      ],
      { merchant_url: 'http://127.0.0.1:9', started_at: '2027-05-05T00:00:00.000Z' },
    );
    const r = compare(a, b);
    expect(r.scenarios[0]!.differences).toEqual([]);
    expect(differs(r)).toBe(false);
    expect(r.comparison).toMatchObject({ earlier: 'earlier.json', scenarios_differing: 0, differences: 0 });
    expect(() => ScenarioReportSchema.parse(r)).not.toThrow();
  });

  it('names a status, an outcome and each field of an answer that changed, with both values and the path', () => {
    const a = report([
      scenario({
        exchanges: [exchange({ kind: 'shipping_option_update', id: 'a1' }, cart('DHL Express', { old: 1 }))],
      }),
    ]);
    const b = report([
      scenario({
        exchanges: [
          exchange(
            { kind: 'shipping_option_update', id: 'b1', status: 400, outcome: 'rejected' },
            cart('UPS Express', { added: [1] }),
          ),
        ],
      }),
    ]);
    const r = compare(a, b);
    expect(texts(r)).toEqual([
      'shipping_option_update #1: status 200 → 400',
      'shipping_option_update #1: outcome applied → rejected',
      'shipping_option_update #1: callbacks.shipping_option_update.body.order_lines[1].name changed: "DHL Express" → "UPS Express"',
      'shipping_option_update #1: callbacks.shipping_option_update.body.added added: [1]',
      'shipping_option_update #1: callbacks.shipping_option_update.body.old removed (was 1)',
    ]);
    expect(r.scenarios[0]!.differences![2]).toEqual({
      kind: 'answer_field',
      text: expect.any(String),
      exchange: 'shipping_option_update #1',
      exchange_id: 'b1',
      earlier_exchange_id: 'a1',
      path: 'callbacks.shipping_option_update.body.order_lines[1].name',
      change: 'changed',
      before: 'DHL Express',
      after: 'UPS Express',
    });
    expect(r.comparison).toMatchObject({ scenarios_differing: 1, differences: 5 });
  });

  it('ignores the paths given, on the command line and per scenario file, wildcards included', () => {
    const answer = (n: number) => ({
      order_number: `SHOP-${n}`,
      lines: [{ at: `t${n}` }, { at: `u${n}` }],
      same: 1,
    });
    const a = report([scenario({ exchanges: [exchange({ kind: 'push' }, answer(1))] })]);
    const b = report([scenario({ exchanges: [exchange({ kind: 'push' }, answer(2))] })]);
    expect(texts(compare(a, b))).toHaveLength(3);
    expect(
      texts(compare(a, b, ['callbacks.push.body.order_number', 'callbacks.*.body.lines[*].at'])),
    ).toEqual([]);
    const perFile = compareReports(a, b, {
      earlierFile: 'e.json',
      ignore: [{ text: 'callbacks.push.body.lines', path: path('callbacks.push.body.lines') }],
      ignoreOf: (file) => (file === 'scenarios/push.yaml' ? [path('callbacks.push.body.order_number')] : []),
    });
    expect(perFile.scenarios[0]!.differences).toEqual([]);
    expect(texts(compare(a, b, ['callbacks.validation.body.order_number']))).toHaveLength(3);
  });

  it('tells an acknowledgement earlier or later by how much, relative to the completion, or missing', () => {
    const run = (ackMs: number | null) =>
      report([scenario({ push: push({ attempts: [{ ms: 120_000, status: 200 }], ackMs }) })]);
    expect(texts(compare(run(120_000), run(420_000)))).toEqual([
      'acknowledged 5 min later: +7 min after the completion (was +2 min after the completion)',
    ]);
    expect(texts(compare(run(420_000), run(0)))).toEqual([
      'acknowledged 7 min earlier: +0 ms after the completion (was +7 min after the completion)',
    ]);
    const missing = compare(run(120_000), run(null));
    expect(texts(missing)).toEqual([
      'not acknowledged; acknowledged +2 min after the completion in the earlier run',
    ]);
    expect(missing.scenarios[0]!.differences![0]).toMatchObject({
      kind: 'acknowledged',
      before: 120_000,
      after: null,
    });
  });

  it('tells an extra or a missing push attempt once, with its time and answer, not as an extra exchange', () => {
    const one = report([
      scenario({
        exchanges: [exchange({ kind: 'push', id: 'a1' })],
        push: push({ attempts: [{ ms: 120_000, status: 200 }], ackMs: 130_000 }),
      }),
    ]);
    const two = report([
      scenario({
        exchanges: [
          exchange({ kind: 'push', id: 'b1', status: 500, outcome: 'bad_status' }),
          exchange({ kind: 'push', id: 'b2' }),
        ],
        push: push({
          attempts: [
            { ms: 120_000, status: 500 },
            { ms: 420_000, status: 200 },
          ],
          ackMs: 430_000,
        }),
      }),
    ]);
    expect(texts(compare(one, two))).toEqual([
      'push #1: status 200 → 500',
      'push #1: outcome applied → bad_status',
      'push attempt 2: made in this run (+7 min after the completion, 200 delivered), not in the earlier one',
      'acknowledged 5 min later: +7 min 10 s after the completion (was +2 min 10 s after the completion)',
    ]);
    expect(texts(compare(two, one))).toContain(
      'push attempt 2: made in the earlier run (+7 min after the completion, 200 delivered), not in this one',
    );
  });

  it('matches exchanges by kind and occurrence, naming one made in one run only', () => {
    const a = report([
      scenario({
        exchanges: [
          exchange({ kind: 'address_update' }),
          exchange({ kind: 'ordermanagement.acknowledge', direction: 'in', status: 204 }),
        ],
      }),
    ]);
    const b = report([
      scenario({
        exchanges: [
          exchange({ kind: 'address_update' }),
          exchange({ kind: 'address_update', status: 500, outcome: 'failed' }),
        ],
      }),
    ]);
    expect(texts(compare(a, b))).toEqual([
      'address_update #2: made in this run (500), not in the earlier one',
      'ordermanagement.acknowledge #1: in the earlier run (204), not in this one',
    ]);
  });

  it('matches scenarios by file and name: one new in this run, one only in the earlier report', () => {
    const a = report([scenario({}), scenario({ name: 'Gone', file: 'scenarios/gone.yaml' })]);
    const b = report([scenario({ file: './scenarios/push.yaml' }), scenario({ name: 'Fresh' })]);
    const r = compare(a, b);
    expect(r.scenarios[0]!.differences).toEqual([]);
    expect(texts(r, 1)).toEqual(['not in the earlier report']);
    expect(r.comparison!.only_in_earlier).toEqual([{ file: 'scenarios/gone.yaml', name: 'Gone' }]);
    expect(r.comparison).toMatchObject({ scenarios_differing: 1, differences: 2 });
    expect(differs(r)).toBe(true);
  });

  it('compares an answer that is not JSON as its text, and never the note of a call without an answer', () => {
    const a = report([
      scenario({ exchanges: [exchange({ kind: 'validation', response: { headers: {}, body: 'ok' } })] }),
    ]);
    const b = report([
      scenario({ exchanges: [exchange({ kind: 'validation', response: { headers: {}, body: 'fine' } })] }),
    ]);
    expect(texts(compare(a, b))).toEqual(['validation #1: callbacks.validation.body changed: "ok" → "fine"']);
    const timeout = report([
      scenario({
        exchanges: [
          exchange({
            kind: 'validation',
            status: null,
            outcome: 'timeout',
            response: { headers: {}, body: '[no answer: timeout]' },
          }),
        ],
      }),
    ]);
    expect(texts(compare(a, timeout))).toEqual([
      'validation #1: status 200 → no answer',
      'validation #1: outcome applied → timeout',
    ]);
  });
});

describe('compare.ignore in a scenario file', () => {
  const file = (ignore: string) =>
    `name: x\nsteps: []\nexpect: [{ push_attempts: {} }]\ncompare:\n  ignore:\n    - ${ignore}\n`;

  it('is read like the rest of the file, and each path is checked strictly, naming its place', () => {
    expect(parseScenario(file('callbacks.push.body.order_number'), 'a.yaml').compare).toEqual({
      ignore: ['callbacks.push.body.order_number'],
    });
    expect(() => parseScenario(file('callbacks.pish.body.order_number'), 'a.yaml')).toThrow(
      /^a\.yaml: compare\.ignore\[0\] \(a\.yaml:6:7\): "pish" is not a callback \(did you mean push\?\)/,
    );
    expect(() => parseScenario(file('order_number'), 'a.yaml')).toThrow(
      'a.yaml: compare.ignore[0] (a.yaml:6:7): must start callbacks.CALLBACK.body',
    );
    expect(() =>
      parseScenario(
        'name: x\nsteps: []\nexpect: [{ push_attempts: {} }]\ncompare: { ignor: [] }\n',
        'a.yaml',
      ),
    ).toThrow('a.yaml: compare.ignor (a.yaml:4:12): not a known field (did you mean ignore?)');
  });
});
