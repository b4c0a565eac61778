import type { AnswerPath } from '@shared/rules/compare-path';
import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import type { Volatile } from './answer-diff';
import { compareScenario } from './compare-scenario';

export interface CompareOptions {
  /** The earlier report's file, as the comparison names it. */
  earlierFile: string;
  /** Paths not compared in any scenario (--ignore), as written and as read. */
  ignore: { text: string; path: AnswerPath }[];
  /** A scenario file's own ignore paths (`compare.ignore`). */
  ignoreOf?: (file: string) => readonly AnswerPath[];
  /**
   * The file as both reports are matched on (default: slashes one way, no leading `./`), so a file named
   * by its absolute path in one run and relatively in the other is the same scenario.
   */
  fileKey?: (file: string) => string;
}

const defaultKey = (file: string) => file.replace(/\\/g, '/').replace(/^(\.\/)+/, '');

/** Where a run ran: the addresses its answers may echo. */
type RunPlace = Pick<ScenarioReport, 'api' | 'merchant_url' | 'console_url'>;

/** The strings a run made anew that its answers may echo: its order id and the addresses of that run. */
function volatileOf(run: RunPlace, s: ScenarioResult): Volatile {
  const out: Volatile = [];
  if (s.order_id) out.push([s.order_id, '{order_id}']);
  out.push([run.merchant_url, '{merchant_url}'], [run.api, '{api}']);
  if (run.console_url) out.push([run.console_url, '{console_url}']);
  return out;
}

/**
 * A comparison with an earlier report: each scenario of this run as it finishes (the CLI prints its
 * differences with its lines), then the whole report.
 */
export function comparer(earlier: ScenarioReport, o: CompareOptions) {
  const key = o.fileKey ?? defaultKey;
  const id = (s: { file: string; name: string }) => `${key(s.file)}\u0000${s.name}`;
  const before = new Map(earlier.scenarios.map((s) => [id(s), s]));
  /** The scenario with its differences from the earlier run of it (matched by file and name). */
  const scenario = (s: ScenarioResult, run: RunPlace): ScenarioResult => {
    const e = before.get(id(s));
    if (!e) return { ...s, differences: [{ kind: 'scenario_new', text: 'not in the earlier report' }] };
    const ignore = [...o.ignore.map((i) => i.path), ...(o.ignoreOf?.(s.file) ?? [])];
    const differences = compareScenario(
      { scenario: e, volatile: volatileOf(earlier, e) },
      { scenario: s, volatile: volatileOf(run, s) },
      ignore,
    );
    return { ...s, differences };
  };
  /**
   * The report with each scenario's differences and the comparison: what was compared with, how many
   * differ, the scenarios of the earlier report not run now.
   */
  const report = (now: ScenarioReport): ScenarioReport => {
    const scenarios = now.scenarios.map((s) => scenario(s, now));
    const ran = new Set(now.scenarios.map(id));
    const onlyInEarlier = earlier.scenarios
      .filter((s) => !ran.has(id(s)))
      .map((s) => ({ file: s.file, name: s.name }));
    const differing = scenarios.filter((s) => s.differences!.length > 0);
    return {
      ...now,
      scenarios,
      comparison: {
        earlier: o.earlierFile,
        earlier_started_at: earlier.started_at,
        ignored: o.ignore.map((i) => i.text),
        scenarios_differing: differing.length,
        differences: differing.reduce((n, s) => n + s.differences!.length, 0) + onlyInEarlier.length,
        only_in_earlier: onlyInEarlier,
      },
    };
  };
  return { scenario, report };
}

/** The report compared with an earlier one: see comparer. */
export const compareReports = (earlier: ScenarioReport, now: ScenarioReport, o: CompareOptions) =>
  comparer(earlier, o).report(now);

/** Whether a compared report found anything the merchant did differently. */
export const differs = (r: ScenarioReport) => (r.comparison?.differences ?? 0) > 0;
