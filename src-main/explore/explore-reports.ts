import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ExploreReport } from '@shared/schemas/explore.schema';
import type { ScenarioReport } from '@shared/schemas/scenario-report.schema';
import { renderReport, type ReporterSpec } from '../scenario-runner/reporters/write-reports';

/**
 * An explore report as a scenario run's: one failed scenario per finding (its shrunk journey's run, named
 * after the invariant), so the JUnit and HTML reporters of `checkout-sim run` show findings as CI shows any
 * failed scenario, with the exchanges and the push timeline.
 */
export function asScenarioReport(r: ExploreReport): ScenarioReport {
  const scenarios = r.findings.map((f) => ({
    ...f.result,
    name: `${f.invariant}: ${f.sentence}`,
    file: f.file ?? `explore run ${f.run}`,
  }));
  const expectations = scenarios.flatMap((s) => s.expectations);
  return {
    started_at: r.started_at,
    duration_ms: r.duration_ms,
    api: r.api,
    merchant_url: r.merchant_url,
    console_url: null,
    passed: r.findings.length === 0,
    totals: {
      scenarios: scenarios.length,
      scenarios_failed: scenarios.filter((s) => !s.passed).length,
      expectations: expectations.length,
      expectations_failed: expectations.filter((e) => !e.passed).length,
    },
    scenarios,
  };
}

/** Writes each reporter's file: json the explore report itself, junit and html its findings as scenarios. */
export function writeExploreReports(r: ExploreReport, specs: readonly ReporterSpec[]): void {
  for (const spec of specs) {
    mkdirSync(dirname(spec.file), { recursive: true });
    const text =
      spec.kind === 'json' ? `${JSON.stringify(r, null, 2)}\n` : renderReport(spec.kind, asScenarioReport(r));
    writeFileSync(spec.file, text);
  }
}
