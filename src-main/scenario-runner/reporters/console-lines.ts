import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';

/**
 * The console reporter: a heading per scenario, one line per expectation (✓ or ✗, with what was expected
 * and seen when it failed), and a closing count. Always printed.
 */
export function scenarioLines(s: ScenarioResult): string[] {
  const order = s.order_id ? ` · ${s.subject ?? 'order'} ${s.order_id}` : '';
  const n = s.differences?.length ?? 0;
  const differ = n ? ` · ${n} difference${n === 1 ? '' : 's'} from the earlier run` : '';
  const lines = [`${s.passed ? 'PASS' : 'FAIL'} ${s.name} (${s.file})${order}${differ}`];
  if (s.error) lines.push(`  ✗ error: ${s.error}`);
  for (const e of s.expectations) {
    lines.push(
      e.passed ? `  ✓ ${e.text} — ${e.seen}` : `  ✗ ${e.text} — expected ${e.expected}; seen ${e.seen}`,
    );
  }
  for (const d of s.differences ?? []) lines.push(`  ≠ ${d.text}`);
  return lines;
}

/**
 * With --compare: what the run was compared with and what differed, then each scenario the earlier
 * report held that this run did not have.
 */
export function comparisonLines(r: ScenarioReport): string[] {
  const c = r.comparison;
  if (!c) return [];
  const n = r.scenarios.length;
  const plural = (k: number, one: string) => `${k} ${one}${k === 1 ? '' : 's'}`;
  const only = c.only_in_earlier.length ? `, ${c.only_in_earlier.length} only in the earlier report` : '';
  const verdict =
    c.differences === 0
      ? `the merchant did the same in ${plural(n, 'scenario')}`
      : `${plural(c.differences, 'difference')} (${c.scenarios_differing} of ${plural(n, 'scenario')} differ${only})`;
  return [
    `Compared with ${c.earlier} (run ${c.earlier_started_at}): ${verdict}`,
    ...c.only_in_earlier.map((o) => `  ≠ only in the earlier report: ${o.name} (${o.file})`),
  ];
}

export function summaryLine(r: ScenarioReport): string {
  const t = r.totals;
  return (
    `${t.scenarios} scenario${t.scenarios === 1 ? '' : 's'} (${t.scenarios - t.scenarios_failed} passed, ` +
    `${t.scenarios_failed} failed); ${t.expectations} expectation${t.expectations === 1 ? '' : 's'} ` +
    `(${t.expectations - t.expectations_failed} met, ${t.expectations_failed} not met)`
  );
}
