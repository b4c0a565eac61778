import type { ScenarioReport, ScenarioResult } from '@shared/schemas/scenario-report.schema';
import type { Scenario } from '@shared/schemas/scenario.schema';
import { runInPerson } from './run-in-person';
import { refused, type ScenarioContext } from './run-frame';
import { runScenario } from './run-scenario';
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
  /** The merchant of a file that names none (`merchant_url`): the sample shop, or `--merchant-url`. */
  merchantUrl: string;
  /** `--merchant-url` was given: it overrides a file's own `merchant_url`. */
  merchantOverride?: boolean;
  /** The console of that simulator, for links from the reports; null when it is not kept. */
  consoleUrl: string | null;
  settle?: ScenarioContext['settle'];
  /** Told of each scenario as it finishes (the CLI prints its lines at once). */
  onScenario?: (r: ScenarioResult) => void;
  /**
   * How many scenarios run at once (default 1). Above 1 each runs on a test clock of its own, so one
   * advancing 48 hours does not expire another's order; at 1 they take the simulator clock in turn.
   */
  parallel?: number;
  /**
   * Each scenario on a test clock of its own even one at a time (the console's runs), so the simulator
   * clock is left exactly where it was found; a file with a back_to_now step, which is about the simulator
   * clock, still runs on it.
   */
  ownClock?: boolean;
}

/** The merchant a scenario runs against: `--merchant-url` when given, else the file's own, else the default. */
export function merchantOf(
  scenario: Pick<Scenario, 'merchant_url'>,
  o: Pick<RunOptions, 'merchantUrl' | 'merchantOverride'>,
): string {
  return (!o.merchantOverride && scenario.merchant_url?.replace(/\/+$/, '')) || o.merchantUrl;
}

/**
 * Runs scenario files against a simulator's public APIs, each on its own order: one after another, or
 * `parallel` at a time each on its own test clock. The report lists them in the files' order either way.
 */
export async function runScenarios(sources: ScenarioSource[], o: RunOptions): Promise<ScenarioReport> {
  const started = Date.now();
  const sim = simApi(o);
  const width = Math.max(1, Math.floor(o.parallel ?? 1));
  const scenarios: ScenarioResult[] = new Array<ScenarioResult>(sources.length);
  const gate = new AloneGate();
  const runOne = async (src: ScenarioSource): Promise<ScenarioResult> => {
    try {
      if (src.error) throw new Error(src.error);
      const scenario = parseScenario(src.text, src.file);
      // Settings are the whole simulator's: a scenario with its own runs with no other beside it.
      const alone = scenario.settings !== undefined && Object.keys(scenario.settings).length > 0;
      await gate.enter(alone);
      try {
        return await (scenario.in_person ? runInPerson : runScenario)(scenario, {
          sim,
          merchantUrl: merchantOf(scenario, o),
          ...(o.fetch ? { fetch: o.fetch } : {}),
          file: src.file,
          settle: o.settle,
          ownClock: width > 1 || (o.ownClock === true && !scenario.steps.some((st) => 'back_to_now' in st)),
        });
      } finally {
        gate.leave(alone);
      }
    } catch (err) {
      return unrunnable(src.file, (err as Error).message);
    }
  };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < sources.length) {
      const i = next++;
      scenarios[i] = await runOne(sources[i]!);
      o.onScenario?.(scenarios[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(width, sources.length) }, worker));
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

/** A scenario that could not be run at all (a bad file): failed, named after its file, the reason as its error. */
const unrunnable = (file: string, error: string): ScenarioResult =>
  refused(file.split(/[\\/]/).at(-1) ?? file, file, error);

/**
 * Lets scenarios run side by side, except one that must run alone (it changes simulator-wide settings):
 * it waits for those running to finish, and none starts beside it. Once one waits to run alone, no other
 * starts before it.
 */
export class AloneGate {
  private running = 0;
  private alone = false;
  private waitingAlone = 0;
  private waiters: (() => void)[] = [];

  async enter(alone: boolean): Promise<void> {
    if (alone) this.waitingAlone++;
    while (alone ? this.running > 0 : this.alone || this.waitingAlone > 0) {
      await new Promise<void>((wake) => this.waiters.push(wake));
    }
    if (alone) {
      this.waitingAlone--;
      this.alone = true;
    }
    this.running++;
  }

  leave(alone: boolean): void {
    this.running--;
    if (alone) this.alone = false;
    for (const wake of this.waiters.splice(0)) wake();
  }
}
