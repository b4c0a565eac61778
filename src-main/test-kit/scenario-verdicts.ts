import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';

/** A run's verdicts as lines (PASS/FAIL with the error, then ✓/✗ each expectation with what was seen), for a failing assertion's message. */
export const verdicts = (r: ScenarioReport): string[] =>
  r.scenarios.flatMap((s) => [
    `${s.passed ? 'PASS' : 'FAIL'} ${s.error ?? ''}`,
    ...s.expectations.map((e) => `${e.passed ? '✓' : '✗'} ${e.text} — seen ${e.seen}`),
  ]);
