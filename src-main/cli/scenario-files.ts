import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioSource } from '../scenario-runner/run-scenarios';
import { parseScenario } from '../scenario-runner/scenario-file';

const SCENARIO_FILE = /\.(ya?ml|json)$/i;

/**
 * The files named, a folder standing for its scenario files (sorted); an unreadable one still counts, and
 * so does a folder with none: run in CI, a wrong path must fail, never pass with nothing run.
 */
export function scenarioSources(paths: string[]): ScenarioSource[] {
  return paths.flatMap((p): ScenarioSource[] => {
    let inFolder: string[] | null = null;
    try {
      if (statSync(p).isDirectory())
        inFolder = readdirSync(p)
          .filter((f) => SCENARIO_FILE.test(f))
          .sort()
          .map((f) => join(p, f));
    } catch {
      // Not there: reported as that scenario's error below.
    }
    if (inFolder?.length === 0)
      return [
        {
          file: p,
          text: '',
          error: `${p}: no scenario files in this folder (it stands for its .yaml, .yml and .json files)`,
        },
      ];
    return (inFolder ?? [p]).map(read);
  });
}

/** Why a file cannot be read, in one line naming it (not Node's `ENOENT: no such file…, open '…'`). */
function unreadable(file: string, err: NodeJS.ErrnoException): string {
  switch (err.code) {
    case 'ENOENT':
      return `${file}: no such file or folder (check the path; it is read from ${process.cwd()})`;
    case 'EACCES':
    case 'EPERM':
      return `${file}: not readable (permission denied)`;
    case 'EISDIR':
      return `${file}: is a folder`;
    default:
      return `${file}: cannot be read (${err.code ?? err.message})`;
  }
}

function read(file: string): ScenarioSource {
  try {
    return { file, text: readFileSync(file, 'utf8') };
  } catch (err) {
    return { file, text: '', error: unreadable(file, err as NodeJS.ErrnoException) };
  }
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
