import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';

/**
 * The console reporter: a heading per scenario, one line per expectation (✓ or ✗, with what was expected
 * and seen when it failed), and a closing count. Always printed.
 */
export function scenarioLines(s: ScenarioResult): string[] {
  const order = s.order_id ? ` · order ${s.order_id}` : '';
  const lines = [`${s.passed ? 'PASS' : 'FAIL'} ${s.name} (${s.file})${order}`];
  if (s.error) lines.push(`  ✗ error: ${s.error}`);
  for (const e of s.expectations) {
    lines.push(
      e.passed ? `  ✓ ${e.text} — ${e.seen}` : `  ✗ ${e.text} — expected ${e.expected}; seen ${e.seen}`,
    );
  }
  return lines;
}

export function summaryLine(r: ScenarioReport): string {
  const t = r.totals;
  return (
    `${t.scenarios} scenario${t.scenarios === 1 ? '' : 's'} (${t.scenarios - t.scenarios_failed} passed, ` +
    `${t.scenarios_failed} failed); ${t.expectations} expectation${t.expectations === 1 ? '' : 's'} ` +
    `(${t.expectations - t.expectations_failed} met, ${t.expectations_failed} not met)`
  );
}
