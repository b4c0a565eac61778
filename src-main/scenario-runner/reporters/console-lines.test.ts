// The console reporter's lines: the heading (verdict, file, order or session, differences), a line per
// expectation and difference, the comparison's lines and the closing count, in the singular and plural.
import { describe, expect, it } from 'vitest';
import { report, scenario, T0 } from '../compare/test-kit/reports';
import { comparisonLines, scenarioLines, summaryLine } from './console-lines';

describe('a scenario’s lines', () => {
  it('heads with the verdict, the file and the order, then each expectation', () => {
    const s = scenario({
      expectations: [
        { text: 'met', passed: true, expected: 'e1', seen: 's1', exchange_ids: [] },
        { text: 'not met', passed: false, expected: 'e2', seen: 's2', exchange_ids: [] },
      ],
    });
    expect(scenarioLines(s)).toEqual([
      'PASS Push acknowledged (scenarios/push.yaml) · order o-1',
      '  ✓ met — s1',
      '  ✗ not met — expected e2; seen s2',
    ]);
  });

  it('names a session as a session, leaves out a missing order, and counts differences', () => {
    expect(scenarioLines(scenario({ subject: 'session', order_id: 's-1', passed: false }))).toEqual([
      'FAIL Push acknowledged (scenarios/push.yaml) · session s-1',
    ]);
    expect(scenarioLines(scenario({ order_id: null, error: 'no order' }))).toEqual([
      'PASS Push acknowledged (scenarios/push.yaml)',
      '  ✗ error: no order',
    ]);
    const one = scenario({ differences: [{ text: 'push answered 500, was 200' }] as never });
    expect(scenarioLines(one)).toEqual([
      'PASS Push acknowledged (scenarios/push.yaml) · order o-1 · 1 difference from the earlier run',
      '  ≠ push answered 500, was 200',
    ]);
    const two = scenario({ differences: [{ text: 'a' }, { text: 'b' }] as never });
    expect(scenarioLines(two)[0]).toBe(
      'PASS Push acknowledged (scenarios/push.yaml) · order o-1 · 2 differences from the earlier run',
    );
    expect(scenarioLines(scenario({ differences: [] }))[0]).toBe(
      'PASS Push acknowledged (scenarios/push.yaml) · order o-1',
    );
  });
});

describe('the comparison’s lines', () => {
  const comparison = (
    differences: number,
    differing: number,
    only: { file: string; name: string }[] = [],
  ) => ({
    earlier: 'reports/before.json',
    earlier_started_at: T0,
    differences,
    scenarios_differing: differing,
    ignored: [],
    only_in_earlier: only,
  });

  it('says the merchant did the same, or how much differed and where', () => {
    expect(comparisonLines(report([scenario({})], { comparison: comparison(0, 0) }))).toEqual([
      `Compared with reports/before.json (run ${T0}): the merchant did the same in 1 scenario`,
    ]);
    expect(comparisonLines(report([scenario({}), scenario({})], { comparison: comparison(1, 1) }))).toEqual([
      `Compared with reports/before.json (run ${T0}): 1 difference (1 of 2 scenarios differ)`,
    ]);
    const gone = [
      { file: 'scenarios/a.yaml', name: 'A' },
      { file: 'scenarios/b.yaml', name: 'B' },
    ];
    expect(comparisonLines(report([scenario({})], { comparison: comparison(3, 1, gone) }))).toEqual([
      `Compared with reports/before.json (run ${T0}): 3 differences (1 of 1 scenario differ, 2 only in the earlier report)`,
      '  ≠ only in the earlier report: A (scenarios/a.yaml)',
      '  ≠ only in the earlier report: B (scenarios/b.yaml)',
    ]);
    expect(comparisonLines(report([]))).toEqual([]);
  });
});

describe('the closing count', () => {
  it('in the singular and the plural', () => {
    const totals = (scenarios: number, failed: number, expectations: number, notMet: number) =>
      report([], {
        totals: { scenarios, scenarios_failed: failed, expectations, expectations_failed: notMet },
      });
    expect(summaryLine(totals(1, 0, 1, 0))).toBe(
      '1 scenario (1 passed, 0 failed); 1 expectation (1 met, 0 not met)',
    );
    expect(summaryLine(totals(3, 1, 5, 2))).toBe(
      '3 scenarios (2 passed, 1 failed); 5 expectations (3 met, 2 not met)',
    );
    expect(summaryLine(totals(0, 0, 0, 0))).toBe(
      '0 scenarios (0 passed, 0 failed); 0 expectations (0 met, 0 not met)',
    );
  });
});
