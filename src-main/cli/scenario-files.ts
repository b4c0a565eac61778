import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioSource } from '../scenario-runner/run-scenarios';
import { parseScenario } from '../scenario-runner/scenario-file';

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

/** The files named, a folder standing for its scenario files (sorted); an unreadable one still counts. */
export function scenarioSources(paths: string[]): ScenarioSource[] {
  const files = paths.flatMap((p) => {
    try {
      if (statSync(p).isDirectory())
        return readdirSync(p)
          .filter((f) => SCENARIO_FILE.test(f))
          .sort()
          .map((f) => join(p, f));
    } catch {
      // Not there: reported as that scenario's error below.
    }
    return [p];
  });
  return files.map((file) => {
    try {
      return { file, text: readFileSync(file, 'utf8') };
    } catch (err) {
      return { file, text: '', error: `cannot read ${file}: ${(err as Error).message}` };
    }
  });
}

/** Exit codes of `run` and `validate`, the same for both (docs/scenarios.md). */
export const EXIT = { passed: 0, failed: 1, invalid: 2 } as const;

/** Why a scenario file cannot run (unreadable, not YAML, not a scenario), or null when it can. */
export function fileProblem(src: ScenarioSource): string | null {
  if (src.error) return src.error;
  try {
    parseScenario(src.text, src.file);
    return null;
  } catch (err) {
    return (err as Error).message;
  }
}

/** The invalid files among the sources, each with its problem. */
export function invalidFiles(sources: ScenarioSource[]): { file: string; problem: string }[] {
  return sources.flatMap((s) => {
    const problem = fileProblem(s);
    return problem ? [{ file: s.file, problem }] : [];
  });
}
