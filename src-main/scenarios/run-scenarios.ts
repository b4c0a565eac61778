import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import { runScenario, type ScenarioContext } from './run-scenario';
import { parseScenario } from './scenario-file';
import { simApi, type SimTarget } from './sim-api';

export interface ScenarioSource {
  /** The file name as given (reports name it). */
  file: string;
  text: string;
  /** Why the file could not be read, when it could not. */
  error?: string;
}

export interface RunOptions extends SimTarget {
  merchantUrl: string;
  /** The console of that simulator, for links from the reports; null when it is not kept. */
  consoleUrl: string | null;
  settle?: ScenarioContext['settle'];
  /** Told of each scenario as it finishes (the CLI prints its lines at once). */
  onScenario?: (r: ScenarioResult) => void;
}

/** Runs scenario files one after another against a simulator's public APIs, each on its own order. */
export async function runScenarios(sources: ScenarioSource[], o: RunOptions): Promise<ScenarioReport> {
  const started = Date.now();
  const sim = simApi(o);
  const scenarios: ScenarioResult[] = [];
  for (const src of sources) {
    let result: ScenarioResult;
    try {
      if (src.error) throw new Error(src.error);
      const scenario = parseScenario(src.text, src.file);
      result = await runScenario(scenario, {
        sim,
        merchantUrl: o.merchantUrl,
        file: src.file,
        settle: o.settle,
      });
    } catch (err) {
      result = unrunnable(src.file, (err as Error).message);
    }
    scenarios.push(result);
    o.onScenario?.(result);
  }
  const expectations = scenarios.flatMap((s) => s.expectations);
  const failed = scenarios.filter((s) => !s.passed).length;
  return {
    started_at: new Date(started).toISOString(),
    duration_ms: Date.now() - started,
    api: o.api,
    merchant_url: o.merchantUrl,
    console_url: o.consoleUrl,
    passed: failed === 0,
    totals: {
      scenarios: scenarios.length,
      scenarios_failed: failed,
      expectations: expectations.length,
      expectations_failed: expectations.filter((e) => !e.passed).length,
    },
    scenarios,
  };
}

/** A scenario that could not be run at all (a bad file): failed, with the reason as its error. */
function unrunnable(file: string, error: string): ScenarioResult {
  return {
    name: file.split(/[\\/]/).at(-1) ?? file,
    file,
    order_id: null,
    passed: false,
    error,
    duration_ms: 0,
    clock_started_at: null,
    clock_ended_at: null,
    steps: [],
    expectations: [],
    exchanges: [],
    push: null,
  };
}
